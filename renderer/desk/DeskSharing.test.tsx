// @vitest-environment jsdom
// Sharing in the desk view over a fake API: share on a chosen address (join code as text and QR),
// a joined desk's states (connected, offline with changes waiting, refused), a conflict shown side
// by side and one version kept, and a refusal from the main process shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SyncStatus } from '../../core/ipc/contract';
import { fakeApi } from '../testing/fake-api';
import { DeskSharing } from './DeskSharing';

afterEach(() => cleanup());

const FOLDER = '/home/ana/Events/Autumn Muster';
const CODE = 'qm://192.168.1.20:6984/3f2504e0-4f89-41d3-9a0c-0305e82c3301?k=abcdefghijklmnopqrstuvwxyzAB&f=' + 'a'.repeat(64);
const base = { folder: FOLDER, eventId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', problems: [], conflicts: [] };
const ayla = { format: 'quartermaster-character', version: 2, id: '11111111-1111-4111-8111-111111111111', ruleset: 'fortunes-landing', name: 'Ayla', player: 'Sam', notes: '', skills: [], armour: [], weapons: [], items: [] } as never;

describe('the desk view shares an event', () => {
  it('"Share this event…" offers the laptop\'s addresses and shows the join code as text and QR', async () => {
    const api = fakeApi();
    api.lanAddresses = vi.fn(async () => ['192.168.1.20', '10.0.0.5']);
    const hub: SyncStatus = { ...base, role: 'hub', link: { kind: 'hub', url: 'https://192.168.1.20:6984', since: '2026-10-02T09:00:00Z' }, joinCode: CODE, joinQrSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>' };
    api.shareEvent = vi.fn(async () => hub);
    render(<DeskSharing api={api} folder={FOLDER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share this event…' }));
    const host = await screen.findByLabelText(/This laptop’s address/);
    await waitFor(() => expect((host as HTMLInputElement).value).toBe('192.168.1.20'));
    fireEvent.click(screen.getByRole('button', { name: 'Start sharing' }));
    expect(await screen.findByDisplayValue(CODE)).toBeTruthy();
    expect(api.shareEvent).toHaveBeenCalledWith({ folder: FOLDER, host: '192.168.1.20' });
    expect(screen.getByRole('img', { name: 'The join code as a QR code' }).innerHTML).toMatch(/<svg/);
    expect(screen.getByRole('status').textContent).toMatch(/hosts the event at https:\/\/192\.168\.1\.20:6984/);
  });

  it('"Join an event…" joins with a code; the state line follows the link; a refusal is shown', async () => {
    const api = fakeApi();
    const at = new Date(2026, 9, 2, 14, 2).toISOString();
    api.joinEvent = vi.fn(async ({ code }) => {
      if (!code.startsWith('qm://')) throw new Error('a join code starts with qm://');
      return { ...base, role: 'desk', link: { kind: 'offline', since: at, waiting: 37, reason: 'ECONNREFUSED' } } as SyncStatus;
    });
    render(<DeskSharing api={api} folder={FOLDER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Join an event…' }));
    fireEvent.change(screen.getByLabelText(/Join code/), { target: { value: 'nonsense' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/starts with qm:\/\//);
    fireEvent.change(screen.getByLabelText(/Join code/), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Offline since 14:02, 37 changes waiting/);
  });

  it('lists every desk of the event: the hub, a connected desk, one offline since 14:02 with 37 waiting', async () => {
    const api = fakeApi();
    const local = (h: number, m: number) => new Date(2026, 9, 2, h, m).toISOString();
    const desks = [
      { id: '11111111-1111-4111-8111-111111111111', name: 'Gate', state: 'hub', since: local(9, 0), seenAt: local(14, 30), waiting: 0 },
      { id: '22222222-2222-4222-8222-222222222222', name: 'Field desk', state: 'offline', since: local(14, 2), seenAt: local(14, 2), waiting: 37 },
      { id: '33333333-3333-4333-8333-333333333333', name: 'Tavern', state: 'connected', since: local(9, 5), seenAt: local(14, 29), waiting: 0 },
    ] as NonNullable<SyncStatus['desks']>;
    api.syncStatus = vi.fn(async () => ({ ...base, role: 'desk', link: { kind: 'connected', since: local(9, 5) }, desks }) as SyncStatus);
    render(<DeskSharing api={api} folder={FOLDER} />);
    const list = await screen.findByRole('list', { name: 'The desks of this event' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Gate: hosts the event (the hub)',
      'Field desk: offline since 14:02, 37 changes waiting',
      'Tavern: connected (seen 14:29)',
    ]);
  });

  it("shows this desk's key fingerprint and each registered desk's beside its name", async () => {
    const api = fakeApi();
    const desks = [
      { id: '11111111-1111-4111-8111-111111111111', name: 'Gate', state: 'hub', since: '2026-10-02T09:00:00Z', seenAt: '2026-10-02T09:00:00Z', waiting: 0 },
      { id: '33333333-3333-4333-8333-333333333333', name: 'Tavern', state: 'connected', since: '2026-10-02T09:05:00Z', seenAt: new Date().toISOString(), waiting: 0 },
    ] as NonNullable<SyncStatus['desks']>;
    const keys = [{ deskId: '11111111-1111-4111-8111-111111111111', fingerprint: 'HP22-NSQ0-BPDA-0TWT' }, { deskId: '33333333-3333-4333-8333-333333333333', fingerprint: '1S2Q-4Y0G-A8MJ-1J0A' }];
    api.syncStatus = vi.fn(async () => ({ ...base, role: 'desk', link: { kind: 'connected', since: '2026-10-02T09:05:00Z' }, desks, keys, key: keys[1] }) as SyncStatus);
    render(<DeskSharing api={api} folder={FOLDER} />);
    const list = await screen.findByRole('list', { name: 'The desks of this event' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent?.split(' · ')[1])).toEqual(['key HP22-NSQ0-BPDA-0TWT', 'key 1S2Q-4Y0G-A8MJ-1J0A']);
    expect(screen.getByText("This desk's key: 1S2Q-4Y0G-A8MJ-1J0A (the other desks list it under this fingerprint)")).toBeTruthy();
  });

  it('a character edited at two desks: both versions side by side, one kept', async () => {
    const api = fakeApi();
    const versions = [
      { rev: '3-a', file: 'Ayla.character.json', character: { ...(ayla as object), notes: 'lost a hand' } },
      { rev: '3-b', file: 'Ayla.character.json', character: { ...(ayla as object), notes: 'new shield' } },
    ] as SyncStatus['conflicts'][number]['versions'];
    const conflicted: SyncStatus = { ...base, role: 'desk', link: { kind: 'connected', since: '2026-10-02T09:00:00Z' }, conflicts: [{ id: '11111111-1111-4111-8111-111111111111', versions }] };
    let now = conflicted;
    api.syncStatus = vi.fn(async () => now);
    api.resolveSyncConflict = vi.fn(async () => (now = { ...conflicted, conflicts: [] }));
    render(<DeskSharing api={api} folder={FOLDER} />);
    const section = await screen.findByRole('region', { name: /Ayla was edited at two desks/ });
    expect(section.textContent).toMatch(/lost a hand/);
    expect(section.textContent).toMatch(/new shield/);
    fireEvent.click(screen.getByRole('button', { name: 'Keep version 2 as it is' }));
    await waitFor(() => expect(api.resolveSyncConflict).toHaveBeenCalledWith({ folder: FOLDER, characterId: '11111111-1111-4111-8111-111111111111', keep: versions[1]!.character, revs: ['3-a', '3-b'] }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /edited at two desks/ })).toBeNull());
  });

  it('says what the desk did by itself: a character file deleted here written again', async () => {
    const api = fakeApi();
    const at = new Date(2026, 9, 2, 14, 5).toISOString();
    const message = 'Ayla.character.json was deleted at this desk and is written again: the character is still part of the event at every desk (retire it at the desk to take it out of play)';
    api.syncStatus = vi.fn(async () => ({ ...base, role: 'desk', link: { kind: 'connected', since: at }, notes: [{ at, message }] }) as SyncStatus);
    render(<DeskSharing api={api} folder={FOLDER} />);
    const list = await screen.findByRole('list', { name: 'What this desk did by itself' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([`14:05: ${message}`]);
  });
});
