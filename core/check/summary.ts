// One line of plain words for a character's derived values, for the check report and the desk.
import type { Derived, PackDerived } from '../rulesets/types';
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
    case 'pack':
      return packSummary(d);
  }
}

/** A pack's game: hits per location, armour per location, and the points budget. */
function packSummary(d: PackDerived): string {
  const parts: string[] = [];
  if (d.hits.length > 0) parts.push(`hits ${d.hits.map((h) => `${h.location} ${h.hits}`).join(', ')}`);
  if (d.armour.length > 0) parts.push(`armour ${d.armour.map((a) => `${a.location} ${a.names.en}${a.points === undefined ? '' : ` ${a.points}`}`).join(', ')}`);
  const b = d.budget;
  if (b.spent !== null) parts.push(`${b.spent}${b.available === null ? '' : ` of ${b.available}`} ${b.unit?.en ?? 'points'} spent`);
  return parts.join('; ') || d.game.names.en;
}
