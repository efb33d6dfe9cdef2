// @vitest-environment jsdom
// A character edited at two desks, merged in the desk view over a fake API: the fields that differ
// listed with both versions' values in words, a pick per field, the notes typed over, the rules
// check of the merged character following each pick (Fortune's Landing: "Armor only protects a
// character in areas where she is covered"), and the merge saved through resolveSyncConflict.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SyncStatus } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { fakeApi, makeCharacter } from '../testing/fake-api';
import { LanguageProvider, setLanguage } from '../app/i18n';
import { DeskSharing } from './DeskSharing';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const FOLDER = '/home/ana/Events/Autumn Muster';
const ID = '11111111-1111-4111-8111-111111111111';
const POTION = { id: '00000000-0000-4000-8000-000000000001', name: 'Potion', kind: 'item', text: '' };
const SHIELD = { id: '00000000-0000-4000-8000-000000000003', name: 'Shield of Oak', kind: 'item', text: 'Blocks one blow' };
const base = makeCharacter({ ruleset: 'fortunes-landing', id: ID, name: 'Ayla', player: 'Sam', items: [POTION] });
// Desk one: a note. Desk two: the player's full name, another note, sleeves on the jerkin and the
// left arm in the chosen areas, a shield card.
const one: Character = { ...base, notes: 'lost a hand', armour: [{ name: 'Jerkin', type: 'light-leather', locations: ['torso'] }], fortunesLanding: { armourAreas: ['torso'] } };
const two: Character = {
  ...base,
  player: 'Sam Hill',
  notes: 'new shield',
  armour: [{ name: 'Jerkin', type: 'light-leather', locations: ['torso', 'left-arm'] }],
  fortunesLanding: { armourAreas: ['torso', 'left-arm'] },
  items: [POTION, SHIELD],
};

function conflicted(api: ReturnType<typeof fakeApi>) {
  const status: SyncStatus = {
    folder: FOLDER,
    eventId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    role: 'desk',
    link: { kind: 'connected', since: '2026-10-02T09:00:00Z' },
    problems: [],
    // Desk one named itself in its version; desk two's (an older desk, or the command line) did not.
    conflicts: [{ id: ID, versions: [{ rev: '3-a', file: 'Ayla.character.json', character: one, savedBy: { desk: 'Gate', at: new Date(2026, 9, 2, 14, 5).toISOString() } }, { rev: '3-b', file: 'Ayla.character.json', character: two }] }],
  };
  // As the main process answers: the conflict until it is resolved, none after (the view polls every 2 s).
  let now = status;
  api.syncStatus = vi.fn(async () => now);
  api.resolveSyncConflict = vi.fn(async () => (now = { ...status, conflicts: [] }));
  return status;
}

const group = (name: string) => screen.getByRole('group', { name });
const checkText = () => screen.getByRole('region', { name: 'Rules check of the merged character' }).textContent;

describe('merging a character edited at two desks', () => {
  it('lists what differs in words, checks the merge live, and saves one field from each side', async () => {
    const api = fakeApi();
    conflicted(api);
    render(<DeskSharing api={api} folder={FOLDER} />);
    await screen.findByRole('region', { name: /Ayla was edited at two desks: keep one version or merge them/ });
    expect(within(screen.getByRole('list', { name: 'The versions' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      // The tests' locale is plain "en" (the app's follows the system or the setting).
      'Version 1: saved at Gate, Oct 2, 2026, 2:05 PM',
      'Version 2: which desk saved it is not known',
    ]);
    const legends = [...within(group('What differs')).getAllByRole('group')].map((g) => g.querySelector('legend')!.textContent);
    expect(legends).toEqual(['Player', 'Notes', 'Armour piece: Jerkin', 'Item card: Shield of Oak', "Fortune's Landing: Areas averaged into the rating"]);
    const radios = (name: string) => within(group(name)).getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    expect(radios('Armour piece: Jerkin')).toEqual(['Version 1: Light leather on Torso', 'Version 2: Light leather on Torso, Left arm']);
    expect(radios('Item card: Shield of Oak')).toEqual(['Version 1: — not in this version', 'Version 2: Shield of Oak (item): Blocks one blow']);
    expect(radios("Fortune's Landing: Areas averaged into the rating")).toEqual(['Version 1: Torso', 'Version 2: Torso, Left arm']);
    // Version 1 is chosen everywhere to begin with: the jerkin on the torso, the torso chosen: clean.
    expect(checkText()).toMatch(/No problems/);

    // Desk two's areas with desk one's jerkin: the left arm is chosen but nothing covers it.
    fireEvent.click(within(group("Fortune's Landing: Areas averaged into the rating")).getByRole('radio', { name: /Version 2/ }));
    expect(checkText()).toMatch(/1 error/);
    expect(checkText()).toMatch(/include the left arm, but no armour covers it/);
    // Desk two's jerkin too: covered again, clean.
    fireEvent.click(within(group('Armour piece: Jerkin')).getByRole('radio', { name: /Version 2/ }));
    expect(checkText()).toMatch(/No problems/);

    // The player from desk two, the shield card kept, the notes put together and typed over.
    fireEvent.click(within(group('Player')).getByRole('radio', { name: 'Version 2: Sam Hill' }));
    fireEvent.click(within(group('Item card: Shield of Oak')).getByRole('radio', { name: /Version 2/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Put both texts together' }));
    const notes = screen.getByRole('textbox', { name: 'Notes as merged' }) as HTMLTextAreaElement;
    expect(notes.value).toBe('lost a hand\n\nnew shield');
    fireEvent.change(notes, { target: { value: 'lost a hand; new shield' } });
    // Desk one's armour after all: the merge is checked again at once.
    fireEvent.click(within(group('Armour piece: Jerkin')).getByRole('radio', { name: /Version 1/ }));
    expect(checkText()).toMatch(/no armour covers it/);
    fireEvent.click(within(group('Armour piece: Jerkin')).getByRole('radio', { name: /Version 2/ }));
    // The typed notes stay when other fields are picked.
    expect(notes.value).toBe('lost a hand; new shield');

    fireEvent.click(screen.getByRole('button', { name: 'Save the merge' }));
    const expected: Character = { ...two, notes: 'lost a hand; new shield' };
    // (Waits allow for a machine busy with other suites: each pick re-runs the rules check.)
    await waitFor(() => expect(api.resolveSyncConflict).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    const sent = vi.mocked(api.resolveSyncConflict).mock.calls[0]![0];
    expect(sent.folder).toBe(FOLDER);
    expect(sent.characterId).toBe(ID);
    expect(sent.keep).toEqual(expected);
    // The versions the volunteer saw: the main process refuses the merge if another arrived meanwhile.
    expect(sent.revs).toEqual(['3-a', '3-b']);
    await waitFor(() => expect(screen.queryByRole('region', { name: /edited at two desks/ })).toBeNull(), { timeout: 5_000 });
  });

  it('picking a version again puts its text back; keeping version 1 as it is sends it unchanged', async () => {
    const api = fakeApi();
    conflicted(api);
    render(<DeskSharing api={api} folder={FOLDER} />);
    const notes = (await screen.findByRole('textbox', { name: 'Notes as merged' })) as HTMLTextAreaElement;
    expect(notes.value).toBe('lost a hand');
    fireEvent.change(notes, { target: { value: 'typed' } });
    fireEvent.click(within(group('Notes')).getByRole('radio', { name: 'Version 2: new shield' }));
    expect(notes.value).toBe('new shield');
    fireEvent.click(screen.getByRole('button', { name: 'Keep version 1 as it is' }));
    await waitFor(() => expect(api.resolveSyncConflict).toHaveBeenCalledWith({ folder: FOLDER, characterId: ID, keep: one, revs: ['3-a', '3-b'] }));
  });

  it('a refusal from the main process (changed again at another desk) is shown, and nothing is lost from the panel', async () => {
    const api = fakeApi();
    conflicted(api);
    api.resolveSyncConflict = vi.fn(async () => {
      throw new Error("Error invoking remote method 'qm:resolveSyncConflict': Error: Ayla was changed again at another desk meanwhile; look at the versions again (nothing was changed)");
    });
    render(<DeskSharing api={api} folder={FOLDER} />);
    await screen.findByRole('region', { name: /Ayla was edited at two desks/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save the merge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ayla was changed again at another desk meanwhile; look at the versions again (nothing was changed)');
    expect(screen.getByRole('region', { name: /Ayla was edited at two desks/ })).toBeTruthy();
  });

  it('in Bulgarian: the fields, the values and the rules check in the reader\'s words', async () => {
    const api = fakeApi();
    conflicted(api);
    act(() => setLanguage('bg'));
    render(
      <LanguageProvider>
        <DeskSharing api={api} folder={FOLDER} />
      </LanguageProvider>,
    );
    await screen.findByRole('region', { name: /Ayla е променен на две бюра/ });
    const legends = [...within(group('Какво се различава')).getAllByRole('group')].map((g) => g.querySelector('legend')!.textContent);
    expect(legends).toEqual(['Играч', 'Бележки', 'Броня: Jerkin', 'Карта на предмет: Shield of Oak', "Fortune's Landing: Области, от които се изчислява средната стойност"]);
    expect(within(group('Броня: Jerkin')).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Версия 1: Лека кожа на Торс', 'Версия 2: Лека кожа на Торс, Лява ръка']);
    expect(within(group('Карта на предмет: Shield of Oak')).getAllByRole('radio')[0]!.closest('label')!.textContent).toBe('Версия 1: — няма го в тази версия');
    expect(screen.getByRole('region', { name: 'Проверка на правилата за слетия персонаж' }).textContent).toContain('Няма проблеми: героят спазва правилата.');
  });
});
