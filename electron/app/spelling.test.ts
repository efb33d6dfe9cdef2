// Spellchecking without downloads, and the right-click menu built from Electron's parameters.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextMenuTemplate } from './context-menu';
import { configureSpelling, localDictionaries, NO_DOWNLOAD_URL, type SpellSession } from './spelling';
import { tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-spell-')));
afterEach(() => cleanup());

function session() {
  const calls: unknown[][] = [];
  const ses: SpellSession = {
    setSpellCheckerDictionaryDownloadURL: (u) => void calls.push(['url', u]),
    setSpellCheckerEnabled: (on) => void calls.push(['enabled', on]),
    setSpellCheckerLanguages: (l) => void calls.push(['languages', l]),
  };
  return { ses, calls };
}

describe('spelling', () => {
  it('points downloads at a closed loopback port on every system, before anything else', () => {
    expect(new URL(NO_DOWNLOAD_URL).hostname).toBe('127.0.0.1');
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const { ses, calls } = session();
      configureSpelling(ses, { enabled: true, platform, userData: dir, locale: 'en-GB' });
      expect(calls[0]).toEqual(['url', NO_DOWNLOAD_URL]);
    }
  });

  it('on Linux uses only the dictionaries on this computer, the interface language first', async () => {
    await mkdir(join(dir, 'Dictionaries'));
    for (const f of ['en-US-10-1.bdic', 'bg-BG-3-0.bdic', 'en-GB-10-1.bdic', 'notes.txt', 'de-DE-3-0.bdic.tmp']) await writeFile(join(dir, 'Dictionaries', f), '');
    expect(localDictionaries(join(dir, 'Dictionaries'))).toEqual(['bg-BG', 'en-GB', 'en-US']);
    const { ses, calls } = session();
    expect(configureSpelling(ses, { enabled: true, platform: 'linux', userData: dir, locale: 'bg' })).toEqual({ enabled: true, languages: ['bg-BG', 'en-GB', 'en-US'] });
    expect(calls.slice(1)).toEqual([['languages', ['bg-BG', 'en-GB', 'en-US']], ['enabled', true]]);
  });

  it('on Linux without a local dictionary turns spellchecking off instead of fetching one', () => {
    const { ses, calls } = session();
    const state = configureSpelling(ses, { enabled: true, platform: 'linux', userData: dir, locale: 'en-US' });
    expect(state).toMatchObject({ enabled: false, languages: [] });
    expect(state.reason).toMatch(/no dictionary on this computer/);
    expect(calls.slice(1)).toEqual([['languages', []], ['enabled', false]]);
  });

  it('the setting turns it off everywhere; macOS and Windows use the system spellchecker', () => {
    const off = session();
    expect(configureSpelling(off.ses, { enabled: false, platform: 'darwin', userData: dir, locale: 'en' }).enabled).toBe(false);
    expect(off.calls.slice(1)).toEqual([['enabled', false]]);
    const mac = session();
    expect(configureSpelling(mac.ses, { enabled: true, platform: 'win32', userData: dir, locale: 'en' }).enabled).toBe(true);
    expect(mac.calls.slice(1)).toEqual([['enabled', true]]);
  });
});

describe('the right-click menu', () => {
  const flags = { canUndo: false, canRedo: false, canCut: true, canCopy: true, canPaste: true, canDelete: true, canSelectAll: true, canEditRichly: false };
  const actions = { replaceMisspelling: () => undefined, addToDictionary: () => undefined };
  const labels = (t: ReturnType<typeof contextMenuTemplate>) => t.map((i) => i.label ?? i.role ?? i.type);

  it('says so when a misspelled word has no suggestions, and offers at most five', () => {
    expect(labels(contextMenuTemplate({ misspelledWord: 'Xqzt', dictionarySuggestions: [], isEditable: true, selectionText: '', editFlags: flags }, actions)).slice(0, 3)).toEqual(['No Guesses Found', 'separator', 'Add to Dictionary']);
    const many = contextMenuTemplate({ misspelledWord: 'teh', dictionarySuggestions: ['the', 'tea', 'ten', 'tee', 'tech', 'Ted', 'eh'], isEditable: true, selectionText: '', editFlags: flags }, actions);
    expect(labels(many).slice(0, 6)).toEqual(['the', 'tea', 'ten', 'tee', 'tech', 'separator']);
  });

  it('offers Copy for selected text outside a field, and nothing over plain page', () => {
    expect(labels(contextMenuTemplate({ misspelledWord: '', dictionarySuggestions: [], isEditable: false, selectionText: 'Aldric', editFlags: flags }, actions))).toEqual(['copy', 'separator', 'selectAll']);
    expect(contextMenuTemplate({ misspelledWord: '', dictionarySuggestions: [], isEditable: false, selectionText: '  ', editFlags: flags }, actions)).toEqual([]);
  });
});
