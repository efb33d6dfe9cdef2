import { describe, expect, it } from 'vitest';
import { deskCharacter } from '../desk/characters';
import { appendEntries } from '../desk/ledger';
import { newEvent } from '../desk/event';
import { example, exampleDesk, fakeId, stampAt } from '../desk/testing';
import { approve, reasonText, sendBack, undoApproval } from './approval-actions';
import { approvalQueue, editionOf, SENT_BACK_RECORD } from './approval-queue';

const event0 = newEvent({ name: 'Spring Court', game: 'bg-magic', start: '2026-04-10', id: fakeId(900) });
// Vasil, a mage (bg-magic): the folder's file is the approved edition.
const folder = [exampleDesk('vasil', {}, 'folder/bg-vasil.character.json')];
// The player sends a changed file: a round shield added. The rule text (004, section 6, mage
// equipment, digest in /work/shared/rules/README.md): "No shield." — an error.
const shielded = example('vasil', { weapons: [...example('vasil').weapons, { name: 'Кръгъл щит', kind: 'shield' }] });
const inboxFile = deskCharacter('folder/inbox/vasil.character.json', shielded);
const at = (t: string) => stampAt(`2026-04-10T${t}:00+01:00`, 'Gate');

describe('the approval queue', () => {
  it('holds a player’s changed file with the field that differs and its rule error', () => {
    const q = approvalQueue(event0, folder, [inboxFile]);
    expect(q.waiting).toHaveLength(1);
    const w = q.waiting[0]!;
    expect(w).toMatchObject({ name: 'Васил Вещера', kind: 'changed', file: 'folder/inbox/vasil.character.json', folderFile: 'folder/bg-vasil.character.json' });
    // The one difference: the weapon "Кръгъл щит", absent in the approved edition.
    expect(w.fields.map((f) => [f.area, f.label, f.values[0] === undefined])).toEqual([['weapons', 'Кръгъл щит', true]]);
    expect(w.errors.map((e) => [e.code, e.path])).toEqual([['bg.weapon.shield', 'weapons[1]']]);
  });

  it('holds a new character (no folder file has its id) with every field it has', () => {
    const other = deskCharacter('folder/inbox/new.character.json', example('vasil', { id: fakeId(5), name: 'Нов' }));
    const w = approvalQueue(event0, folder, [other]).waiting[0]!;
    expect(w.kind).toBe('new');
    expect(w.folderFile).toBeNull();
    expect(w.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['ruleset', 'name', 'player', 'weapons/Кама/1', 'bgMagic/path']));
    expect(w.fields.every((f) => f.values[0] === undefined)).toBe(true);
  });

  it('never touches the folder’s file: an inbox file only waits', () => {
    const before = JSON.stringify(folder);
    approvalQueue(event0, folder, [inboxFile]);
    expect(JSON.stringify(folder)).toBe(before);
  });

  it('holds nothing when the inbox file is the folder’s file as it is, and lists an unreadable one', () => {
    const same = deskCharacter('folder/inbox/same.character.json', example('vasil'));
    const q = approvalQueue(event0, folder, [same, { file: 'folder/inbox/bad.character.json', readable: false, problem: { code: 'file.invalid', message: 'folder/inbox/bad.character.json: field "name": required' } }]);
    expect(q.waiting).toEqual([]);
    expect(q.unchanged).toEqual([{ file: 'folder/inbox/same.character.json', id: shielded.id, folderFile: 'folder/bg-vasil.character.json' }]);
    expect(q.unreadable).toEqual([{ file: 'folder/inbox/bad.character.json', message: 'folder/inbox/bad.character.json: field "name": required' }]);
  });
});

describe('approving and sending back', () => {
  const file = { name: 'vasil.character.json', character: shielded, hash: inboxFile.readable ? inboxFile.hash : '' };

  it('approve: the entry names the edition, the file it came from and the one it replaces; the file no longer waits', () => {
    const { entry, edition } = approve(file, folder[0]!.readable ? folder[0]!.hash : null, at('18:00'));
    expect(entry).toMatchObject({ kind: 'approved', character: shielded.id, hash: file.hash, received: file.hash, from: 'vasil.character.json', desk: 'Gate' });
    expect(edition).toBe(shielded);
    const event = appendEntries(event0, [entry]);
    const q = approvalQueue(event, folder, [inboxFile]);
    expect(q.waiting).toEqual([]);
    // Approved, not yet moved out of the inbox (a crash between the steps): the node side finishes it.
    expect(q.approved.map((a) => [a.file, a.entry.id])).toEqual([['folder/inbox/vasil.character.json', entry.id]]);
  });

  it('undo of an approval: the player’s file waits again', () => {
    const { entry } = approve(file, null, at('18:00'));
    const event = appendEntries(appendEntries(event0, [entry]), [undoApproval(entry, at('18:01'))]);
    const q = approvalQueue(event, folder, [inboxFile]);
    expect(q.approved).toEqual([]);
    expect(q.waiting.map((w) => w.file)).toEqual(['folder/inbox/vasil.character.json']);
  });

  it('send back: the reason is an entry, the player’s file gets it as a history record, and it stops waiting', () => {
    const { entry, returned } = sendBack(event0, file, '  No shield: a mage carries none (section 6). ', at('18:05'));
    expect(entry).toMatchObject({ kind: 'sent-back', character: shielded.id, hash: file.hash, reason: 'No shield: a mage carries none (section 6).' });
    expect(returned.history?.at(-1)).toEqual({ kind: SENT_BACK_RECORD, at: entry.at, event: 'Spring Court', entry: entry.id, reason: 'No shield: a mage carries none (section 6).' });
    const event = appendEntries(event0, [entry]);
    const q = approvalQueue(event, folder, [inboxFile]);
    expect(q.waiting).toEqual([]);
    expect(q.sentBack.map((s) => [s.file, s.reason])).toEqual([['folder/inbox/vasil.character.json', 'No shield: a mage carries none (section 6).']]);

    // The file moved out of the inbox: the ledger still says it was sent back, until the player answers.
    expect(approvalQueue(event, folder, []).sentBack.map((s) => [s.name, s.reason, s.file])).toEqual([['Васил Вещера', 'No shield: a mage carries none (section 6).', 'vasil.character.json']]);

    // The player fixes it (the shield left out, a longer dagger) and sends it again, with the record.
    const fixed = { ...returned, weapons: [{ name: 'Кама', kind: 'short' as const, lengthCm: 45 }] };
    const again = deskCharacter('folder/inbox/vasil-2.character.json', fixed);
    const w = approvalQueue(event, folder, [again]).waiting[0]!;
    expect(w.errors).toEqual([]);
    expect(w.sentBack?.reason).toBe('No shield: a mage carries none (section 6).');
    // The record of the sending back is not part of the edition, so it is not a difference.
    expect(w.fields.map((f) => f.key)).toEqual(['weapons/Кама/1']);
    const approved = approve({ name: 'vasil-2.character.json', character: fixed, hash: again.readable ? again.hash : '' }, null, at('18:30'));
    expect(approved.edition.history).toBeUndefined();
    expect(approved.entry.hash).not.toBe(approved.entry.received);
  });

  it('a reason is required', () => {
    expect(reasonText('   ')).toEqual({ ok: false, message: 'A reason is needed to send a character back: the player reads it.' });
    expect(() => sendBack(event0, file, '', at('18:05'))).toThrow('A reason is needed');
  });

  it('editionOf leaves a character without sent-back records as it is', () => {
    expect(editionOf(shielded)).toBe(shielded);
  });
});
