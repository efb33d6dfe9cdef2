// Points spent per character for the export (./export-csv.ts): what its skills cost under its game's
// pack (core/packs/budget.ts), where the pack publishes costs; null where it does not (no built-in
// game does today) or where the pack's own cost formula fails. Loaded only for an export: it brings
// the CEL engine.
import { computeBudget } from '../packs/budget';
import { BUILTIN_PACKS } from '../packs/builtin/index';
import type { GamePack } from '../packs/schema';
import type { DeskCharacter } from './characters';

/** By file: the points each readable character's skills cost under `packs` (default: the built-in ones). */
export function pointsSpent(characters: readonly DeskCharacter[], packs: Readonly<Record<string, GamePack>> = BUILTIN_PACKS): (file: string) => number | null {
  const byFile = new Map(characters.map((c) => [c.file, c]));
  return (file) => {
    const c = byFile.get(file);
    if (!c?.readable) return null;
    const pack = packs[c.character.ruleset];
    if (!pack) return null;
    try {
      return computeBudget(pack, { skills: c.character.skills.map((s) => ({ id: s.id, level: s.level })) }).spent;
    } catch {
      return null;
    }
  };
}
