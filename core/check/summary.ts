// One line of plain words for a character's derived values, for the check report and the desk.
import type { Derived } from '../rulesets/types';
import { LOCATION_WORDS, type Location } from '../model/ids';

const AREA_WORDS = LOCATION_WORDS;

export const areaWords = (areas: readonly Location[]) => areas.map((a) => AREA_WORDS[a]).join(', ');

export function derivedSummary(d: Derived): string {
  switch (d.ruleset) {
    case 'fortunes-landing':
      return d.armour.areas.length === 0
        ? 'no armour'
        : `armour ${d.armour.rating} over ${areaWords(d.armour.areas)}${d.armour.threshold ? `, Threshold ${d.armour.threshold}` : ''}${d.armour.chosen ? '' : ' (best choice assumed)'}`;
    case 'curious-pastimes':
      return `hits ${(Object.keys(d.hits) as Location[]).map((l) => `${AREA_WORDS[l]} ${d.hits[l]}`).join(', ')}; vs arrows ${d.hitsVsArrows.torso} each`;
    case 'novitas':
      return `power points ${d.powerPoints.pool}${d.powerPoints.breakCap ? ` + ${d.powerPoints.breakCap} break-cap` : ''}, cap ${d.powerPoints.dailyCap}/day, planned ${d.powerPoints.plannedCost}`;
    case 'bg-magic':
      return `energy ${d.energy}; wears ${d.worn}, protected as ${d.armourProtection}`;
  }
}
