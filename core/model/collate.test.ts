import { describe, expect, it } from 'vitest';
import { compareNames } from './collate';

describe('compareNames', () => {
  it('lists names as the English collator does (case ignored, numbers by value)', () => {
    const names = ['Character 10', 'character 9', 'Borislav', 'Anna', 'anna', 'Ánna', 'Борислав', 'Character 009', 'Zed', ''];
    const ours = [...names].sort(compareNames);
    expect(ours.slice(0, 5)).toEqual(['', 'Anna', 'anna', 'Ánna', 'Borislav']);
    // Not the code points' order, where "Zed" would come before "anna" and "Character 10" before "Character 9".
    expect(compareNames('Zed', 'anna')).toBeGreaterThan(0);
    expect(compareNames('Character 10', 'character 9')).toBeGreaterThan(0);
    expect(compareNames('Character 009', 'character 9')).toBe(0);
  });
});
