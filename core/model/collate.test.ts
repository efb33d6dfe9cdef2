import { describe, expect, it } from 'vitest';
import { compareNames } from './collate';

const icu = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sign = (n: number) => Math.sign(n);

/** A small deterministic generator, so that a failure can be repeated. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
/** Names built to collide: few letters of both cases, digits with leading zeros, spaces and punctuation. */
const NAMEISH = 'aAbB zZ0019-_.\'';

function name(rand: () => number, chars: string, max: number): string {
  let out = '';
  const n = Math.floor(rand() * max);
  for (let i = 0; i < n; i++) out += chars[Math.floor(rand() * chars.length)];
  return out;
}

describe('compareNames', () => {
  it('lists names as the English collator does (case ignored, numbers by value)', () => {
    const names = ['Character 10', 'character 9', 'Borislav', 'Anna', 'anna', 'Ánna', 'Борислав', 'Character 009', 'Zed', ''];
    const ours = [...names].sort(compareNames);
    expect(ours.slice(0, 5)).toEqual(['', 'Anna', 'anna', 'Ánna', 'Borislav']);
    // Not the code points' order, where "Zed" would come before "anna" and "Character 10" before "Character 9".
    expect(compareNames('Zed', 'anna')).toBeGreaterThan(0);
    expect(compareNames('Character 10', 'character 9')).toBeGreaterThan(0);
    expect(compareNames('Character 009', 'character 9')).toBe(0);
    expect(ours.map((n, i) => sign(icu.compare(n, ours[i + 1] ?? n)) <= 0)).not.toContain(false);
  });

  it('agrees with Intl.Collator on 60,000 random pairs of printable ASCII, and on names outside it', () => {
    const rand = random(20261203);
    const disagree: [string, string][] = [];
    for (let k = 0; k < 60_000; k++) {
      const chars = k % 3 === 0 ? ASCII : NAMEISH;
      const a = name(rand, chars, 9);
      // Half the pairs share a start, so that the comparison reaches the later characters.
      const b = k % 2 === 0 ? a.slice(0, Math.floor(rand() * a.length)) + name(rand, chars, 5) : name(rand, chars, 9);
      if (sign(compareNames(a, b)) !== sign(icu.compare(a, b))) disagree.push([a, b]);
    }
    expect(disagree.slice(0, 5)).toEqual([]);
    for (const [a, b] of [['Élise', 'Eli'], ['Ivan', 'Иван'], ['x\ty', 'x y'], ['1'.repeat(40), '2']]) expect(sign(compareNames(a!, b!))).toBe(sign(icu.compare(a!, b!)));
  });
});
