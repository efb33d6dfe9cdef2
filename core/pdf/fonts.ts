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

/** Whole strings whose widths are remembered, per face, before the memory starts over. */
const STRING_CACHE = 50_000;

const NONE_MISSING = Object.freeze([]) as unknown as string[];

export class FontMetrics {
  private readonly fonts: Record<Face, Font>;
  /** Advance widths in em of the Basic Multilingual Plane, NaN until first measured; others in a map. */
  private readonly bmp: Record<Face, Float64Array> = { regular: new Float64Array(0x10000).fill(NaN), bold: new Float64Array(0x10000).fill(NaN) };
  private readonly widths: Record<Face, Map<number, number>> = { regular: new Map(), bold: new Map() };
  private readonly ascents: Record<Face, number>;
  private readonly strings: Record<Face, Map<string, number>> = { regular: new Map(), bold: new Map() };
  private readonly present = new Map<number, boolean>();
  private readonly complete = new Set<string>();

  constructor(bytes: FontBytes) {
    this.fonts = { regular: fontkit.create(bytes.regular), bold: fontkit.create(bytes.bold) };
    const ascent = (f: Font) => f.ascent / f.unitsPerEm;
    this.ascents = { regular: ascent(this.fonts.regular), bold: ascent(this.fonts.bold) };
  }

  /**
   * The advance width of text at a size, in points (no kerning: pdf-lib draws without it). Layout
   * measures the same words again at every size it tries, so whole strings are remembered too
   * (up to STRING_CACHE of them; the app keeps one FontMetrics for the session).
   */
  width(text: string, face: Face, size: number): number {
    const strings = this.strings[face];
    let units = strings.get(text);
    if (units === undefined) {
      units = this.extend(0, text, face);
      if (strings.size >= STRING_CACHE) strings.clear();
      strings.set(text, units);
    }
    return units * size;
  }

  /**
   * The width, in em, of `prefix` + `text` given the width of `prefix` in em: the sum in the same
   * order as width() makes it, so width(prefix + text) === extend(units(prefix), text) * size.
   */
  extend(prefixUnits: number, text: string, face: Face): number {
    const bmp = this.bmp[face];
    let units = prefixUnits;
    const n = text.length;
    for (let i = 0; i < n; i++) {
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
    // Most strings are checked again and again (labels, names on every card): remember the whole.
    if (this.complete.has(text)) return NONE_MISSING;
    const out = new Set<string>();
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20 || ch === '\u00a0') continue;
      let has = this.present.get(cp);
      if (has === undefined) {
        has = this.fonts.regular.hasGlyphForCodePoint(cp) && this.fonts.bold.hasGlyphForCodePoint(cp);
        this.present.set(cp, has);
      }
      if (!has) out.add(ch);
    }
    if (out.size > 0) return [...out];
    if (this.complete.size >= STRING_CACHE) this.complete.clear();
    this.complete.add(text);
    return NONE_MISSING;
  }
}
