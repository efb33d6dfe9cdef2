// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { setLanguage } from '../app/i18n';
import { makeCharacter } from '../testing/fake-api';
import { openCharacter } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const rulesFor = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id)!.textContent : '';
};

// The rule text: "Щит не може да използва." The shield is the first weapon.
const BULGARIAN = '„Щит на Орела“ е щит, а магьосникът „щит не може да използва“.';
const ENGLISH = '"Щит на Орела" is a shield; a mage may not use a shield.';

describe('rule violations in the Bulgarian interface', () => {
  it('shows a bg-magic mage’s shield error in Bulgarian in the summary and at the field, and in English again after switching back', async () => {
    await openCharacter(
      makeCharacter({
        ruleset: 'bg-magic',
        name: 'Vasil',
        bgMagic: { path: 'battle', entitlement: 'leather', school: 'Огън' },
        weapons: [{ name: 'Щит на Орела', kind: 'shield' }],
      }),
    );
    act(() => setLanguage('bg'));
    const rules = screen.getByRole('region', { name: 'Проверка на правилата' });
    expect([...rules.querySelectorAll('.violation-message')].map((e) => e.textContent)).toEqual([BULGARIAN]);
    const weapons = screen.getByRole('region', { name: 'Оръжия и щитове' });
    const kind = within(weapons).getByRole('combobox', { name: 'Вид' });
    expect(rulesFor(kind)).toContain(BULGARIAN);

    act(() => setLanguage('en'));
    expect([...screen.getByRole('region', { name: 'Rules check' }).querySelectorAll('.violation-message')].map((e) => e.textContent)).toEqual([ENGLISH]);
    expect(rulesFor(within(screen.getByRole('region', { name: 'Weapons and shields' })).getByRole('combobox', { name: 'Kind' }))).toContain(ENGLISH);
  });
});
