// The rows the desk view gets from the main process (contract DeskViewRow): each file's row without
// what the view makes itself from the event it holds (check-in, card state) and its own words
// (search text, armour cell), with the armour in detail. Pure.
import type { ArmourDetail, DeskViewRow } from '../ipc/contract';
import { LOCATIONS, type Location } from '../model/ids';
import type { DeskCharacter } from './characters';
import { newEvent, type DeskEvent } from './event';
import { characterRow, finishRows } from './rows';

/** No check-ins, no prints: the rows the view gets, before it applies the event it holds. */
const NO_EVENT: DeskEvent = newEvent({ name: 'none', game: '', start: '2000-01-01' });

/** What the desk view gets of each file: its row without what the view makes itself, and its armour in detail. */
export function viewRows(list: readonly DeskCharacter[]): DeskViewRow[] {
  return finishRows(list.map((c) => characterRow(c, true)), NO_EVENT).map((row, i) => {
    const { search: _search, armour: _armour, rulesetName: _name, checkedInAt: _in, tag: _tag, lastPrintedAt: _printed, out: _out, ...sent } = row;
    return { ...sent, detail: armourDetail(list[i]!) };
  });
}

export function armourDetail(c: DeskCharacter): ArmourDetail | null {
  if (!c.readable) return null;
  const d = c.derivation.derived;
  const covered = () => {
    const on = new Set<Location>(c.character.armour.flatMap((p) => p.locations));
    return LOCATIONS.filter((l) => on.has(l));
  };
  switch (d.ruleset) {
    case 'fortunes-landing':
      return { ruleset: d.ruleset, rating: d.armour.rating, areas: [...d.armour.areas], threshold: d.armour.threshold, chosen: d.armour.chosen };
    case 'curious-pastimes':
      return { ruleset: d.ruleset, points: Object.fromEntries(LOCATIONS.filter((l) => d.armourByLocation[l] > 0).map((l) => [l, d.armourByLocation[l]])) };
    case 'bg-magic':
      return { ruleset: d.ruleset, worn: d.worn, protection: d.armourProtection, areas: covered() };
    case 'novitas':
      return { ruleset: d.ruleset, areas: covered() };
    case 'pack':
      return null;
  }
}

