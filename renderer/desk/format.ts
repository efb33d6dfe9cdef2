// The desk's values in the current language: armour and its areas, hits, power points, energy,
// check-in times. Built from the derived values the main process sends (core/rulesets), so the words
// are the renderer's while the numbers are the rules' (the ones core/desk/rows.ts words for the sheet).
import type { ArmourDetail, DeskViewRow } from '../../core/ipc/contract';
import { LOCATIONS, type Location } from '../../core/model/ids';
import { armourTypeName, locationName } from '../app/format';
import type { Tools } from '../app/i18n';
import type { OutOfPlay } from '../../core/desk/life';
import { NOVITAS_PERMANENT_CONVERGENCES, PLOT_MARSHAL_ALERT } from '../../core/desk/deaths';

/** "torso, left leg": locations in flowing text. */
export function areaList(areas: readonly Location[], tools: Tools): string {
  return areas.map((l) => locationName(l).toLocaleLowerCase(tools.lang)).join(', ');
}

/** A game's armour in one cell: rating and areas where the game has them. */
export function armourText(a: ArmourDetail, tools: Tools): string {
  const { t, num } = tools;
  switch (a.ruleset) {
    case 'fortunes-landing': {
      if (a.areas.length === 0) return t('desk.armour.none');
      const parts = [t('desk.armour.rating', { rating: num(a.rating), areas: areaList(a.areas, tools) })];
      if (a.threshold) parts.push(t('desk.armour.threshold', { threshold: num(a.threshold) }));
      if (!a.chosen) parts.push(t('desk.armour.bestAssumed'));
      return parts.join(', ');
    }
    case 'curious-pastimes': {
      const worn = LOCATIONS.filter((l) => (a.points[l] ?? 0) > 0);
      if (worn.length === 0) return t('desk.armour.none');
      return worn.map((l) => t('desk.armour.points', { area: locationName(l), points: num(a.points[l]!) })).join(', ');
    }
    case 'bg-magic': {
      if (a.worn === 'none') return t('desk.armour.none');
      const areas = areaList(a.areas, tools);
      return a.worn === a.protection
        ? t('desk.armour.worn', { type: armourTypeName(a.worn), areas })
        : t('desk.armour.protectsAs', { type: armourTypeName(a.worn), as: armourTypeName(a.protection).toLocaleLowerCase(tools.lang), areas });
    }
    case 'novitas':
      // The Novitas text has no armour rules: where armour is worn, unrated (docs/desk.md).
      return a.areas.length === 0 ? t('desk.armour.none') : t('desk.armour.unrated', { areas: areaList(a.areas, tools) });
  }
}

/** The game's other key values: hits per location, power points, or energy ("" for none). */
export function valuesText(row: DeskViewRow, tools: Tools): string {
  const game = gameValuesText(row, tools);
  // The points balance (the character's points record), where its game publishes advancement.
  if (row.points === undefined) return game;
  const points = tools.t('desk.values.points', { points: tools.num(row.points) });
  return game ? `${game}; ${points}` : points;
}

function gameValuesText(row: DeskViewRow, tools: Tools): string {
  const { t, num } = tools;
  if (row.hits) {
    const hits = row.hits;
    const list = LOCATIONS.filter((l) => hits[l] !== undefined).map((l) => `${locationName(l)} ${num(hits[l]!)}`);
    return t('desk.values.hits', { list: list.join(', ') });
  }
  if (row.powerPoints) {
    const p = row.powerPoints;
    const pool = p.breakCap ? t('desk.values.poolBreakCap', { pool: num(p.pool), breakCap: num(p.breakCap) }) : num(p.pool);
    return t('desk.values.powerPoints', { pool, cap: num(p.dailyCap), planned: num(p.planned) });
  }
  if (row.energy !== null) return t('desk.values.energy', { energy: num(row.energy) });
  return '';
}

/** A character out of play in words: "Dead since 3 Oct 2026, 14:02 (retired)". */
export function outOfPlayText(o: OutOfPlay, tools: Tools, inSentence = false): string {
  const { t, num } = tools;
  const word = t(o.shown === 'dead' ? 'desk.life.dead' : o.shown === 'permanent' ? 'desk.life.permanent' : 'desk.life.retired');
  const state = inSentence ? word.toLocaleLowerCase(tools.lang) : word;
  const parts = [state];
  if (o.since) parts.push(t('desk.life.since', { when: tools.when(o.since) }));
  if (o.retired && o.shown !== 'retired') parts.push(t('desk.life.isRetired'));
  else if (o.convergences !== undefined) parts.push(t('desk.life.convergences', { count: num(o.convergences), max: num(NOVITAS_PERMANENT_CONVERGENCES) }));
  const text = parts.join(' ');
  return o.alert === PLOT_MARSHAL_ALERT ? `${text}: ${t('desk.life.plotMarshal')}` : o.alert ? `${text}: ${o.alert}` : text;
}
