// The game pack format: one JSON file per game and version holding what is data in that game (its
// names, skill catalogue, the numbers of its rules, its advancement and its source). This zod schema
// is the one definition; assets/schema/game-pack.v1.json is generated from it (`npm run schema:pack`).
// What zod cannot say (references between parts, CEL expressions) is checked by ./validate.ts.
// docs/game-packs.md describes the format for a game team.
import * as z from 'zod';

export const PACK_FORMAT = 'quartermaster-game-pack';
export const PACK_FORMAT_VERSION = 1;
export const PACK_FILE_SUFFIX = '.pack.json';
/** A CEL expression longer than this is refused: prerequisites and cost formulas are one line. */
export const MAX_EXPRESSION_CHARS = 500;

/** An id in a pack, and a game's id: what a character file's `ruleset` may name (core/model/character.ts). */
export const PACK_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

const id = z
  .string()
  .regex(PACK_ID_PATTERN, 'an id is 1 to 64 lower-case letters, digits and hyphens, starting with a letter or digit');
/** A game's id and a pack's version, as a character file names the pack it was saved under (core/model/character.ts). */
export const packId = id;
export const packVersion = z.string().regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}$/, 'a version is major.minor.patch, e.g. 1.2.0');

const words = (max: number) => z.string().trim().min(1).max(max);

/** A name or text in English and, optionally, Bulgarian. */
const names = z.object({ en: words(200), bg: words(200).optional() }).strict();
const descriptions = z.object({ en: words(2000), bg: words(2000).optional() }).strict();

/** Where a value comes from: "rules-file.txt § Section", or the address of a published page. */
const source = words(500);

/** A value with the words of the rule text it comes from. */
function quoted<T extends z.ZodType>(value: T) {
  return z.object({ value, quote: words(2000), source }).strict();
}
const quotedNumber = quoted(z.number().finite());
const quotedCount = quoted(z.number().int().min(0));

/** A CEL expression (https://cel.dev): type-checked when the pack is loaded, never run as JavaScript. */
const expression = z.string().trim().min(1).max(MAX_EXPRESSION_CHARS, `an expression is at most ${MAX_EXPRESSION_CHARS} characters`);

const cost = z.union([
  z.object({ perLevel: z.array(z.number().int().min(0)).min(1).max(100) }).strict(),
  z.object({ formula: expression }).strict(),
]);

const skill = z
  .object({
    id,
    names,
    descriptions: descriptions.optional(),
    /** The highest level the rules allow, with the words that say so; absent: no limit. */
    maxLevel: quotedCount.optional(),
    /** A group id from the pack's `groups`. */
    group: id.optional(),
    /** A CEL expression over `levels` (every catalogue skill's level, 0 when not held) that must be true. */
    requires: z.object({ expression, words: names }).strict().optional(),
    /** Skill ids that cannot be held with this one. */
    excludes: z.array(id).max(100).optional(),
    /** The heaviest armour class (an id from `armour.classes`) holding this skill allows. */
    allowsArmour: id.optional(),
    /** What the skill costs (only where the pack's `costs` says costs are published). */
    cost: cost.optional(),
  })
  .strict();

const costs = z.discriminatedUnion('published', [
  z.object({ published: z.literal(true), unit: names, quote: words(2000), source }).strict(),
  z.object({ published: z.literal(false), reason: words(2000) }).strict(),
]);

const armourClass = z.object({ id, names, points: quotedNumber.optional() }).strict();

const award = z.object({ id, names, points: quotedCount, times: quotedCount.optional() }).strict();

const advancement = z.discriminatedUnion('published', [
  z
    .object({
      published: z.literal(true),
      startingPoints: quotedCount,
      awards: z.array(award).max(50),
      caps: z.record(id, quotedCount).optional(),
      death: z
        .object({
          /** Points taken off a new character's starting total for each death. */
          startingPointsLost: quotedCount.optional(),
          /** Whether unspent points are lost when the character dies or retires. */
          unspentPointsLost: quoted(z.boolean()).optional(),
        })
        .strict(),
    })
    .strict(),
  z.object({ published: z.literal(false), reason: words(2000) }).strict(),
]);

export const gamePackSchema = z
  .object({
    format: z.literal(PACK_FORMAT),
    formatVersion: z.literal(PACK_FORMAT_VERSION),
    /** The game's id; packs with the same id are versions of one game. */
    id,
    /** The pack's version, "major.minor.patch": the newest of one id is used. */
    version: packVersion,
    /** The built-in engine that reads this pack's numbers (absent: a game of data only). */
    engine: z.enum(['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic']).optional(),
    names,
    source: z
      .object({
        title: words(300),
        edition: words(200),
        /** Where the rule text is published: an address, a book, a file. */
        published: words(500),
        /** The rule text file the quotes come from, when there is one. */
        file: words(200).optional(),
      })
      .strict(),
    body: z
      .object({
        /** The hit locations; `reading` instead of a quote where the rule text names none. */
        locations: z.union([
          quoted(z.array(id).min(1).max(20)),
          z.object({ value: z.array(id).min(1).max(20), reading: words(2000) }).strict(),
        ]),
        /** Hits on every location, or on each. */
        hits: z.union([quotedCount, z.record(id, quotedCount)]).optional(),
      })
      .strict(),
    groups: z.array(z.object({ id, names }).strict()).max(100).optional(),
    skills: z.array(skill).max(1000),
    costs,
    armour: z.object({ classes: z.array(armourClass).max(20), quote: words(2000), source }).strict().nullable(),
    /** The numbers of the rules (caps, times, multipliers), by id. */
    numbers: z.record(id, quotedNumber),
    /** Tables of numbers, by id: each row keyed by an id. */
    tables: z.record(id, z.object({ names, rows: z.record(id, quotedNumber) }).strict()).optional(),
    /** Kinds of card, tag and slip the game prints or hands out. */
    cards: z.array(z.object({ id, names, quote: words(2000), source }).strict()).max(50),
    advancement,
  })
  .strict();

export type GamePack = z.infer<typeof gamePackSchema>;
export type PackSkill = GamePack['skills'][number];
export type Quoted<T> = { value: T; quote: string; source: string };
export type Names = z.infer<typeof names>;
