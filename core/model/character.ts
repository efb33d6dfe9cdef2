// The character file format v2 as a zod schema. Every object is "loose": fields this version does
// not know survive a load/save round trip untouched. v2 adds a stable `id` to every item (so its
// card keeps its serial when other items come and go), the character's `status` and a `history`.
import * as z from 'zod';
import { PACK_ID_PATTERN, packId, packVersion } from '../packs/schema';
import { upgradeV1Character } from '../format/migrate';
import { plainText } from './plain-text';
import { CHARACTER_STATUSES, CURRENT_VERSION, POINTS_KINDS, FILE_FORMAT, LOCATIONS, RULESET_IDS, WEAPON_KINDS } from './ids';

const text = (max: number) => z.string().max(max);
const shortText = text(200);
const longText = text(20_000);
const count = z.number().int().min(0).max(1_000);

export const skillSchema = z.looseObject({
  id: text(100).min(1),
  level: z.number().int().min(0).max(100).default(1),
  /** Display name, for custom skills a game team adds. */
  name: shortText.optional(),
});

export const armourSchema = z.looseObject({
  name: shortText,
  type: text(50),
  locations: z.array(z.enum(LOCATIONS)).max(LOCATIONS.length),
  /** Curious Pastimes: head armour counts only as a helmet. */
  helmet: z.boolean().optional(),
  /** Fortune's Landing: costume / replica armour (costs 1.5x). */
  costume: z.boolean().optional(),
});

export const weaponSchema = z.looseObject({
  name: shortText,
  kind: z.enum(WEAPON_KINDS),
  lengthCm: z.number().min(0).max(1_000).optional(),
  decorative: z.boolean().optional(),
  /** Fortune's Landing: an ultra-light weapon (costs 1.5x). Absent means not ultra-light. */
  ultraLight: z.boolean().optional(),
});

export const itemSchema = z.looseObject({
  /** Stable for the item's life (v2): the key of its card serial, and what the desk's ledger names. */
  id: z.uuid(),
  name: shortText,
  kind: text(50),
  text: longText.default(''),
  expires: shortText.optional(),
  game: shortText.optional(),
  serial: shortText.optional(),
});

export const fortunesLandingSchema = z.looseObject({
  /** The areas the player averages armour over (the rest are left out and filled in on the tag). */
  armourAreas: z.array(z.enum(LOCATIONS)).max(LOCATIONS.length).optional(),
});

export const curiousPastimesSchema = z.looseObject({
  /** Spell-card allotment: so many cards of a Rank and Sphere for a Day of the event. */
  spellCards: z
    .array(
      z.looseObject({
        sphere: shortText.min(1),
        rank: z.number().int().min(1).max(10),
        day: shortText.min(1),
        count: count,
      }),
    )
    .max(1_000)
    .optional(),
});

export const novitasSchema = z.looseObject({
  /**
   * Item sources of power points. The skill's points are the Power Points skill's level (in
   * `skills`), never a number here: files that held both are migrated (core/format/migrate.ts).
   */
  sources: z
    .array(z.looseObject({ name: shortText, points: count, breaksCap: z.boolean().default(false) }))
    .max(200)
    .default([]),
  spells: z.array(z.looseObject({ name: shortText.min(1), level: z.number().int().min(0).max(100) })).max(1_000).default([]),
  reductions: z
    .array(
      z.looseObject({
        name: shortText,
        amount: z.number().int().min(0).max(100),
        /** Spell names it applies to; absent means every spell. */
        spells: z.array(shortText).max(1_000).optional(),
        stacks: z.boolean().optional(),
        allowsZero: z.boolean().optional(),
      }),
    )
    .max(200)
    .default([]),
  plan: z.array(z.looseObject({ spell: shortText, times: z.number().int().min(1).max(1_000) })).max(1_000).default([]),
});

export const bgMagicSchema = z.looseObject({
  path: z.enum(['battle', 'role']),
  entitlement: z.enum(['metal', 'leather', 'none']),
  school: shortText.optional(),
  order: shortText.optional(),
  style: z.enum(['conjurer', 'witcher']).optional(),
});

/**
 * One record of the character's play: a death, a return, Tiles of Fate cards, a retirement. Loose:
 * the event desk defines the kinds (docs/desk.md); `event` names the event it happened at.
 */
export const historyEntrySchema = z.looseObject({
  kind: text(50).min(1),
  at: z.union([z.iso.datetime({ offset: true }), z.iso.date()]),
  event: shortText.optional(),
});

/**
 * One line of the character's points record (docs/file-format.md, docs/season.md § Points): when,
 * how many, why. `points` is signed: starting points, awards and refunds add; spends and losses
 * take away, so the balance is the sum. Records the desk makes carry the event's id and the ledger
 * entry's id, so settling the ledger again changes nothing; `eventDate` (the event's start date)
 * names the year an award counts in.
 */
export const pointsRecordSchema = z
  .looseObject({
    at: z.union([z.iso.datetime({ offset: true }), z.iso.date()]),
    kind: z.enum(POINTS_KINDS),
    points: z.number().int().min(-10_000).max(10_000),
    why: text(2_000),
    event: shortText.optional(),
    eventId: z.uuid().optional(),
    eventDate: z.iso.date().optional(),
    entry: z.uuid().optional(),
    /** The pack's award rule (`advancement.awards[].id`) an award was made by. */
    rule: text(100).optional(),
    skill: text(100).optional(),
  })
  .refine((r) => (r.kind === 'spend' || r.kind === 'loss' ? r.points <= 0 : r.points >= 0), {
    message: 'points must be 0 or below for a spend or a loss, 0 or above for a start, an award or a refund',
    path: ['points'],
  });

/** The file's object schema (version 2 only): what the JSON Schema is made from. */
export const characterObjectSchema = z.looseObject({
  format: z.literal(FILE_FORMAT),
  version: z.literal(CURRENT_VERSION),
  id: z.uuid(),
  /**
   * The game: a built-in game's id, or any game pack's id (docs/game-packs.md); a pack's game is
   * checked, edited and printed when its pack is loaded (core/rulesets/games.ts).
   */
  ruleset: z
    .union([
      z.enum(RULESET_IDS),
      z.string().regex(PACK_ID_PATTERN, `a game: one of ${RULESET_IDS.map((r) => `"${r}"`).join(', ')}, or a game pack's id (1 to 64 lower-case letters, digits and hyphens)`),
    ])
    .describe(`The game: one of ${RULESET_IDS.join(', ')}, or the id of a game pack (docs/game-packs.md).`),
  /** The names are shown on terminals and cards: no control characters (core/model/plain-text.ts). */
  name: plainText(200),
  player: plainText(200).default(''),
  notes: longText.default(''),
  skills: z.array(skillSchema).max(2_000).default([]),
  armour: z.array(armourSchema).max(200).default([]),
  weapons: z.array(weaponSchema).max(200).default([]),
  items: z.array(itemSchema).max(2_000).default([]),
  fortunesLanding: fortunesLandingSchema.optional(),
  curiousPastimes: curiousPastimesSchema.optional(),
  novitas: novitasSchema.optional(),
  bgMagic: bgMagicSchema.optional(),
  /** Absent means active. A dead or retired character opens read-only, with the reason. */
  status: z.enum(CHARACTER_STATUSES).optional(),
  statusReason: text(2_000).optional(),
  history: z.array(historyEntrySchema).max(2_000).optional(),
  /** The points record: starting points, awards, spends, refunds and losses (the balance is the sum). */
  points: z.array(pointsRecordSchema).max(5_000).optional(),
  /**
   * The game pack the character was last saved under, by the editor (docs/game-packs.md): opened
   * under a newer version of the pack, the editor says so. Absent in files saved before packs.
   */
  pack: z.strictObject({ id: packId, version: packVersion }).optional(),
});

/**
 * The character schema the code parses with (saves, the editor, tests): version 2, where a version 1
 * object (as older code builds them) is upgraded first as the file migration does it, and an item
 * made in code without an id gets the one the migration would give it, so it is saved with one.
 * Files are read with the strict `characterObjectSchema` by the versioned loader
 * (core/format/load.ts), which migrates every older version step by step.
 */
export const characterSchema = z.preprocess((raw) => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const version = (raw as { version?: unknown }).version;
  if (version === 1) return upgradeV1Character(raw as Record<string, unknown>);
  if (version === CURRENT_VERSION && Array.isArray((raw as { items?: unknown }).items) && (raw as { items: unknown[] }).items.some((i) => i !== null && typeof i === 'object' && !('id' in i))) {
    return upgradeV1Character(raw as Record<string, unknown>);
  }
  return raw;
}, characterObjectSchema);

export type Character = z.infer<typeof characterObjectSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type PointsRecord = z.infer<typeof pointsRecordSchema>;
export type Skill = z.infer<typeof skillSchema>;
export type ArmourPiece = z.infer<typeof armourSchema>;
export type Weapon = z.infer<typeof weaponSchema>;
export type Item = z.infer<typeof itemSchema>;
export type NovitasSheet = z.infer<typeof novitasSchema>;
export type BgMagicSheet = z.infer<typeof bgMagicSchema>;
