// Text on a card is never clipped: it wraps, shrinks down to the minimum size, then continues on
// further cards marked "1/2", "2/2". Checked on the laid-out drawing operations (no PDF needed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CardFace, TextOp } from './draw';
import { bold, layoutContent, text } from './flow';
import { wordsOf } from './lines';
import type { CardContent, FigureBlock } from './types';
import { FontMetrics } from './fonts';
import { CARD_SIZES, MIN_BODY_PT, MIN_SMALL_PT, mm } from './layout';

const root = join(import.meta.dirname, '../..');
const metrics = new FontMetrics({ regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) });
const credit = CARD_SIZES.credit;

const texts = (f: CardFace) => f.ops.filter((o): o is TextOp => o.op === 'text');

/** Every text operation lies inside the card's padding (text never runs off the card). */
function expectInside(face: CardFace, padMm: number) {
  const pad = mm(padMm);
  for (const t of texts(face)) {
    expect(t.x).toBeGreaterThanOrEqual(pad - 0.01);
    expect(t.x + t.width).toBeLessThanOrEqual(face.width - pad + 0.01);
    expect(t.y).toBeGreaterThanOrEqual(pad - 0.01);
    // The font's ascender (0.93 em for DejaVu) is the top of the tallest glyph.
    expect(t.y + metrics.ascent(t.face, t.size)).toBeLessThanOrEqual(face.height - pad + 0.01);
  }
}

const LOREM = 'The bearer may call Cure once per day by touching a wounded limb and counting to thirty aloud.';
const content = (body: string, title = 'Potion of Healing'): CardContent => ({
  header: [text('title', bold(title))],
  body: [text('body', body)],
  footer: { left: 'Item · IT-00000-00000' },
});

describe('fitting text on a card', () => {
  it('prints short text at the card size on one card', () => {
    const out = layoutContent(content(LOREM), credit, metrics);
    expect(out.faces).toHaveLength(1);
    expect(out.bodyPt).toBe(credit.bodyPt);
    expectInside(out.faces[0]!, credit.paddingMm);
  });

  it('shrinks text that does not fit at the card size, but stays on one card', () => {
    // About 850 characters: at 8 pt a credit card's 79.6 mm line holds ~50 characters and about 12
    // lines fit (~600 characters); at 6 pt ~68 characters × ~16 lines (~1,000) do.
    const body = Array.from({ length: 9 }, () => LOREM).join(' ');
    expect(body.length).toBeGreaterThan(800);
    const out = layoutContent(content(body), credit, metrics);
    expect(out.faces).toHaveLength(1);
    expect(out.bodyPt).toBeLessThan(credit.bodyPt);
    expect(out.bodyPt).toBeGreaterThanOrEqual(MIN_BODY_PT);
    expectInside(out.faces[0]!, credit.paddingMm);
  });

  it('continues long text on further cards marked n/N, losing no word', () => {
    const words = Array.from({ length: 60 }, (_, i) => `${LOREM.replace('.', '')} (${i + 1}).`).join(' ');
    const out = layoutContent(content(words), credit, metrics);
    const n = out.faces.length;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(out.bodyPt).toBe(MIN_BODY_PT);
    out.faces.forEach((face, i) => {
      expectInside(face, credit.paddingMm);
      const all = texts(face).map((t) => t.text);
      // The heading repeats on every card; the marker is in the footer.
      expect(all).toContain('Potion of Healing');
      expect(all.some((t) => t.endsWith(`${i + 1}/${n}`))).toBe(true);
    });
    const bodyWords = out.faces.flatMap((f) =>
      texts(f)
        .filter((t) => t.size === MIN_BODY_PT)
        .flatMap((t) => t.text.split(' ')),
    );
    expect(bodyWords.join(' ')).toBe(words);
  });

  it('never prints below the minimum sizes', () => {
    const out = layoutContent(content(Array.from({ length: 40 }, () => LOREM).join('\n')), CARD_SIZES.poker, metrics);
    for (const f of out.faces) {
      for (const t of texts(f)) expect(t.size).toBeGreaterThanOrEqual(Math.min(MIN_BODY_PT, MIN_SMALL_PT) - 1e-9);
      for (const t of texts(f).filter((x) => x.face === 'regular' && !x.text.includes('IT-'))) expect(t.size).toBeGreaterThanOrEqual(MIN_BODY_PT - 1e-9);
    }
  });

  it('breaks a word longer than the line between characters', () => {
    const word = 'Ж'.repeat(150) + 'Z'.repeat(150);
    const out = layoutContent(content(word), credit, metrics);
    for (const f of out.faces) expectInside(f, credit.paddingMm);
    const printed = out.faces.flatMap((f) => texts(f).filter((t) => /^[ЖZ]+$/.test(t.text)).map((t) => t.text)).join('');
    expect(printed).toBe(word);
  });

  it('keeps new lines in the text as line breaks', () => {
    const out = layoutContent(content('first line\nsecond line'), credit, metrics);
    const lines = texts(out.faces[0]!).filter((t) => t.text.endsWith('line'));
    expect(lines.map((t) => t.text)).toEqual(['first line', 'second line']);
    expect(lines[0]!.y).toBeGreaterThan(lines[1]!.y);
  });

  it('wraps text beside a floated figure without touching it', () => {
    const side = mm(20);
    let box = { x: 0, y: 0 };
    const square: FigureBlock = {
      kind: 'figure',
      float: true,
      size: () => ({ width: side, height: side }),
      draw: (x, y, w, h) => {
        box = { x, y };
        return [{ op: 'rect', x, y, w, h, fill: 0 }];
      },
    };
    const out = layoutContent({ header: [square, text('title', bold('A heading'))], body: [text('body', Array.from({ length: 4 }, () => LOREM).join(' '))], footer: { left: 'x' } }, credit, metrics);
    const face = out.faces[0]!;
    // The square sits at the top right inside the padding.
    expect(box.x + side).toBeCloseTo(face.width - mm(credit.paddingMm), 6);
    expect(box.y + side).toBeCloseTo(face.height - mm(credit.paddingMm), 6);
    let beside = 0;
    for (const t of texts(face)) {
      const overlapsVertically = t.y - t.size * 0.3 < box.y + side && t.y + t.size > box.y;
      if (overlapsVertically) {
        beside++;
        expect(t.x + t.width).toBeLessThanOrEqual(box.x);
      }
    }
    expect(beside).toBeGreaterThan(2);
    // Below the square the text uses the full width again.
    expect(Math.max(...texts(face).filter((t) => t.y + t.size < box.y).map((t) => t.x + t.width))).toBeGreaterThan(box.x);
  });
});

describe('words', () => {
  it('splits at line breaks and runs of spaces, tabs and no-break spaces; glues spans without a space', () => {
    const words = (...spans: (string | ReturnType<typeof bold>)[]) =>
      wordsOf(text('body', ...spans)).map((w) => `${w.sep}:${w.pieces.map((p) => (p.bold ? `*${p.text}*` : p.text)).join('+')}`);
    expect(words('Heals  one\tlimb\u00a0Wound.')).toEqual(['none:Heals', 'space:one', 'space:limb', 'space:Wound.']);
    // \n and \r\n break a line; a lone \r is part of a word; a break wins over spaces around it.
    expect(words('a \r\n b\nc\rd \n\n e')).toEqual(['none:a', 'newline:b', 'newline:c\rd', 'newline:e']);
    expect(words(bold('Skills: '), 'Strikes', bold('2'), ' x')).toEqual(['none:*Skills:*', 'space:Strikes+*2*', 'space:x']);
    expect(words('  leading', '')).toEqual(['none:leading']);
  });
});
