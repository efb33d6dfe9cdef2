// One character file's check result, as `quartermaster check --json` prints it and the desk uses it.
import type { LoadResult } from '../format/load';
import type { GameId } from '../model/ids';
import { isBuiltinRuleset } from '../model/ids';
import { noPackMessage, RULESETS } from '../rulesets/index';
import type { Derived, Ruleset } from '../rulesets/types';

/**
 * The ruleset of a game id, given the game packs loaded (core/rulesets/games.ts resolveGame over
 * them); null when no pack of that game is loaded. Without one, only the four built-in games are known.
 */
export type GameRulesets = (id: string) => Ruleset | null;

const builtinOnly: GameRulesets = (id) => (isBuiltinRuleset(id) ? RULESETS[id] : null);

export type CheckProblem = { code: string; message: string; path: string };

export type CheckEntry = {
  file: string;
  /** False when the file has any error, rule or file. */
  ok: boolean;
  /** False when the file could not be read, parsed or validated. */
  readable: boolean;
  ruleset: GameId | null;
  name: string | null;
  player: string | null;
  errors: CheckProblem[];
  warnings: CheckProblem[];
  derived: Derived | null;
};

/**
 * The entry for a loaded (or refused) file. Takes the load result rather than bytes: the caller reads
 * and loads the file (core/format/load.ts, the one loader of character files).
 */
export function checkLoaded(loaded: LoadResult, file: string, games: GameRulesets = builtinOnly): CheckEntry {
  if (!loaded.ok) return unreadable(file, `file.${loaded.problem.code}`, loaded.problem.message, loaded.problem.field ?? '');
  const { character } = loaded;
  const ruleset = games(character.ruleset);
  // Nothing to check against: named with the file and the field, as a file problem (exit 2).
  if (ruleset === null) return unreadable(file, 'file.no-game-pack', `${file}: field "ruleset": ${noPackMessage(character.ruleset)}`, 'ruleset');
  const { derived, violations } = ruleset.derive(character);
  const errors: CheckProblem[] = [];
  const warnings: CheckProblem[] = [];
  for (const { code, message, path, severity } of violations) {
    if (severity === 'error') errors.push({ code, message, path });
    else if (severity === 'warning') warnings.push({ code, message, path });
  }
  return { file, ok: errors.length === 0, readable: true, ruleset: character.ruleset, name: character.name, player: character.player, errors, warnings, derived };
}

/** An entry for a file that could not be read at all (missing, unreadable, malformed). */
export function unreadable(file: string, code: string, message: string, path = ''): CheckEntry {
  return { file, ok: false, readable: false, ruleset: null, name: null, player: null, errors: [{ code, message, path }], warnings: [], derived: null };
}

/** 0 when every file is clean, 1 when any has a rule error, 2 when any file cannot be read. */
export function exitCodeFor(entries: readonly CheckEntry[]): 0 | 1 | 2 {
  if (entries.some((e) => !e.readable)) return 2;
  if (entries.some((e) => !e.ok)) return 1;
  return 0;
}
