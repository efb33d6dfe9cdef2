// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { UNDO_LIMIT } from './history';
import { createApp } from '../app/App';
import { fakeApi, FOLDER, makeCharacter } from '../testing/fake-api';
import { editedCharacter, openCharacter } from '../testing/render';

afterEach(cleanup);

const saveState = () => document.querySelector('.save-state')!.textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('undo and redo', () => {
  it('undoes ten edits of different kinds with Ctrl+Z, the Edit menu and the button, back to the file', async () => {
    const ayla = makeCharacter({ ruleset: 'fortunes-landing', name: 'Ayla' });
    const { app, api } = await openCharacter(ayla);
    expect(button('Undo').disabled).toBe(true);
    const armour = screen.getByRole('region', { name: 'Armour' });
    // 1 name, 2 add piece, 3 type, 4-5 torso and left leg, 6 choice of areas, 7 add skill, 8 add weapon, 9 kind, 10 notes
    fireEvent.change(screen.getByRole('textbox', { name: 'Character name' }), { target: { value: 'Ayla the Bold' } });
    fireEvent.click(within(armour).getByRole('button', { name: 'Add an armour piece' }));
    fireEvent.change(within(armour).getByRole('combobox', { name: 'Type' }), { target: { value: 'plate' } });
    fireEvent.click(within(armour).getByRole('checkbox', { name: /^Torso[,.]/ }));
    fireEvent.click(within(armour).getByRole('checkbox', { name: /^Left leg[,.]/ }));
    fireEvent.click(within(within(armour).getByRole('group', { name: 'Areas averaged into the rating' })).getAllByRole('radio')[2]!);
    fireEvent.click(button('Add the skill Strikes'));
    fireEvent.click(button('Add a weapon'));
    fireEvent.change(within(screen.getByRole('region', { name: 'Weapons and shields' })).getByRole('combobox', { name: 'Kind' }), { target: { value: 'polearm' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Ten steps.' } });
    const after = editedCharacter(app);
    expect(after).toMatchObject({ name: 'Ayla the Bold', notes: 'Ten steps.', weapons: [{ kind: 'polearm' }], skills: [{ id: 'strikes' }] });
    const screenNow = app.store.get().screen;
    expect(screenNow.kind === 'character' ? screenNow.doc.history.past : []).toHaveLength(10);

    for (let i = 0; i < 4; i++) fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    for (let i = 0; i < 3; i++) act(() => api.fireMenuCommand('undo'));
    for (let i = 0; i < 2; i++) fireEvent.keyDown(window, { key: 'Z', metaKey: true });
    fireEvent.click(button('Undo'));
    expect(editedCharacter(app)).toEqual(ayla);
    expect(saveState()).toBe('All changes saved');
    expect(button('Undo').disabled).toBe(true);

    // Redo: Ctrl+Y, Ctrl+Shift+Z, the menu; then a new edit drops what was left to redo.
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(editedCharacter(app).name).toBe('Ayla the Bold');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    act(() => api.fireMenuCommand('redo'));
    expect(editedCharacter(app).armour).toEqual([{ name: '', type: 'plate', locations: [] }]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Ben' } });
    expect(button('Redo').disabled).toBe(true);
  });

  it('makes typing in one field one step, and replaces the text box’s own undo', async () => {
    let now = 0;
    const { app } = await openCharacter(makeCharacter({ ruleset: 'novitas', name: 'Nia' }), { now: () => now });
    const name = screen.getByRole('textbox', { name: 'Character name' });
    for (const value of ['Nia ', 'Nia t', 'Nia th', 'Nia the', 'Nia the Wise']) {
      now += 150;
      fireEvent.change(name, { target: { value } });
    }
    now += 5_000;
    fireEvent.change(screen.getByRole('textbox', { name: 'Player' }), { target: { value: 'Jo' } });
    // Ctrl+Z inside the name box undoes the character's last edit (the player), then the typing as one step.
    name.focus();
    fireEvent.keyDown(name, { key: 'z', ctrlKey: true });
    expect(editedCharacter(app)).toMatchObject({ name: 'Nia the Wise', player: '' });
    fireEvent.keyDown(name, { key: 'z', ctrlKey: true });
    expect(editedCharacter(app).name).toBe('Nia');
    expect((name as HTMLInputElement).value).toBe('Nia');
  });

  it(`keeps at least 200 steps (${UNDO_LIMIT})`, async () => {
    // The store and actions alone (drawing 400 edits in jsdom would only slow the test down).
    const path = `${FOLDER}/brannoc.character.json`;
    const app = createApp(fakeApi({ files: { [path]: makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc' }) } }));
    await app.actions.openEntry(path);
    for (let i = 1; i <= 210; i++) app.actions.edit((c) => ({ ...c, notes: `step ${i}` }));
    for (let i = 0; i < 200; i++) app.actions.undo();
    expect(editedCharacter(app).notes).toBe('step 10');
    for (let i = 0; i < 200; i++) app.actions.redo();
    expect(editedCharacter(app).notes).toBe('step 210');
  });
});
