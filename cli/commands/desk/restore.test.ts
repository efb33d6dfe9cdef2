// `quartermaster desk` on an event file that does not open: it says where the newest backup that
// opens is and the command that restores it; `--restore-backup` restores it (the broken file kept
// byte for byte), then reports as usual.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../../core/desk/testing';
import { EventLog } from '../../../node/event-log/event-log';
import { keepEventCopy } from '../../../node/event-log/restore';
import { runDesk } from './desk';
import { captureIo } from '../../testing/capture';

const NOW = new Date('2026-10-02T17:30:00Z');
const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const header = { format: 'quartermaster-event', version: 3, id: EVENT_ID, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' } } as const;
const entry = (n: number) => ({ id: `0b7d6a52-4a43-4c55-8e1a-${String(n).padStart(12, '0')}`, at: `2026-10-02T18:0${n}:00+01:00`, desk: 'Front desk', kind: 'note', text: `note ${n}` });


async function desk(args: string[]) {
  const io = captureIo();
  const code = await runDesk(args, io, { now: () => NOW, hostname: () => 'desk-laptop-1', fonts: async () => ({ regular: new Uint8Array(), bold: new Uint8Array() }) });
  return { code, out: io.stdout(), err: io.stderr() };
}

let folder: string;
let eventFile: string;
let backups: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'qm-cli-restore-'));
  eventFile = join(folder, 'autumn.event.json');
  backups = join(folder, '.quartermaster-backups', 'autumn.event.json');
  writeFileSync(join(folder, 'dimitri.character.json'), `${JSON.stringify(EXAMPLES.dimitri, null, 2)}\n`);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** An event of two notes with a copy kept, then a third note, then the header garbled. */
async function brokenEvent(): Promise<Buffer> {
  const log = await EventLog.create(eventFile, header as never);
  await log.append([entry(1), entry(2)] as never);
  await keepEventCopy(eventFile, folder, NOW.getTime() - 3_600_000);
  await log.append([entry(3)] as never);
  const text = readFileSync(eventFile, 'utf8');
  writeFileSync(eventFile, `{"format":"quartermaster-event","version":3,"id":"${EVENT_ID}"}${text.slice(text.indexOf('\n'))}`);
  return readFileSync(eventFile);
}

describe('quartermaster desk on an event file that does not open', () => {
  it('says where its newest backup that opens is, what restoring keeps, and how to restore it; writes nothing', async () => {
    const broken = await brokenEvent();
    const r = await desk([folder]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${eventFile}: field "name"`);
    expect(r.err).toContain(`quartermaster desk: its newest backup that opens is ${backups}/${NOW.getTime() - 3_600_000}-1.event.json (saved `);
    expect(r.err).toContain(`, 2 entries). Restoring it keeps the broken file in ${backups}; 1 entry of the broken file that still reads and is not in the backup is kept too.\n`);
    expect(r.err).toContain(`To restore it: quartermaster desk ${folder} --restore-backup\n`);
    expect(readFileSync(eventFile)).toEqual(broken);
    expect(readdirSync(backups)).toHaveLength(1);
  });

  it('--restore-backup puts it back, keeps the broken file byte for byte, and reports from the restored file', async () => {
    const broken = await brokenEvent();
    const r = await desk([folder, '--restore-backup']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const kept = join(backups, `${NOW.getTime()}-broken.event.json`);
    expect(r.out).toContain(`Restored ${eventFile} from the backup of `);
    expect(r.out).toContain(`(2 entries): 1 entry of the broken file that still reads and is not in the backup is kept too. The broken file is kept as ${kept}.\n`);
    expect(r.out).toContain('Event: Autumn Muster');
    expect(readFileSync(kept)).toEqual(broken);
    expect(readFileSync(eventFile, 'utf8').trim().split('\n')).toHaveLength(4);
    // Again: the file opens now, nothing to restore (said on stderr; the report as usual).
    const again = await desk([folder, '--restore-backup']);
    expect(again.code).toBe(0);
    expect(again.err).toBe(`quartermaster desk: ${eventFile} opens; nothing was restored\n`);
  });

  it('says where the backups are when none opens, and --restore-backup then fails, changing nothing', async () => {
    writeFileSync(eventFile, 'garbage\n');
    const r = await desk([folder]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`quartermaster desk: no backup of it opens (the backups of this file are kept in ${backups})\n`);
    const restore = await desk([folder, '--restore-backup']);
    expect(restore.code).toBe(2);
    expect(restore.err).toContain(`does not open and no backup of it does (the backups are kept in ${backups}); nothing was restored`);
    expect(readFileSync(eventFile, 'utf8')).toBe('garbage\n');
  });
});
