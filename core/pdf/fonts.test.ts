// Font metrics: widths from the font's own advance widths, summed per code point (astral ones
// included), and the characters the card font cannot print.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FontMetrics, fontkit } from './fonts';

const root = join(import.meta.dirname, '../..');
const bytes = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const metrics = new FontMetrics(bytes);
const regular = fontkit.create(bytes.regular);

describe('FontMetrics', () => {
  it('measures text as the sum of its glyphs advance widths at the size', () => {
    // Straight from the font file, one glyph per code point, in em times the size.
    const expected = (s: string) => [...s].reduce((sum, ch) => sum + regular.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth / regular.unitsPerEm, 0) * 8;
    for (const s of ['Item · IT-7K3QM-9XD2F', 'Свитък: Страх', 'a🎲b', 'x\ud800y', '']) expect(metrics.width(s, 'regular', 8)).toBeCloseTo(expected(s), 9);
    // The same string measured again is the same number, and bold is wider.
    expect(metrics.width('Brannoc', 'regular', 8)).toBe(metrics.width('Brannoc', 'regular', 8));
    expect(metrics.width('Brannoc', 'bold', 8)).toBeGreaterThan(metrics.width('Brannoc', 'regular', 8));
    expect(metrics.extend(metrics.extend(0, 'Bran', 'regular'), 'noc', 'regular')).toBe(metrics.extend(0, 'Brannoc', 'regular'));
  });

  it('names the characters DejaVu Sans lacks, once each, and not spaces or control characters', () => {
    // DejaVu Sans covers Latin, Cyrillic and Greek, not CJK.
    expect(metrics.missing('Радослава Ωmega café')).toEqual([]);
    expect(metrics.missing('漢字 and 漢')).toEqual(['漢', '字']);
    expect(metrics.missing('tab\tnbsp\u00a0line\n')).toEqual([]);
    // An astral character is one character, not two halves.
    expect(metrics.missing('𠀀 x')).toEqual(['𠀀']);
  });
});
