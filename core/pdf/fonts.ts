// The card font: DejaVu Sans and DejaVu Sans Bold (Latin, Cyrillic, Greek), passed in as bytes so
// the core never touches the file system. Measuring uses fontkit directly with a per-character
// width cache; pdf-lib's own measuring lays out the whole string each time and is far slower.
import * as fontkitNs from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';

/** The fontkit module (its CommonJS build puts everything on `default` when imported from ESM). */
export const fontkit = ((fontkitNs as unknown as { default?: typeof fontkitNs }).default ?? fontkitNs) as typeof fontkitNs;

export type FontBytes = { regular: Uint8Array; bold: Uint8Array };
export type Face = 'regular' | 'bold';

/** The font files the cards are printed with, relative to the project root. */
export const FONT_FILES: Record<Face, string> = {
  regular: 'assets/fonts/DejaVuSans.ttf',
  bold: 'assets/fonts/DejaVuSans-Bold.ttf',
};

/**
 * The bytes as an ArrayBuffer of their own: fontkit wraps an ArrayBuffer as it is but copies any
 * other array into its Buffer one element at a time (some 6 ms for the two faces, on every print
 * that measures with fresh metrics). The font is only read.
 */
function wholeBuffer(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : bytes.slice().buffer;
  // fontkit's types say Uint8Array; its Buffer.from takes the ArrayBuffer as a view.
  return whole as unknown as Uint8Array;
}

const NONE_MISSING = Object.freeze([]) as unknown as string[];

export class FontMetrics {
  private readonly fonts: Record<Face, Font>;
  /** Advance widths in em of the Basic Multilingual Plane, NaN until first measured; others in a map. */
  private readonly bmpRegular = new Float64Array(0x10000).fill(NaN);
  private readonly bmpBold = new Float64Array(0x10000).fill(NaN);
  private readonly widths: Record<Face, Map<number, number>> = { regular: new Map(), bold: new Map() };
  private readonly ascents: Record<Face, number>;
  /** Per code point of the Basic Multilingual Plane: 0 not looked up yet, 1 both faces have it, 2 not. */
  private readonly presentBmp = new Uint8Array(0x10000);
  private readonly present = new Map<number, boolean>();

  constructor(bytes: FontBytes) {
    this.fonts = { regular: fontkit.create(wholeBuffer(bytes.regular)), bold: fontkit.create(wholeBuffer(bytes.bold)) };
    const ascent = (f: Font) => f.ascent / f.unitsPerEm;
    this.ascents = { regular: ascent(this.fonts.regular), bold: ascent(this.fonts.bold) };
  }

  /**
   * The advance width of text at a size, in points (no kerning: pdf-lib draws without it): each
   * code point's width looked up in a table, summed in order. Layout remembers whole lines itself
   * (lines.ts), so strings are not remembered here.
   */
  width(text: string, face: Face, size: number): number {
    // extend(0, text, face) * size, its loop written out here as well so that nothing is called in
    // the common case (see extend); anything else is measured by extend from the start.
    const bmp = face === 'bold' ? this.bmpBold : this.bmpRegular;
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const w = bmp[c]!;
      if (w !== w || (c >= 0xd800 && c <= 0xdfff)) return this.extend(0, text, face) * size;
      units += w;
    }
    return units * size;
  }

  /**
   * The width, in em, of `prefix` + `text` given the width of `prefix` in em: the sum in the same
   * order as width() makes it, so width(prefix + text) === extend(units(prefix), text) * size.
   */
  extend(prefixUnits: number, text: string, face: Face): number {
    // Two fields rather than a record by face: this runs for every word measured. The loop is kept
    // small enough to be inlined where it is called (a number returned from a call that is not
    // inlined is a new heap object: some 15 MB a 1,000-character print): characters not measured
    // yet and surrogates go on in extendFrom, with the same sum so far.
    const bmp = face === 'bold' ? this.bmpBold : this.bmpRegular;
    let units = prefixUnits;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const w = bmp[c]!;
      if (w !== w || (c >= 0xd800 && c <= 0xdfff)) return this.extendFrom(units, text, i, face);
      units += w;
    }
    return units;
  }

  /** extend() from character `start` on, `units` being the sum before it. */
  private extendFrom(units: number, text: string, start: number, face: Face): number {
    const bmp = face === 'bold' ? this.bmpBold : this.bmpRegular;
    const n = text.length;
    for (let i = start; i < n; i++) {
      const c = text.charCodeAt(i);
      let w = bmp[c]!;
      // A surrogate pair is one code point (a lone surrogate is measured as itself, as for...of does).
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          units += this.astral(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000, face);
          i++;
          continue;
        }
      }
      if (w !== w) {
        const font = this.fonts[face];
        w = font.glyphForCodePoint(c).advanceWidth / font.unitsPerEm;
        bmp[c] = w;
      }
      units += w;
    }
    return units;
  }

  private astral(cp: number, face: Face): number {
    const cache = this.widths[face];
    let w = cache.get(cp);
    if (w === undefined) {
      const font = this.fonts[face];
      w = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
      cache.set(cp, w);
    }
    return w;
  }

  /** Height of the font's ascender above the baseline, in points. */
  ascent(face: Face, size: number): number {
    return this.ascents[face] * size;
  }

  /** Characters of text the font has no glyph for (they would print as empty boxes). */
  missing(text: string): string[] {
    const bmp = this.presentBmp;
    let out: Set<string> | null = null;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      let has = bmp[c]!;
      if (has === 1) continue;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          const cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
          i++;
          if (!this.hasAstral(cp)) (out ??= new Set()).add(String.fromCodePoint(cp));
          continue;
        }
      }
      if (c < 0x20 || c === 0xa0) continue;
      if (has === 0) bmp[c] = has = this.fonts.regular.hasGlyphForCodePoint(c) && this.fonts.bold.hasGlyphForCodePoint(c) ? 1 : 2;
      if (has === 2) (out ??= new Set()).add(text[i]!);
    }
    return out ? [...out] : NONE_MISSING;
  }

  private hasAstral(cp: number): boolean {
    let has = this.present.get(cp);
    if (has === undefined) {
      has = this.fonts.regular.hasGlyphForCodePoint(cp) && this.fonts.bold.hasGlyphForCodePoint(cp);
      this.present.set(cp, has);
    }
    return has;
  }
}
