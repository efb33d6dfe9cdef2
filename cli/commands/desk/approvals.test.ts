// `quartermaster desk approvals` in-process on a real folder: the list (a player's changed file in
// inbox/ with its field diff and rule error), a send back with its reason, then the fixed file
// approved and picked up by --reprint-changed's plan; the desk report leaves the inbox out.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerOf, newEvent } from '../../../core/desk/event';
import { headerLine } from '../../../core/desk/event-load';
import { EXAMPLES, fakeId } from '../../../core/desk/testing';
import { main } from '../../main';
import { captureIo } from '../../testing/capture';

async function run(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const vasil = EXAMPLES.vasil;
// "No shield." (rule text 004, section 6, mage equipment: /work/shared/rules/README.md digest).
const shielded = { ...vasil, weapons: [...vasil.weapons, { name: 'Кръгъл щит', kind: 'shield' }] };
let dir: string;
let eventFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-approvals-'));
  writeFileSync(join(dir, 'bg-vasil.character.json'), JSON.stringify(vasil));
  mkdirSync(join(dir, 'inbox'));
  writeFileSync(join(dir, 'inbox', 'vasil.character.json'), JSON.stringify(shielded));
  eventFile = join(dir, 'Spring Court.event.json');
  writeFileSync(eventFile, headerLine(headerOf(newEvent({ name: 'Spring Court', game: 'bg-magic', start: '2026-04-10', id: fakeId(900) }))));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entries = () => readFileSync(eventFile, 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l));

describe('quartermaster desk approvals', () => {
  it('lists the waiting file with what differs and its rule error; the desk report leaves the inbox out', async () => {
    const r = await run(['desk', dir, 'approvals']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Waiting for approval: 1\n');
    expect(r.out).toContain('Васил Вещера (Георги) · changed from bg-vasil.character.json · inbox/vasil.character.json · 1 rule error');
    expect(r.out).toContain('weapons "Кръгъл щит": (none) → {"kind":"shield","name":"Кръгъл щит"}');
    expect(r.out).toMatch(/error: .*\(weapons\[1\]\)/);
    const report = await run(['desk', dir]);
    expect(report.out).toContain('1 character: 1 clean, 0 with errors, 0 unreadable');
    expect(report.out).not.toContain('inbox');
  });

  it('sends back with a reason, then approves the fixed file, which the reprint then prints', async () => {
    expect((await run(['desk', 'approvals', dir, '--send-back', 'Васил Вещера'])).code).toBe(2);
    const sent = await run(['desk', 'approvals', dir, '--send-back', 'васил вещера', '--reason', 'No shield for a mage.', '--desk', 'Gate']);
    expect(sent.err).toBe('');
    expect(sent.code).toBe(0);
    expect(sent.out).toContain('Sent back Васил Вещера (Георги): inbox/.sent-back/vasil.character.json holds the reason');
    expect(entries().map((e) => [e.kind, e.reason, e.desk])).toEqual([['sent-back', 'No shield for a mage.', 'Gate']]);
    const returned = JSON.parse(readFileSync(join(dir, 'inbox', '.sent-back', 'vasil.character.json'), 'utf8'));
    expect(returned.history.at(-1)).toMatchObject({ kind: 'sent-back', reason: 'No shield for a mage.', event: 'Spring Court' });
    expect((await run(['desk', 'approvals', dir])).out).toContain('Waiting for approval: 0\n');

    // The player fixes it (no shield, a longer dagger) and sends it again, the record still in it.
    writeFileSync(join(dir, 'inbox', 'vasil-fixed.character.json'), JSON.stringify({ ...returned, weapons: [{ name: 'Кама', kind: 'short', lengthCm: 45 }] }));
    const list = await run(['desk', 'approvals', dir]);
    expect(list.out).toContain('inbox/vasil-fixed.character.json · no rule errors');
    expect(list.out).toContain('sent back before');
    const approved = await run(['desk', 'approvals', dir, '--approve', vasil.id]);
    expect(approved.err).toBe('');
    expect(approved.out).toContain('Approved Васил Вещера (Георги): bg-vasil.character.json is now the approved edition');
    const file = JSON.parse(readFileSync(join(dir, 'bg-vasil.character.json'), 'utf8'));
    expect(file.weapons).toEqual([{ name: 'Кама', kind: 'short', lengthCm: 45 }]);
    expect(file.history).toBeUndefined();
    expect(readdirSync(join(dir, 'inbox', '.done'))).toEqual(['vasil-fixed.character.json']);
    expect(existsSync(join(dir, 'inbox', 'vasil-fixed.character.json'))).toBe(false);
    expect(entries().map((e) => e.kind)).toEqual(['sent-back', 'approved']);
    const reprint = await run(['desk', dir, '--reprint-changed', '--out', join(dir, 'cards.pdf')]);
    expect(reprint.out).toContain('Updated');
    expect(entries().filter((e) => e.kind === 'printed').map((e) => e.character)).toEqual([vasil.id]);
  });

  it('says who is waiting when the name matches nobody', async () => {
    const r = await run(['desk', 'approvals', dir, '--approve', 'Nobody']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('nobody waiting for approval is "Nobody"');
    expect(r.err).toContain('Васил Вещера (vasil.character.json)');
  });
});
