// The way back from an event file that does not open (node/event-log/restore.ts), on a real temp
// folder: the copy kept when a desk opens the file, the newest backup that opens, and the restore
// that keeps the broken file byte for byte and takes back what of it still reads.
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { EventLog, EventLogError } from './event-log';
import { readLog } from './read';
import { keepEventCopy, newestGoodBackup, restoreEventBackup, salvage } from './restore';
import { entryId, header, note, OTHER_EVENT_ID } from './testing/fixtures';

let dir: string;
let cleanup: () => Promise<void>;
let file: string;
let backups: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-event-restore-'));
  file = join(dir, 'Autumn Muster.event.json');
  backups = join(dir, '.quartermaster-backups', encodeURIComponent('Autumn Muster.event.json'));
});
afterEach(() => cleanup());

const NOW = Date.parse('2026-10-02T18:00:00Z');
const line = (e: unknown) => `${JSON.stringify(e)}\n`;
const names = async () => (await fsp.readdir(backups).catch(() => [] as string[])).sort();
const ids = async (path = file) => (await readLog(path)).event.entries.map((e) => e.id);

/** An event of `n` notes (ids 1..n), its copy kept as a desk opening it keeps one. */
async function eventWithCopy(n: number): Promise<void> {
  const log = await EventLog.create(file, header(), { now: () => NOW });
  if (n > 0) await log.append(Array.from({ length: n }, (_, i) => note({ id: entryId(1, i + 1) })));
  await keepEventCopy(file, dir, NOW);
}

/** Replaces line `n` (1 is the header) with bytes of the same length that are not JSON, in place. */
async function garble(n: number): Promise<void> {
  const lines = (await fsp.readFile(file, 'utf8')).split('\n');
  lines[n - 1] = '#'.repeat(lines[n - 1]!.length);
  await fsp.writeFile(file, lines.join('\n'));
}

describe('keepEventCopy', () => {
  it('copies the file once per change, not once per opening', async () => {
    await eventWithCopy(2);
    expect(await names()).toEqual([`${NOW}-1.event.json`]);
    await keepEventCopy(file, dir, NOW + 1);
    expect(await names()).toHaveLength(1);
    const log = await EventLog.open(file);
    await log.append([note({ id: entryId(1, 3) })]);
    await keepEventCopy(file, dir, NOW + 2);
    expect(await names()).toEqual([`${NOW}-1.event.json`, `${NOW + 2}-1.event.json`]);
    expect(await fsp.readFile(join(backups, `${NOW + 2}-1.event.json`), 'utf8')).toBe(await fsp.readFile(file, 'utf8'));
  });
});

describe('newestGoodBackup', () => {
  it('is the newest backup that opens, skipping ones that do not; null when none does', async () => {
    expect(await newestGoodBackup(file, dir)).toBeNull();
    await eventWithCopy(1);
    await fsp.writeFile(join(backups, `${NOW + 5}-1.event.json`), 'not an event file\n');
    const good = await newestGoodBackup(file, dir);
    expect(good).toMatchObject({ id: `${NOW}-1`, savedMs: NOW, entries: 1, path: join(backups, `${NOW}-1.event.json`) });
    await fsp.rm(join(backups, `${NOW}-1.event.json`));
    expect(await newestGoodBackup(file, dir)).toBeNull();
  });
});

describe('restoreEventBackup', () => {
  it('puts the backup back with the entries of the broken file that still read, and keeps the broken file byte for byte', async () => {
    await eventWithCopy(2);
    const log = await EventLog.open(file);
    await log.append([3, 4, 5].map((n) => note({ id: entryId(1, n) })));
    // The header (line 1) and the entry on line 5 (note 4) garbled: the file does not open.
    await garble(1);
    await garble(5);
    const broken = await fsp.readFile(file);
    await expect(readLog(file)).rejects.toThrow(EventLogError);

    const good = (await newestGoodBackup(file, dir))!;
    expect(salvage(new Uint8Array(broken), good.read, file)).toMatchObject({ extra: [expect.objectContaining({ id: entryId(1, 3) }), expect.objectContaining({ id: entryId(1, 5) })], unreadable: [5], readable: true, otherEvent: false });

    const done = await restoreEventBackup(file, dir, good.id, NOW + 60_000);
    expect(done.restored).toEqual({ id: `${NOW}-1`, savedMs: NOW, entries: 2, addedBack: 2, unreadable: [5], readable: true, otherEvent: false });
    expect(done.keptAs).toBe(join(backups, `${NOW + 60_000}-broken.event.json`));
    // Nothing lost: the broken file is there, the same bytes.
    expect(Buffer.compare(await fsp.readFile(done.keptAs), broken)).toBe(0);
    // The restored file opens with no problems: the backup's entries, then what still read.
    const read = await readLog(file);
    expect(read.problems).toEqual([]);
    expect(read.event.id).toBe(header().id);
    expect(read.event.entries.map((e) => e.id)).toEqual([1, 2, 3, 5].map((n) => entryId(1, n)));
    // The broken file is not taken for a backup.
    expect((await newestGoodBackup(file, dir))!.id).toBe(`${NOW}-1`);
    expect(await names()).toEqual([`${NOW}-1.event.json`, `${NOW + 60_000}-broken.event.json`]);
  });

  it('takes none of the lines of a broken file whose header names another event', async () => {
    await eventWithCopy(1);
    const other = line(header({ id: OTHER_EVENT_ID })).replace(/}\n$/, ',"dates":"x"}\n');
    await fsp.writeFile(file, other + line(note({ id: entryId(2, 1) })));
    await expect(readLog(file)).rejects.toThrow(EventLogError);
    const good = (await newestGoodBackup(file, dir))!;
    // The header does not read (its dates are wrong), so its id is not known: the lines are taken.
    expect(salvage(new Uint8Array(await fsp.readFile(file)), good.read, file).extra).toHaveLength(1);
    // A header that reads and names another event: nothing taken.
    const foreign = new TextEncoder().encode(line(header({ id: OTHER_EVENT_ID })) + line(note({ id: entryId(2, 1) })));
    expect(salvage(foreign, good.read, file)).toMatchObject({ extra: [], otherEvent: true });
  });

  it('refuses, changing nothing, when the event file opens by then or the backup id is not one', async () => {
    await eventWithCopy(1);
    const before = await fsp.readFile(file, 'utf8');
    await expect(restoreEventBackup(file, dir, `${NOW}-1`, NOW + 1)).rejects.toThrow(/opens now \(it was fixed or replaced meanwhile\); nothing was restored/);
    await expect(restoreEventBackup(file, dir, '../../x', NOW + 1)).rejects.toThrow(/is not a backup id/);
    expect(await fsp.readFile(file, 'utf8')).toBe(before);
    expect(await names()).toEqual([`${NOW}-1.event.json`]);
  });

  it('restores over a file cut short in its header, and over an empty file', async () => {
    await eventWithCopy(2);
    const text = await fsp.readFile(file, 'utf8');
    for (const broken of [text.slice(0, 40), '']) {
      await fsp.writeFile(file, broken);
      await expect(readLog(file)).rejects.toThrow();
      const good = (await newestGoodBackup(file, dir))!;
      const done = await restoreEventBackup(file, dir, good.id, NOW + broken.length + 1);
      expect(done.restored).toMatchObject({ entries: 2, addedBack: 0, unreadable: [] });
      expect(await fsp.readFile(done.keptAs, 'utf8')).toBe(broken);
      expect(await ids()).toEqual([entryId(1, 1), entryId(1, 2)]);
    }
  });

  it('says the broken file could not be read when its bytes are not to be had', async () => {
    await eventWithCopy(1);
    const good = (await newestGoodBackup(file, dir))!;
    expect(salvage(null, good.read, file)).toEqual({ extra: [], unreadable: [], readable: false, otherEvent: false });
  });
});
