// Light and dark: the window follows the system's mode through nativeTheme (which also drives the
// page's `prefers-color-scheme`, so renderer/app/styles/app.css switches its colours), or the setting
// (View > Appearance) pins one. The window's background is the page's, so nothing flashes white
// before the page has drawn in dark mode.
import type { ThemeSetting } from './settings';

/** The page background of each theme: `--bg` in renderer/app/styles/app.css (a test keeps them equal). */
export const WINDOW_BACKGROUND = { light: '#ffffff', dark: '#16181c' } as const;

export type ThemeSource = { themeSource: ThemeSetting; readonly shouldUseDarkColors: boolean };

/** Applies the setting; returns the window background it calls for. */
export function applyTheme(nativeTheme: ThemeSource, theme: ThemeSetting): string {
  nativeTheme.themeSource = theme;
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}

/** The window background for the colours in use now (after the system switched, say). */
export function themeBackground(nativeTheme: Pick<ThemeSource, 'shouldUseDarkColors'>): string {
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}
