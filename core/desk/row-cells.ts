// The cells of a desk row that put a game's values into words: the armour cell and the line of
// hits, power points or energy (core/desk/rows.ts re-exports them).
import { areaWords } from '../check/summary';
import { LOCATIONS, type Location } from '../model/ids';
import type { Character } from '../model/character';
import type { Derived } from '../rulesets/types';
import type { ArmourCell, DeskRow } from './types';

/** A game's armour in one cell. */
export function armourCell(d: Derived, character: Character): ArmourCell {
  switch (d.ruleset) {
    case 'fortunes-landing': {
      const a = d.armour;
      if (a.areas.length === 0) return { rating: 0, areas: [], text: 'none' };
      return { rating: a.rating, areas: [...a.areas], text: `${a.rating} over ${areaWords(a.areas)}${a.threshold ? `, Threshold ${a.threshold}` : ''}${a.chosen ? '' : ' (best assumed)'}` };
    }
    case 'curious-pastimes': {
      const areas = LOCATIONS.filter((l) => d.armourByLocation[l] > 0);
      return { rating: null, areas, text: areas.length === 0 ? 'none' : areas.map((l) => `${areaWords([l])} ${d.armourByLocation[l]}`).join(', ') };
    }
    case 'bg-magic': {
      const areas = coveredAreas(character);
      if (d.worn === 'none') return { rating: null, areas, text: 'none' };
      return { rating: null, areas, text: d.worn === d.armourProtection ? `${d.worn} (${areaWords(areas)})` : `${d.worn}, protects as ${d.armourProtection} (${areaWords(areas)})` };
    }
    case 'novitas': {
      // The Novitas text has no armour rules: the desk shows where armour is worn, unrated.
      const areas = coveredAreas(character);
      return { rating: null, areas, text: areas.length === 0 ? 'none' : `not rated (${areaWords(areas)})` };
    }
    case 'pack': {
      // The desk reads no packs (core/desk/characters.ts): shown as worn, unrated.
      const areas = coveredAreas(character);
      return { rating: null, areas, text: areas.length === 0 ? 'none' : `not rated (${areaWords(areas)})` };
    }
  }
}

function coveredAreas(character: Character): Location[] {
  const covered = new Set(character.armour.flatMap((p) => p.locations));
  return LOCATIONS.filter((l) => covered.has(l));
}

/** The game's other key values in one line: hits, power points or energy ("" when none). */
export function valuesText(row: DeskRow): string {
  if (row.hits) return `hits ${LOCATIONS.filter((l) => row.hits![l] !== undefined).map((l) => `${areaWords([l])} ${row.hits![l]}`).join(', ')}`;
  if (row.powerPoints) {
    const p = row.powerPoints;
    return `power points ${p.pool}${p.breakCap ? ` + ${p.breakCap} break-cap` : ''}, cap ${p.dailyCap}/day, planned ${p.planned}`;
  }
  if (row.energy !== null) return `energy ${row.energy}`;
  return '';
}
