// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { RULESETS } from '../../core/rulesets/index';
import { LEDGER_KINDS } from '../../core/desk/entries';
import { setLanguage, t, tn, tools } from './i18n';
import { bg } from './locales/bg';
import { en } from './locales/en';
import { SKILLS_BG } from '../../core/rulesets/skills-bg';
import { makeCharacter } from '../testing/fake-api';
import { openCharacter, renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Strings that are the same in both languages: names, codes and bare placeholders. */
const SAME = new Set(['app.title', 'ruleset.novitas', 'ruleset.fortunes-landing', 'ruleset.curious-pastimes', 'settings.paper.a4', 'settings.paper.letter']);

describe('string tables', () => {
  it('Bulgarian has every English key, with the same placeholders, in Cyrillic', () => {
    expect(Object.keys(bg).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const bulgarian = bg[key as keyof typeof en];
      expect(bulgarian.trim(), key).not.toBe('');
      expect(placeholders(bulgarian), key).toEqual(placeholders(english));
      const onlyPlaceholders = english.replace(/\{\{\w+\}\}/g, '').replace(/[\s,.:()×=;]/g, '') === '';
      if (SAME.has(key) || onlyPlaceholders) continue;
      expect(bulgarian, key).not.toBe(english);
      expect(bulgarian, key).toMatch(/[а-яА-Я]/);
    }
  });

  it('every kind of ledger entry has a name in both languages (the ledger panel shows words, not codes)', () => {
    for (const kind of LEDGER_KINDS) {
      const key = `desk.ledger.kind.${kind}` as keyof typeof en;
      expect(en[key], kind).toMatch(/^[a-z][a-z -]+$/);
      expect(bg[key as keyof typeof bg], kind).toMatch(/^[а-я][а-я ,-]+$/);
    }
  });

  it('every catalogue skill of every game has a Bulgarian name and description', () => {
    for (const ruleset of Object.values(RULESETS)) {
      for (const skill of ruleset.skills) {
        const text = SKILLS_BG[ruleset.id as keyof typeof SKILLS_BG][skill.id];
        expect(text?.name, `${ruleset.id} ${skill.id}`).toMatch(/[а-яА-Я]/);
        expect(text?.description ?? '', `${ruleset.id} ${skill.id}`).toMatch(/[а-яА-Я]/);
      }
    }
  });

  it('picks plural forms and formats numbers and dates for the language', () => {
    expect(tn('status.errors', 1)).toBe('1 error');
    expect(tn('status.errors', 3)).toBe('3 errors');
    act(() => setLanguage('bg'));
    expect(tn('status.errors', 1)).toBe('1 грешка');
    expect(tn('status.errors', 3)).toBe('3 грешки');
    expect(t('rules.error')).toBe('Грешка');
    expect(document.documentElement.lang).toBe('bg');
    // Bulgarian: decimal comma, space between thousands from 10 000 (Intl, CLDR).
    expect(tools('bg').num(1.5)).toBe('1,5');
    expect(tools('bg').num(12345)).toBe('12\u00a0345');
    expect(tools('en').num(12345)).toBe('12,345');
    const noon = Date.UTC(2025, 0, 2, 12, 0);
    expect(tools('bg').dateTime(noon)).toMatch(/2\.01\.2025/);
    expect(tools('en').dateTime(noon)).toMatch(/Jan 2, 2025/);
  });

  it('writes every number put into a string in the locale, not as bare digits (the library count of a big event)', () => {
    expect(tools('en', 'en-GB').tn('library.countAll', 20000)).toBe('20,000 characters');
    expect(tools('en', 'en-GB').tn('library.count', 20000, { shown: 1500 })).toBe('1,500 of 20,000 characters');
    // Bulgarian groups thousands from five digits, with a no-break space (CLDR).
    expect(tools('bg', 'bg').tn('library.countAll', 20000)).toBe('20\u00a0000 героя');
    expect(tools('bg', 'bg').tn('library.countAll', 2000)).toBe('2000 героя');
    // English words, German numbers: the locale setting, not the language, decides.
    expect(tools('en', 'de').tn('library.countAll', 2000)).toBe('2.000 characters');
    expect(tn('library.countAll', 2000)).toBe('2,000 characters');
    // A string's own {{locale}} (the settings' "As the system (…)") is the caller's, not the formatter's.
    expect(tools('en', 'de').t('settings.locale.system', { locale: 'English (United Kingdom)' })).toBe('As the system (English (United Kingdom))');
  });
});

describe('switching the language', () => {
  it('changes every label at once from the settings, and keeps the choice', async () => {
    const { api } = await openCharacter(makeCharacter({ ruleset: 'bg-magic', name: 'Vasil', bgMagic: { path: 'role', entitlement: 'leather', order: 'Silver Well', style: 'witcher' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Language' }), { target: { value: 'bg' } });
    expect(api.setSettings).toHaveBeenCalledWith({ language: 'bg' });
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Настройки' })).getByRole('button', { name: 'Готово' }));

    expect(screen.getByRole('region', { name: 'Самоличност' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Име на героя' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отмени' })).toBeTruthy();
    const path = screen.getByRole('region', { name: 'Пътят на мага' });
    expect((within(path).getByRole('combobox', { name: 'Боен или ролеви маг' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Ролеви маг');
    expect(within(path).getByText('Ролеви маг; полагаща се броня: Кожена. Наполовина повече от боен маг със същата броня: 4 × 1,5 = 6.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Проверка на правилата' }).textContent).toContain('Няма проблеми');
  });

  it('starts in the language the settings keep', async () => {
    const { fakeApi, entry, FOLDER } = await import('../testing/fake-api');
    const character = makeCharacter({ ruleset: 'novitas', name: 'Nia' });
    const api = fakeApi({ entries: [entry({ fileName: 'nia.character.json', name: 'Nia' })], files: { [`${FOLDER}/nia.character.json`]: character }, settings: { language: 'bg' } });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Отвори Nia' }));
    expect(await screen.findByRole('region', { name: 'Магия' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Запази' })).toBeTruthy();
  });
});
