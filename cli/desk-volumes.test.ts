// `quartermaster desk --reprint-changed` with the event folder on a real FAT or exFAT USB stick
// (FUSE): it used to write the PDF and then fail to record the print ("ENOSYS … copyfile" from
// the backup, no hard links for the event file). Now it prints, records, and keeps the backup.
import { readdir, readFile } from 'node:fs/promises';
import { writeAtomic } from '../node/atomic';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEventBytes } from '../core/desk/event-load';
import { EXAMPLES, fakeId } from '../core/desk/testing';
import { tempFolder } from '../node/testing';
import { mountVolume, VOLUME_KINDS, volumesUnavailable, type Volume } from '../node/testing-volumes';
import { nodeIo, type Io } from './io';
import { runDesk } from './desk';

const unavailable = volumesUnavailable();
if (unavailable) console.log(`desk on FAT/exFAT skipped: ${unavailable}`);

const fonts = async () => ({
  regular: new Uint8Array(await readFile(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url))),
  bold: new Uint8Array(await readFile(new URL('../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))),
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

  it('reprints what changed and records it in the event file, backing up the previous one', async () => {
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
    expect(loadEventBytes(new Uint8Array(recorded1), eventFile).ok).toBe(true);

    // Dimitri changes armour: only he is reprinted, and the print is recorded on the stick.
    await write('dimitri', { ...EXAMPLES.dimitri, id: fakeId(1), armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] });
    const second = await desk([folder, '--reprint-changed', '--out', join(parent.dir, 'cards2.pdf')], new Date('2026-10-03T08:00:00Z'));
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/cards for 1 character /);
    const recorded2 = await readFile(eventFile);
    expect(recorded2.equals(recorded1)).toBe(false);
    expect(loadEventBytes(new Uint8Array(recorded2), eventFile).ok).toBe(true);
    // The event file as it was before the second print, byte for byte, among the backups.
    const backups = join(folder, '.quartermaster-backups', encodeURIComponent('Autumn Muster.event.json'));
    const kept = await Promise.all((await readdir(backups)).map((n) => readFile(join(backups, n))));
    expect(kept.some((b) => b.equals(recorded1))).toBe(true);
    expect((await readdir(folder)).filter((n) => n.startsWith('.') && n !== '.quartermaster-backups')).toEqual([]);
  });
});
