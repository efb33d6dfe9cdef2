// The ruleset of the open character's game: a built-in engine at once, or, for a game defined only
// by its pack, the generic pack ruleset (core/rulesets/pack-ruleset.ts), loaded on first need with
// the CEL engine it uses, as the budget is (./use-budget-module.ts), so the built-in games' editor
// never loads it.
import { useEffect, useMemo, useState } from 'react';
import { isBuiltinRuleset, type GameId } from '../../core/model/ids';
import type { GamePack } from '../../core/packs/schema';
import { noPackMessage, RULESETS } from '../../core/rulesets/index';
import type { Ruleset } from '../../core/rulesets/types';

type PackRulesetModule = typeof import('../../core/rulesets/pack-ruleset');
let loaded: PackRulesetModule | null = null;

/** Until the ruleset is known: no catalogue, and a derivation that fails with why. */
function standIn(id: GameId, why: string): Ruleset {
  return {
    id,
    name: id,
    locations: [],
    armourTypes: [],
    skills: [],
    derive() {
      throw new Error(why);
    },
  };
}

export function useGameRuleset(id: GameId, pack: GamePack | null, loadingWords: string): Ruleset {
  const needed = !isBuiltinRuleset(id) && pack !== null;
  const [module, setModule] = useState<PackRulesetModule | null>(loaded);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    void import('../../core/rulesets/pack-ruleset').then((m) => {
      loaded = m;
      if (live) setModule(m);
    });
    return () => {
      live = false;
    };
  }, [needed, module]);
  return useMemo(() => {
    if (isBuiltinRuleset(id)) return RULESETS[id];
    if (pack === null) return standIn(id, noPackMessage(id));
    return module ? module.packRuleset(pack) : standIn(id, loadingWords);
  }, [id, pack, module, loadingWords]);
}
