// @vitest-environment jsdom
// The desk's rule problems in Bulgarian: Borislav (the shipped bg-magic example) wears a breastplate
// over mail on the torso and carries a shield, which breaks two mage rules.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { exampleDesk } from '../../core/desk/testing';
import type { DeskFolder } from '../../core/ipc/contract';
import { viewRows } from '../../core/desk/view-rows';
import { setLanguage } from '../app/i18n';
import { fakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const FOLDER = '/home/ana/Events/Spring';

async function openDesk() {
  const api = fakeApi();
  const folder: DeskFolder = {
    folder: FOLDER,
    rows: viewRows([exampleDesk('borislav', {}, `${FOLDER}/borislav.character.json`)]),
    eventFile: { kind: 'none', path: `${FOLDER}/Spring.event.json`, suggested: { name: 'Spring', game: 'bg-magic', start: '2026-04-01', end: '2026-04-01' } },
  };
  api.openEventFolder = vi.fn(async () => folder);
  renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: /^Event desk/ }));
  await screen.findByRole('heading', { level: 1, name: 'Event desk' });
  fireEvent.click(screen.getAllByRole('button', { name: 'Open event folder…' })[0]!);
  await screen.findByRole('table');
}

const problems = () => [...document.querySelectorAll('.desk-problems li')].map((li) => li.textContent);

describe('desk problems in Bulgarian', () => {
  it('words the bg-magic problems from the rule text, the location in the definite form', async () => {
    await openDesk();
    expect(problems()).toEqual([
      'Error: "Нагръдник" and "Ризница" are both metal armour on the torso; no mage may wear two metal armours one over the other.',
      'Error: "Кръгъл щит" is a shield; a mage may not use a shield.',
    ]);
    act(() => setLanguage('bg'));
    expect(problems()).toEqual([
      'Грешка: „Нагръдник“ и „Ризница“ са метални брони на торса, а „никой магьосник не може да носи две метални брони една върху друга“.',
      'Грешка: „Кръгъл щит“ е щит, а магьосникът „щит не може да използва“.',
    ]);
  });
});
