// areaOptions works the tie order out once per count of covered areas; it must give exactly what the
// plain reading of its contract gives: every non-empty choice of covered areas, rating = rounded
// average (halves up), best first, then more areas, then in FL_AREAS order.
import { describe, expect, it } from 'vitest';
import { areaOptions, FL_AREAS, type FlArea } from './fortunes-landing-armour';

function plainAreaOptions(perArea: Partial<Record<FlArea, number>>) {
  const covered = FL_AREAS.filter((a) => perArea[a] !== undefined);
  const options: { areas: FlArea[]; rating: number }[] = [];
  for (let mask = 1; mask < 1 << covered.length; mask++) {
    const areas = covered.filter((_, i) => mask & (1 << i));
    const sum = areas.reduce((t, a) => t + perArea[a]!, 0);
    options.push({ areas, rating: Math.round(sum / areas.length + 1e-9) });
  }
  const order = (areas: readonly FlArea[]) => areas.map((a) => FL_AREAS.indexOf(a));
  return options.sort((x, y) => {
    if (y.rating !== x.rating) return y.rating - x.rating;
    if (y.areas.length !== x.areas.length) return y.areas.length - x.areas.length;
    const ox = order(x.areas);
    const oy = order(y.areas);
    for (let i = 0; i < ox.length; i++) if (ox[i] !== oy[i]) return ox[i]! - oy[i]!;
    return 0;
  });
}

describe("Fortune's Landing area options", () => {
  it('match the plain enumeration for every armour value 0–5 or none on each of the five areas', () => {
    let compared = 0;
    for (let k = 0; k < 7 ** 5; k++) {
      let x = k;
      const perArea: Partial<Record<FlArea, number>> = {};
      for (const a of FL_AREAS) {
        const v = x % 7;
        x = Math.floor(x / 7);
        if (v < 6) perArea[a] = v;
      }
      expect(areaOptions(perArea)).toEqual(plainAreaOptions(perArea));
      compared++;
    }
    expect(compared).toBe(16_807);
  });

  it('gives each call its own arrays', () => {
    const a = areaOptions({ torso: 5, 'left-leg': 2 });
    a[0]!.areas.push('right-arm');
    expect(areaOptions({ torso: 5, 'left-leg': 2 })[0]!.areas).toEqual(['torso']);
  });
});
