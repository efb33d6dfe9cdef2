// A new event's game, from the games its folder's characters play: the one most of them play. When
// two or more games are played by as many characters each, there is no such game and nobody may
// pick one for the volunteer: `game` is empty and `tied` names the games to choose between.
import { isBuiltinRuleset, type GameId, type RulesetId } from '../model/ids';

export type EventGame = { game: RulesetId | ''; tied: RulesetId[] };

export function eventGame(rulesets: Iterable<GameId | null>): EventGame {
  const counts = new Map<RulesetId, number>();
  // An event is of a built-in game (the desk checks those); a pack's characters are not counted.
  for (const r of rulesets) if (r !== null && isBuiltinRuleset(r)) counts.set(r, (counts.get(r) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  const top = [...counts].filter(([, n]) => n === most).map(([r]) => r).sort();
  if (top.length === 1) return { game: top[0]!, tied: [] };
  return { game: '', tied: top };
}
