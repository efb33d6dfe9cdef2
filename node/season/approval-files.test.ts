// Approval on real files in a temp folder: a player's file in inbox/ waits and never overwrites the
// folder's file; approving replaces it (backed up first) and moves the inbox file to inbox/.done/;
// sending back moves it to inbox/.sent-back/ with the reason in its history; an approval cut short
// after its entry was appended is finished when the queue is read again.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deskCharacterFromBytes, type DeskCharacter } from '../../core/desk/characters';
import { headerOf, newEvent } from '../../core/desk/event';
import { EXAMPLES, fakeId, stampAt } from '../../core/desk/testing';
import { approve } from '../../core/season/approval-actions';
import { EventLog } from '../event-log/event-log';
import { BACKUP_FOLDER } from '../fs/files';
import { nativeContentHash } from '../fs/sha256';
import { approveInboxFile, ApprovalError, readApprovalQueue, sendBackInboxFile } from './approval-files';
import { isInInbox } from './approval-inbox';

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
let dir: string;
let folder: string;
let log: EventLog;
let clock = Date.UTC(2026, 3, 10, 17);
const now = () => (clock += 1000);
const stamp = (t: string) => stampAt(`2026-04-10T${t}:00+01:00`, 'Gate');

// Vasil's folder file, and the player's copy with a shield ("No shield.": rule text 004, section 6).
const vasil = EXAMPLES.vasil;
const shielded = { ...vasil, weapons: [...vasil.weapons, { name: 'Кръгъл щит', kind: 'shield' }] };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qm-approval-'));
  folder = join(dir, 'Spring Court');
  await mkdir(join(folder, 'inbox'), { recursive: true });
  await writeFile(join(folder, 'bg-vasil.character.json'), json(vasil));
  await writeFile(join(folder, 'inbox', 'vasil.character.json'), json(shielded));
  log = await EventLog.create(join(folder, 'Spring Court.event.json'), headerOf(newEvent({ name: 'Spring Court', game: 'bg-magic', start: '2026-04-10', id: fakeId(900) })));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const folderCharacters = async (): Promise<DeskCharacter[]> => [deskCharacterFromBytes(await readFile(join(folder, 'bg-vasil.character.json')), join(folder, 'bg-vasil.character.json'), nativeContentHash)];
const queue = async () => readApprovalQueue(folder, log.event, await folderCharacters(), now);
const readJson = async (...parts: string[]) => JSON.parse(await readFile(join(folder, ...parts), 'utf8'));

describe('the inbox on disk', () => {
  it('a player’s file waits and the folder’s file stays as it is', async () => {
    const before = await readFile(join(folder, 'bg-vasil.character.json'), 'utf8');
    const q = await queue();
    expect(q.waiting.map((w) => [w.file, w.kind, w.errors.map((e) => e.code)])).toEqual([[join(folder, 'inbox', 'vasil.character.json'), 'changed', ['bg.weapon.shield']]]);
    expect(await readFile(join(folder, 'bg-vasil.character.json'), 'utf8')).toBe(before);
  });

  it('names the file and the field of an inbox file that does not validate', async () => {
    await writeFile(join(folder, 'inbox', 'broken.json'), json({ ...vasil, name: 42 }));
    const q = await queue();
    expect(q.unreadable).toHaveLength(1);
    expect(q.unreadable[0]!.message).toContain(join(folder, 'inbox', 'broken.json'));
    expect(q.unreadable[0]!.message).toContain('name');
  });

  it('knows the inbox is not the folder’s', () => {
    expect(isInInbox(folder, join(folder, 'inbox', 'a.character.json'))).toBe(true);
    expect(isInInbox(folder, join(folder, 'inboxes', 'a.character.json'))).toBe(false);
    expect(isInInbox(folder, join(folder, 'a.character.json'))).toBe(false);
  });
});

describe('decisions on disk', () => {
  it('approve: the entry is appended, the folder’s file replaced with a backup, the inbox file moved to .done', async () => {
    const waiting = (await queue()).waiting[0]!;
    const r = await approveInboxFile({ folder, log, folderCharacters: await folderCharacters(), name: 'vasil.character.json', expectedHash: waiting.hash, stamp: stamp('18:00'), now });
    expect(r.file).toBe(join(folder, 'bg-vasil.character.json'));
    expect((await readJson('bg-vasil.character.json')).weapons.map((w: { name: string }) => w.name)).toEqual(['Кама', 'Кръгъл щит']);
    const backups = await readdir(join(folder, BACKUP_FOLDER));
    expect(backups).toHaveLength(1);
    expect(await readdir(join(folder, 'inbox'))).toEqual(['.done']);
    expect(await readdir(join(folder, 'inbox', '.done'))).toEqual(['vasil.character.json']);
    const written = (await readFile(log.path, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(written.at(-1)).toMatchObject({ kind: 'approved', character: vasil.id, hash: waiting.hash, received: waiting.hash, from: 'vasil.character.json' });
    expect((await queue()).waiting).toEqual([]);
  });

  it('refuses to approve a file that changed since it was shown, changing nothing', async () => {
    const waiting = (await queue()).waiting[0]!;
    await writeFile(join(folder, 'inbox', 'vasil.character.json'), json({ ...shielded, notes: 'sent again' }));
    await expect(approveInboxFile({ folder, log, folderCharacters: await folderCharacters(), name: 'vasil.character.json', expectedHash: waiting.hash, stamp: stamp('18:00'), now })).rejects.toThrow(ApprovalError);
    expect((await readJson('bg-vasil.character.json')).weapons).toHaveLength(1);
    expect(log.event.entries).toEqual([]);
  });

  it('a new character gets its own file in the folder', async () => {
    await writeFile(join(folder, 'inbox', 'Zlatan.character.json'), json({ ...vasil, id: fakeId(7), name: 'Златан' }));
    const r = await approveInboxFile({ folder, log, folderCharacters: await folderCharacters(), name: 'Zlatan.character.json', stamp: stamp('18:00'), now });
    expect(r.file).toBe(join(folder, 'Zlatan.character.json'));
    expect((await readJson('Zlatan.character.json')).name).toBe('Златан');
    expect(log.event.entries.at(-1)).not.toHaveProperty('previous');
  });

  it('send back: the reason is appended and written into the player’s file, which moves to .sent-back', async () => {
    const r = await sendBackInboxFile({ folder, log, event: log.event, name: 'vasil.character.json', reason: 'No shield for a mage.', stamp: stamp('18:05'), now });
    expect(r.file).toBe(join(folder, 'inbox', '.sent-back', 'vasil.character.json'));
    const returned = await readJson('inbox', '.sent-back', 'vasil.character.json');
    expect(returned.history.at(-1)).toMatchObject({ kind: 'sent-back', event: 'Spring Court', reason: 'No shield for a mage.', entry: r.entry.id });
    expect(await readdir(join(folder, 'inbox'))).toEqual(['.sent-back']);
    expect((await readJson('bg-vasil.character.json')).weapons).toHaveLength(1);
    await expect(sendBackInboxFile({ folder, log, event: log.event, name: 'missing.character.json', reason: 'x', stamp: stamp('18:06'), now })).rejects.toThrow('missing.character.json');
  });

  it('an approval cut short after its entry was appended is finished when the queue is read', async () => {
    const waiting = (await queue()).waiting[0]!;
    const folderHash = (await folderCharacters())[0]!;
    const { entry } = approve({ name: 'vasil.character.json', character: shielded as never, hash: waiting.hash }, folderHash.readable ? folderHash.hash : null, stamp('18:00'));
    await log.append([entry]);
    const q = await queue();
    expect(q.waiting).toEqual([]);
    expect((await readJson('bg-vasil.character.json')).weapons).toHaveLength(2);
    expect(await readdir(join(folder, 'inbox', '.done'))).toEqual(['vasil.character.json']);
  });
});
