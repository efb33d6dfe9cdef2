// The four built-in game packs and the accessors the rulesets read their numbers through.
// They are used as imported, not parsed again at every start: zod's first parse of them cost more
// than checking a character, and the CEL engine need not load to check one. builtin.test.ts runs
// the full validator on each and requires it to change nothing, so a broken built-in pack fails there.
import type { Location, RulesetId } from '../../model/ids';
import { LOCATIONS } from '../../model/ids';
import type { SkillDef } from '../../rulesets/types';
import type { GamePack } from '../schema';
import bgMagicJson from './bg-magic.pack.json';
import curiousPastimesJson from './curious-pastimes.pack.json';
import fortunesLandingJson from './fortunes-landing.pack.json';
import novitasJson from './novitas.pack.json';

// JSON imports are typed loosely (a "published": false is a boolean), hence the casts.
export const BUILTIN_PACKS: Readonly<Record<RulesetId, GamePack>> = {
  novitas: novitasJson as unknown as GamePack,
  'fortunes-landing': fortunesLandingJson as unknown as GamePack,
  'curious-pastimes': curiousPastimesJson as unknown as GamePack,
  'bg-magic': bgMagicJson as unknown as GamePack,
};

/** A rule number of a built-in pack; throws when the pack lacks it (a bug here, not in a file). */
export function packNumber(game: RulesetId, key: string): number {
  const found = BUILTIN_PACKS[game].numbers[key];
  if (found === undefined) throw new Error(`the built-in ${game} pack has no number "${key}"`);
  return found.value;
}

/** A row of a table of a built-in pack. */
export function packTable(game: RulesetId, table: string): Record<string, number> {
  const found = BUILTIN_PACKS[game].tables?.[table];
  if (found === undefined) throw new Error(`the built-in ${game} pack has no table "${table}"`);
  return Object.fromEntries(Object.entries(found.rows).map(([key, row]) => [key, row.value]));
}

/** Armour points by class id, lightest first. */
export function packArmourPoints(game: RulesetId): Record<string, number> {
  const points: Record<string, number> = {};
  for (const c of BUILTIN_PACKS[game].armour?.classes ?? []) {
    if (c.points === undefined) throw new Error(`the built-in ${game} pack gives armour class "${c.id}" no points`);
    points[c.id] = c.points.value;
  }
  return points;
}

/** Armour class ids, lightest first. */
export function packArmourClasses(game: RulesetId): string[] {
  return (BUILTIN_PACKS[game].armour?.classes ?? []).map((c) => c.id);
}

/** The body's locations, as the character file's location ids. */
export function packLocations(game: RulesetId): Location[] {
  const locations = BUILTIN_PACKS[game].body.locations.value;
  for (const loc of locations) if (!(LOCATIONS as readonly string[]).includes(loc)) throw new Error(`the built-in ${game} pack has location "${loc}", which the character file does not know`);
  return locations as Location[];
}

/** Hits on every location, when the pack gives one number for all. */
export function packBaseHits(game: RulesetId): number {
  const hits = BUILTIN_PACKS[game].body.hits;
  if (hits === undefined || !('value' in hits) || typeof hits.value !== 'number') throw new Error(`the built-in ${game} pack gives no one number of hits for every location`);
  return hits.value;
}

/** The skill catalogue in English, as the rulesets and the editor use it. */
export function packSkills(game: RulesetId): SkillDef[] {
  return BUILTIN_PACKS[game].skills.map((s) => ({
    id: s.id,
    name: s.names.en,
    ...(s.maxLevel !== undefined ? { maxLevel: s.maxLevel.value } : {}),
    ...(s.descriptions !== undefined ? { description: s.descriptions.en } : {}),
  }));
}

/** The Bulgarian name and description of each catalogue skill that has them. */
export function packSkillsBg(game: RulesetId): Record<string, { name: string; description: string }> {
  const out: Record<string, { name: string; description: string }> = {};
  for (const s of BUILTIN_PACKS[game].skills) if (s.names.bg !== undefined && s.descriptions?.bg !== undefined) out[s.id] = { name: s.names.bg, description: s.descriptions.bg };
  return out;
}
