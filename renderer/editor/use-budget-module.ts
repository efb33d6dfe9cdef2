// The budget code (core/packs/budget-violations.ts, with the CEL engine for prerequisites and cost
// formulas) is loaded only when the character's pack publishes costs: no built-in game does, so the
// editor of those games never loads it (bench:editor counts the JavaScript the editor loads).
import { useEffect, useState } from 'react';
import type { GamePack } from '../../core/packs/schema';

export type BudgetModule = typeof import('../../core/packs/budget-violations');

let loaded: BudgetModule | null = null;

/** The budget module once loaded, for a pack that publishes costs; null otherwise (or until it loads). */
export function useBudgetModule(pack: GamePack | null | undefined): BudgetModule | null {
  const needed = pack?.costs.published === true;
  const [module, setModule] = useState<BudgetModule | null>(loaded);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    void import('../../core/packs/budget-violations').then((m) => {
      loaded = m;
      if (live) setModule(m);
    });
    return () => {
      live = false;
    };
  }, [needed, module]);
  return needed ? module : null;
}
