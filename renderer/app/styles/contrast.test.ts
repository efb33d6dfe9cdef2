// Text contrast of the stylesheet's colour pairs, by the WCAG 2 formula: at least 4.5:1 for text,
// 3:1 for the focus ring against the page (non-text contrast).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

/** The `@media (prefers-color-scheme: dark) { … }` block of app.css (braces matched). */
function darkBlock(text: string): { start: number; end: number } {
  const start = text.indexOf('@media (prefers-color-scheme: dark)');
  if (start < 0) throw new Error('app.css has no dark theme block');
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { start, end: i + 1 };
  }
  throw new Error('app.css: the dark theme block is not closed');
}
const dark = darkBlock(css);
/** The stylesheet as each theme sees it: light without the dark block, dark with only it. */
const sheets = { light: css.slice(0, dark.start) + css.slice(dark.end), dark: css.slice(dark.start, dark.end) } as const;
type Theme = keyof typeof sheets;
const THEMES: Theme[] = ['light', 'dark'];

/** A colour variable as a theme sees it: the dark block's value where it sets one, else the light one. */
function colour(theme: Theme, name: string): string {
  const find = (text: string) => new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(text)?.[1];
  const value = (theme === 'dark' ? find(sheets.dark) : undefined) ?? find(sheets.light);
  if (!value) throw new Error(`app.css has no --${name} colour`);
  return value;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('colour contrast', () => {
  it('computes the WCAG ratio (black on white is 21:1, white on white 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the well-known smallest grey that passes: 4.54:1.
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  const textPairs: [string, string][] = [
    ['text', 'bg'],
    ['text', 'panel'],
    ['muted', 'bg'],
    ['muted', 'panel'],
    ['accent', 'bg'],
    ['accent-hover', 'bg'],
    ['clean-text', 'clean-bg'],
    ['warn-text', 'warn-bg'],
    ['error-text', 'error-bg'],
    ['clean-text', 'bg'],
    ['warn-text', 'bg'],
    ['error-text', 'bg'],
    // The editor: the best choice of areas, the chosen one, the body diagram's fills, the cap bar.
    ['text', 'best-bg'],
    ['muted', 'best-bg'],
    ['accent', 'best-bg'],
    ['text', 'chosen-bg'],
    ['muted', 'chosen-bg'],
    ['clean-text', 'chosen-bg'],
    ['text', 'counted-fill'],
    ['text', 'part-fill'],
    ['error-text', 'error-bg'],
    ['warn-text', 'panel'],
    ['error-text', 'panel'],
    ['clean-text', 'panel'],
  ];
  describe.each(THEMES)('%s theme', (theme) => {
    const variable = (name: string) => colour(theme, name);
    it.each(textPairs)('--%s on --%s is at least 4.5:1', (fg, bg) => {
      expect(contrast(variable(fg), variable(bg))).toBeGreaterThanOrEqual(4.5);
    });

    it('text on the accent buttons and the "Best" badge, white text on covered body locations: at least 4.5:1', () => {
      expect(contrast(variable('on-accent'), variable('accent'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(variable('on-accent'), variable('accent-hover'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', variable('covered-fill'))).toBeGreaterThanOrEqual(4.5);
      // The danger button's hover: the page colour on --error-text.
      expect(contrast(variable('bg'), variable('error-text'))).toBeGreaterThanOrEqual(4.5);
    });

    it('the focus ring stands out from the page and panels by at least 3:1', () => {
      expect(contrast(variable('focus'), variable('bg'))).toBeGreaterThanOrEqual(3);
      expect(contrast(variable('focus'), variable('panel'))).toBeGreaterThanOrEqual(3);
    });

    it('the cap bar (a graphic) stands out from its track by at least 3:1, over the cap too', () => {
      expect(contrast(variable('cap-fill'), variable('panel'))).toBeGreaterThanOrEqual(3);
      expect(contrast(variable('cap-over'), variable('panel'))).toBeGreaterThanOrEqual(3);
    });
  });

  it('the dark theme sets every colour the light one does (none falls back to a light colour)', () => {
    const names = (text: string) => new Set([...text.matchAll(/--([a-z-]+):\s*#[0-9a-fA-F]{6}/g)].map((m) => m[1]!));
    const light = names(sheets.light);
    const darkNames = names(sheets.dark);
    expect([...light].filter((n) => !darkNames.has(n))).toEqual([]);
  });

  const variable = (name: string) => colour('light', name);

  it('a focused body location gets a ring outside its shape, on the page, so no fill can hide it', () => {
    // The focus colour on a covered (dark) location would be too faint, hence the ring outside it.
    expect(contrast(variable('focus'), variable('covered-fill'))).toBeLessThan(3);
    expect(css).toMatch(/\.body-part:focus-visible \.focus-ring \{\s*stroke: var\(--focus\);/);
    expect(css).not.toMatch(/\.body-part:focus-visible \.shape/);
    expect(contrast(variable('focus'), variable('bg'))).toBeGreaterThanOrEqual(3);
  });


});
