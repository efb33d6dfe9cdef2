// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Character } from '../../core/model/character';
import { makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

// Elowen (assets/examples/nov-elowen): Power Points 12 and a Ring of Focus (8) make a pool of 20;
// the Amulet's 2 points break cap. Revive (5) costs 4 with Healer's Calling (-1, Revive only),
// three times: 12; Purify Spirit (3) three times: 9. The plan costs 21; the 2 break-cap points are
// spent first, so 19 count against the cap of 20.
const ELOWEN: Character = makeCharacter({
  ruleset: 'novitas',
  name: 'Elowen',
  skills: [{ id: 'power-points', level: 12 }],
  novitas: {
    sources: [
      { name: 'Ring of Focus', points: 8, breaksCap: false },
      { name: 'Amulet of the Deep Well', points: 2, breaksCap: true },
    ],
    spells: [
      { name: 'Purify Spirit', level: 3 },
      { name: 'Revive', level: 5 },
      { name: 'Mend', level: 1 },
    ],
    reductions: [{ name: "Healer's Calling", amount: 1, spells: ['Revive'] }],
    plan: [
      { spell: 'Revive', times: 3 },
      { spell: 'Purify Spirit', times: 3 },
    ],
  },
});

const magic = () => screen.getByRole('region', { name: 'Magic' });
const meter = () => within(magic()).getByRole('meter', { name: 'Today against the cap' });
const planRows = () =>
  within(within(magic()).getByRole('table', { name: 'The day’s plan' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(2, 5).map((c) => c.textContent));

describe('Novitas magic', () => {
  it('shows the pool, break-cap points, each planned spell’s cost after reductions and the cap bar', async () => {
    await openCharacter(ELOWEN);
    const facts = [...magic().querySelectorAll('dl.facts > div')].map((d) => d.textContent);
    expect(facts).toEqual(['Pool20', 'Break cap2']);
    // cost each, total, reductions applied
    expect(planRows()).toEqual([
      ['4', '12', "Healer's Calling"],
      ['3', '9', 'none'],
    ]);
    expect(meter().getAttribute('aria-valuenow')).toBe('19');
    expect(meter().getAttribute('aria-valuetext')).toBe('19 of 20 points');
    expect(meter().className).not.toContain('is-over');
  });

  it('updates everything as the power points change, and marks the plan line that crosses the cap', async () => {
    const { app } = await openCharacter(ELOWEN);
    fireEvent.change(within(magic()).getByRole('spinbutton', { name: 'Power points (skill)' }), { target: { value: '14' } });
    // The field is the Power Points skill itself: one number, no second one to agree with.
    expect(editedCharacter(app).skills).toEqual([{ id: 'power-points', level: 14 }]);
    expect(editedCharacter(app).novitas).not.toHaveProperty('powerPoints');
    expect(magic().querySelector('dl.facts > div')!.textContent).toBe('Pool22');
    expect(screen.getByRole('spinbutton', { name: /^Level of Power Points/ })).toHaveProperty('value', '14');
    expect(screen.queryByText(/make the two agree/)).toBeNull();

    // Mend twice more: 21 + 2 = 23 planned, 21 against the cap: over it by 1, on line 3.
    fireEvent.click(within(magic()).getByRole('button', { name: 'Add to the plan' }));
    fireEvent.change(within(magic()).getByRole('combobox', { name: 'Spell of line 3' }), { target: { value: 'Mend' } });
    fireEvent.change(within(magic()).getByRole('spinbutton', { name: 'Times of line 3' }), { target: { value: '2' } });
    expect(editedCharacter(app).novitas!.plan[2]).toEqual({ spell: 'Mend', times: 2 });
    expect(meter().getAttribute('aria-valuetext')).toBe('21 of 20 points');
    expect(meter().className).toContain('is-over');
    const times = within(magic()).getByRole('spinbutton', { name: 'Times of line 3' });
    expect(times.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(times.getAttribute('aria-describedby')!)!.textContent).toContain('crosses it');
  });

  it('edits sources, spells and reductions (a list of spell names typed with commas)', async () => {
    const { app } = await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Nia' }));
    // A character without the novitas block gets one on the first edit.
    fireEvent.click(within(magic()).getByRole('button', { name: 'Add a spell' }));
    fireEvent.change(within(magic()).getByRole('textbox', { name: 'Spell' }), { target: { value: 'Heal' } });
    fireEvent.change(within(magic()).getByRole('textbox', { name: 'Name of the new source' }), { target: { value: ' Amulet ' } });
    fireEvent.click(within(magic()).getByRole('button', { name: 'Add a source' }));
    fireEvent.click(within(magic()).getByRole('checkbox', { name: 'Breaks cap' }));
    fireEvent.click(within(magic()).getByRole('button', { name: 'Add a reduction' }));
    const list = within(magic()).getByRole('textbox', { name: 'Only for these spells' }) as HTMLInputElement;
    fireEvent.change(list, { target: { value: 'Heal,' } });
    // What is typed stays as typed (the comma is kept) while the character gets the names.
    expect(list.value).toBe('Heal,');
    fireEvent.change(list, { target: { value: 'Heal, Mend' } });
    expect(editedCharacter(app).novitas).toEqual({
      sources: [{ name: 'Amulet', points: 1, breaksCap: true }],
      spells: [{ name: 'Heal', level: 1 }],
      reductions: [{ name: '', amount: 1, spells: ['Heal', 'Mend'] }],
      plan: [],
    });
    fireEvent.change(list, { target: { value: ' ' } });
    expect(editedCharacter(app).novitas!.reductions[0]).toEqual({ name: '', amount: 1 });
  });

  it('does not add a source with no name and says why beside the field; a file holding one shows the rule error on it', async () => {
    const { app } = await openCharacter(ELOWEN);
    const name = within(magic()).getByRole('textbox', { name: 'Name of the new source' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(magic()).getByRole('button', { name: 'Add a source' }));
    expect(editedCharacter(app).novitas!.sources).toHaveLength(2);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Error Type the name of the item or ability that gives the points first: a source with no name is not added, as it could not be checked.',
    );
    // A name clears the message and adds the source, with 1 point: Ring 8 + 1 + skill 12 = 21.
    fireEvent.change(name, { target: { value: 'Crystal' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(magic()).getByRole('button', { name: 'Add a source' }));
    expect(editedCharacter(app).novitas!.sources[2]).toEqual({ name: 'Crystal', points: 1, breaksCap: false });
    expect(magic().querySelector('dl.facts > div')!.textContent).toBe('Pool21');
    cleanup();

    await openCharacter({ ...ELOWEN, novitas: { ...ELOWEN.novitas!, sources: [{ name: '', points: 3, breaksCap: false }] } });
    const blank = within(magic()).getByRole('textbox', { name: 'Source' });
    expect(blank.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(blank.getAttribute('aria-describedby')!)!.textContent).toContain('Power source 1 (3 points) has no name');
  });

  it('says an empty spell name cannot be saved, beside the field', async () => {
    await openCharacter(ELOWEN);
    const name = within(magic()).getAllByRole('textbox', { name: 'Spell' })[2]!;
    fireEvent.change(name, { target: { value: '' } });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toContain('cannot be saved until it is fixed: it must not be empty.');
  });

  it('checks an incantation as it is typed', async () => {
    await openCharacter(ELOWEN);
    const box = within(magic()).getByRole('textbox', { name: 'Incantation' });
    fireEvent.change(within(magic()).getByRole('combobox', { name: 'Spell being cast' }), { target: { value: 'Revive' } });
    fireEvent.change(box, { target: { value: 'Revive now' } });
    // Two words, fewer than 8.
    expect(within(magic()).getByText('It has 2 words; Novitas requires at least 8.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'By the light of dawn I call you back: Revive and Mend!' } });
    expect(within(magic()).getByText('It also names “Mend”, another spell: only one spell name may be said.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'By the light of dawn I call you back, Revive!' } });
    expect(within(magic()).getByText('10 words')).toBeTruthy();
    expect(within(magic()).getByText('This incantation meets the sheet’s checks.')).toBeTruthy();
  });
});
