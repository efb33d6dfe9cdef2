// Migrations from older character file versions to the current one, applied on load.
// Version 0 is the pre-release draft format: `system` instead of `ruleset`, and skills as a map
// from skill id to level. Version 1 items had no ids: version 2 gives each one, made from the
// character's id and the item's place in the list, so two copies of a file migrate alike.
// See docs/file-format.md.

import { uuidFromText } from './uuid';
import type { Migration, Raw } from './versioned';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The id a version 1 item gets: deterministic from the character id and the item's index. */
export function migratedItemId(characterId: string, index: number): string {
  return uuidFromText(`quartermaster-item|${characterId.toLowerCase()}|${index}`);
}

/**
 * Version 1 -> 2: every item gets an id. An item that already had an `id` field (unknown to v1)
 * keeps it when it is a UUID; any other value is kept as `v1Id` so nothing is lost.
 */
export function upgradeV1Character(raw: Raw): Raw {
  const out: Raw = { ...raw, version: 2 };
  const characterId = typeof raw.id === 'string' ? raw.id : '';
  if (Array.isArray(raw.items) && characterId) {
    const taken = new Set<string>();
    out.items = raw.items.map((item, index) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
      const { id, ...rest } = item as Raw;
      if (typeof id === 'string' && UUID.test(id) && !taken.has(id.toLowerCase())) {
        taken.add(id.toLowerCase());
        return { id, ...rest };
      }
      const made = migratedItemId(characterId, index);
      taken.add(made);
      return id === undefined ? { id: made, ...rest } : { id: made, ...rest, v1Id: id };
    });
  }
  return out;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    migrate(raw) {
      const { system, skills, ...rest } = raw;
      const out: Raw = { ...rest, version: 1 };
      if (!('ruleset' in raw)) out.ruleset = system;
      if (skills && typeof skills === 'object' && !Array.isArray(skills)) {
        out.skills = Object.entries(skills as Record<string, unknown>).map(([id, level]) => ({ id, level }));
      } else if (skills !== undefined) {
        out.skills = skills;
      }
      return out;
    },
  },
  { from: 1, to: 2, migrate: upgradeV1Character },
];

/** The highest level a skill may have in the file format (core/model/character.ts). */
const SKILL_LEVEL_MAX = 100;

/**
 * Novitas power points have one source: the Power Points skill's level ("Power points are a skill
 * characters can learn, and some items can provide extra power points as well"). Files written
 * before kept a second number, `novitas.powerPoints`. It moves into the skill: with no skill it
 * becomes the skill's level; equal to the skill it is dropped; different from the skill, the skill
 * counts and the old number is written into the notes, so nothing the player typed is lost. Item
 * `sources` (ordinary and break-cap) are untouched. A value that is not a level (not a whole number
 * 0-100) is left where it is for the player to see. Running it twice changes nothing.
 */
export function upgradeCharacter(raw: Raw): Raw {
  const block = raw.novitas;
  if (block === null || typeof block !== 'object' || Array.isArray(block) || !('powerPoints' in block)) return raw;
  const { powerPoints, ...rest } = block as Raw;
  if (typeof powerPoints !== 'number' || !Number.isInteger(powerPoints) || powerPoints < 0 || powerPoints > SKILL_LEVEL_MAX) return raw;
  const out: Raw = { ...raw, novitas: rest };
  const skills = Array.isArray(raw.skills) ? (raw.skills as unknown[]) : [];
  const at = skills.findIndex((s) => s !== null && typeof s === 'object' && (s as Raw).id === 'power-points');
  if (at < 0) {
    if (powerPoints > 0) out.skills = [...skills, { id: 'power-points', level: powerPoints }];
    return out;
  }
  const level = (skills[at] as Raw).level ?? 1;
  if (level !== powerPoints) {
    const note = `Power points: this file's spellcasting pool counted ${powerPoints} points from the Power Points skill while the skill was at level ${String(level)}; the skill's level now counts.`;
    const notes = typeof raw.notes === 'string' && raw.notes !== '' ? `${raw.notes}\n\n${note}` : note;
    out.notes = notes;
  }
  return out;
}
