// The games a command can check and print: the four built-in ones, and every game whose pack is in
// a `packs/` folder beside the characters named (node/packs/beside.ts). A refused pack is said on
// stderr, naming its file, the JSON path and why; the other packs still load.
import type { GameRulesets } from '../core/check/report';
import { isBuiltinRuleset } from '../core/model/ids';
import { packsBeside } from '../node/packs/beside';
import type { Io } from './io';

export async function gamesFor(command: string, paths: readonly string[], io: Io): Promise<GameRulesets | undefined> {
  const { used, problems } = await packsBeside(paths);
  for (const p of problems) io.err(`quartermaster ${command}: game pack refused: ${p.file}: ${p.path}: ${p.message}\n`);
  // Only the built-in games: the built-in engines, without loading the pack expressions' engine (CEL).
  if ([...used.keys()].every(isBuiltinRuleset)) return undefined;
  const { gameRulesets } = await import('../core/rulesets/games');
  return gameRulesets(used);
}
