// `quartermaster desk --reprint-changed` with the event folder on a real FAT or exFAT USB stick
// (FUSE): it used to write the PDF and then fail to record the print ("ENOSYS … copyfile" from
// the backup, no hard links for the event file). Now it prints and records: the event file is
// created (no hard links), each later print appended to it under its lock, and a version 2 file
// migrated once (the old one copied to the backups without a copy call).
import { readdir, readFile } from 'node:fs/promises';
import { writeAtomic } from '../../../node/fs/atomic';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEventBytes } from '../../../core/desk/event-load';
import { EXAMPLES, fakeId } from '../../../core/desk/testing';
import { serialFor } from '../../../core/pdf/serial';
import { tempFolder } from '../../../node/testing/temp';
import { mountVolume, VOLUME_KINDS, volumesUnavailable, type Volume } from '../../../node/testing/volumes';
import { nodeIo, type Io } from '../../io';
import { runDesk } from './desk';

const unavailable = volumesUnavailable();
if (unavailable) console.log(`desk on FAT/exFAT skipped: ${unavailable}`);

const fonts = async () => ({
  regular: new Uint8Array(await readFile(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url))),
  bold: new Uint8Array(await readFile(new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))),
});

async function desk(args: string[], now: Date) {
  let out = '';
  let err = '';
  const io: Io = { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await runDesk(args, io, { now: () => now, fonts });
  return { code, out, err };
}

describe.skipIf(unavailable !== null).each(VOLUME_KINDS)('quartermaster desk on a %s stick', (kind) => {
  let parent: { dir: string; cleanup: () => Promise<void> };
  let vol: Volume;
  beforeAll(async () => {
    parent = await tempFolder(`qm-desk-${kind}-`);
    vol = await mountVolume(kind, parent.dir);
  });
  afterAll(async () => {
    if (vol) {
      const verdict = await vol.unmount();
      expect(verdict.clean, verdict.report).toBe(true);
    }
    await parent?.cleanup();
  });

  it('reprints what changed and records it in the event file: created, then appended to', async () => {
    const folder = join(vol.dir, 'Autumn Muster');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    // Saved as the app saves (a new file renamed over the old): fusefat cannot rewrite a file in place.
    const write = (name: string, c: object) => writeAtomic(join(folder, `${name}.character.json`), `${JSON.stringify(c, null, 2)}\n`);
    await write('dimitri', { ...EXAMPLES.dimitri, id: fakeId(1) });
    await write('aldric', { ...EXAMPLES.aldric, id: fakeId(2) });
    const first = await desk([folder, '--reprint-changed', '--out', join(parent.dir, 'cards1.pdf')], new Date('2026-10-02T17:30:00Z'));
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/cards for 2 characters/);
    const eventFile = join(folder, 'Autumn Muster.event.json');
    const recorded1 = await readFile(eventFile);
    const loaded1 = loadEventBytes(new Uint8Array(recorded1), eventFile);
    expect(loaded1.ok && loaded1.event.entries.length).toBe(2);

    // Dimitri changes armour: only he is reprinted, and the print is appended on the stick.
    await write('dimitri', { ...EXAMPLES.dimitri, id: fakeId(1), armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] });
    const second = await desk([folder, '--reprint-changed', '--out', join(parent.dir, 'cards2.pdf')], new Date('2026-10-03T08:00:00Z'));
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/cards for 1 character /);
    const recorded2 = await readFile(eventFile);
    // The file as it was, then one more line: nothing rewritten, so nothing to back up.
    expect(recorded2.subarray(0, recorded1.length).equals(recorded1)).toBe(true);
    const loaded2 = loadEventBytes(new Uint8Array(recorded2), eventFile);
    expect(loaded2.ok && loaded2.problems.length === 0 && loaded2.torn === null && loaded2.event.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await readdir(folder)).not.toContain('.quartermaster-backups');
    expect((await readdir(folder)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('migrates a version 2 event file once, keeping the old one among the backups, and appends the print', async () => {
    const folder = join(vol.dir, 'Spring Muster');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await writeAtomic(join(folder, 'dimitri.character.json'), `${JSON.stringify({ ...EXAMPLES.dimitri, id: fakeId(1) }, null, 2)}\n`);
    const eventFile = join(folder, 'spring.event.json');
    const v2 = `${JSON.stringify({ format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Spring Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-02' }, entries: [{ id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a01', at: '2026-10-02T09:00:00+01:00', desk: 'Front desk', kind: 'printed', character: fakeId(1), hash: 'a'.repeat(64), cards: [{ serial: serialFor(fakeId(1), 'character', 0), edition: '1' }] }] }, null, 2)}\n`;
    await writeAtomic(eventFile, v2);
    const now = new Date('2026-10-02T17:30:00Z');
    const r = await desk([folder, '--reprint-changed', '--out', join(parent.dir, 'cards3.pdf')], now);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const backup = join(folder, '.quartermaster-backups', 'spring.event.json', `${now.getTime()}-1.event.json`);
    expect(r.out).toContain(`the old file is kept in ${backup}`);
    expect((await readFile(backup, 'utf8'))).toBe(v2);
    const text = await readFile(eventFile, 'utf8');
    expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({ version: 3, name: 'Spring Muster' });
    const loaded = loadEventBytes(new TextEncoder().encode(text), eventFile);
    expect(loaded.ok && loaded.event.entries.map((e) => [e.kind, e.seq])).toEqual([
      ['printed', undefined],
      ['printed', 1],
    ]);
    expect((await readdir(folder)).filter((n) => n.startsWith('.') && n !== '.quartermaster-backups')).toEqual([]);
  });
});
