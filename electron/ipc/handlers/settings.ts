// The settings the renderer reads and sets (core/ipc/settings.ts).
import type { Settings } from '../../../core/ipc/contract';
import type { IpcHandlers } from '../types';
import type { HandlerContext } from './context';

export function settingsHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'getSettings' | 'setSettings'> {
  const { settings } = ctx;
  return {
    async getSettings() {
      return publicSettings(settings.get());
    },

    async setSettings(patch) {
      const clean: Partial<Pick<Settings, 'paper' | 'language' | 'locale'>> = {};
      if (patch.paper !== undefined) clean.paper = patch.paper;
      if (patch.language !== undefined) clean.language = patch.language;
      if (patch.locale !== undefined) clean.locale = patch.locale;
      return publicSettings(settings.update(clean));
    },
  };
}

function publicSettings(s: Settings): Settings {
  return {
    libraryFolder: s.libraryFolder,
    recentFiles: [...s.recentFiles],
    paper: s.paper,
    language: s.language,
    locale: s.locale,
    calibrations: (s.calibrations ?? []).map((c) => ({ ...c, offsetMm: { ...c.offsetMm }, backOffsetMm: { ...c.backOffsetMm } })),
    printer: s.printer ?? '',
  };
}
