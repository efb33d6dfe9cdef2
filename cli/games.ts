// The games a command can check and print: the four built-in ones, and every game whose pack is in
// a `packs/` folder beside the characters named (node/packs/beside.ts). A refused pack is said on
// stderr, naming its file, the JSON path and why; the other packs still load. Without a packs/
// folder nothing more is loaded (the pack reader and its expression engine, CEL, load on need).
import type { GameRulesets } from '../core/check/report';
import { isBuiltinRuleset } from '../core/model/ids';
import { packsFolders } from '../node/packs/folders';
import type { Io } from './io';

export async function gamesFor(command: string, paths: readonly string[], io: Io): Promise<GameRulesets | undefined> {
  const folders = await packsFolders(paths);
  if (folders.length === 0) return undefined;
  const { packsIn } = await import('../node/packs/beside');
  const { used, problems } = await packsIn(folders);
  for (const p of problems) io.err(`quartermaster ${command}: game pack refused: ${p.file}: ${p.path}: ${p.message}\n`);
  // Only the built-in games: the built-in engines, as without packs.
  if ([...used.keys()].every(isBuiltinRuleset)) return undefined;
  const { gameRulesets } = await import('../core/rulesets/games');
  return gameRulesets(used);
}
