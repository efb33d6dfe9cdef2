// Spellchecking while typing, without ever downloading a dictionary (docs/security.md).
// - macOS: the system's spellchecker (NSSpellChecker); Electron downloads nothing there.
// - Windows 10 and later: Windows' own spellchecker, which Chromium uses there.
// - Linux: Chromium's Hunspell, which would fetch missing `.bdic` dictionaries from Google's CDN.
//   Only dictionaries already on this computer are used (`<settings folder>/Dictionaries/*.bdic`,
//   e.g. from the `hunspell_dictionaries.zip` Electron publishes with each release); with none,
//   spellchecking is off. On every system the download address is a closed port on this computer,
//   so a dictionary Chromium still asks for is never fetched from the network.
// The setting (Edit > Check Spelling While Typing) turns it off everywhere.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where Chromium would download dictionaries from: the discard port on loopback, never answered. */
export const NO_DOWNLOAD_URL = 'http://127.0.0.1:9/no-dictionary-downloads/';

export type SpellSession = {
  setSpellCheckerEnabled(enabled: boolean): void;
  setSpellCheckerLanguages(languages: string[]): void;
  setSpellCheckerDictionaryDownloadURL(url: string): void;
};

export type SpellingState = { enabled: boolean; languages: string[]; reason?: string };

/** The languages of the `.bdic` files in `folder` ("en-US-10-1.bdic" -> "en-US"), sorted. */
export function localDictionaries(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const languages = names.map((n) => /^([a-z]{2,3}(?:-[A-Z]{2})?)(?:-\d+)*\.bdic$/.exec(n)?.[1]).filter((l): l is string => l !== undefined);
  return [...new Set(languages)].sort();
}

/** Sets the session's spellchecker up for this system and the setting; says what it did. */
export function configureSpelling(ses: SpellSession, o: { enabled: boolean; platform: NodeJS.Platform; userData: string; locale: string }): SpellingState {
  ses.setSpellCheckerDictionaryDownloadURL(NO_DOWNLOAD_URL);
  if (!o.enabled) {
    ses.setSpellCheckerEnabled(false);
    return { enabled: false, languages: [], reason: 'turned off in Edit > Check Spelling While Typing' };
  }
  if (o.platform !== 'linux') {
    ses.setSpellCheckerEnabled(true);
    return { enabled: true, languages: [] };
  }
  const local = localDictionaries(join(o.userData, 'Dictionaries'));
  if (local.length === 0) {
    ses.setSpellCheckerLanguages([]);
    ses.setSpellCheckerEnabled(false);
    return { enabled: false, languages: [], reason: `no dictionary on this computer (${join(o.userData, 'Dictionaries')} holds no .bdic file)` };
  }
  // The interface language's dictionary first ("bg" matches "bg-BG"), then the rest.
  const lang = o.locale.toLowerCase();
  const first = local.filter((l) => l.toLowerCase() === lang || l.toLowerCase().split('-')[0] === lang.split('-')[0]);
  const languages = [...first, ...local.filter((l) => !first.includes(l))];
  ses.setSpellCheckerLanguages(languages);
  ses.setSpellCheckerEnabled(true);
  return { enabled: true, languages };
}
