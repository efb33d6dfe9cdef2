// The window's background before the page draws is the page's own --bg, in each theme, so neither
// a light nor a dark start flashes another colour.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyTheme, themeBackground, WINDOW_BACKGROUND } from './theme';

const css = readFileSync(new URL('../../renderer/app/styles/app.css', import.meta.url), 'utf8');
const darkAt = css.indexOf('@media (prefers-color-scheme: dark)');
const bgOf = (text: string) => /--bg:\s*(#[0-9a-fA-F]{6})/.exec(text)?.[1];

describe('theme', () => {
  it('uses the stylesheet\'s page colour of each theme as the window background', () => {
    expect(darkAt).toBeGreaterThan(0);
    expect(bgOf(css.slice(0, darkAt))).toBe(WINDOW_BACKGROUND.light);
    expect(bgOf(css.slice(darkAt))).toBe(WINDOW_BACKGROUND.dark);
  });

  it('passes the setting to nativeTheme and picks the background for the colours in use', () => {
    const native = { themeSource: 'system' as 'system' | 'light' | 'dark', shouldUseDarkColors: false };
    expect(applyTheme(native, 'light')).toBe('#ffffff');
    expect(native.themeSource).toBe('light');
    native.shouldUseDarkColors = true;
    expect(applyTheme(native, 'dark')).toBe('#16181c');
    expect(native.themeSource).toBe('dark');
    expect(themeBackground({ shouldUseDarkColors: false })).toBe('#ffffff');
  });
});
