// A desk's key file, its fingerprint and what a signature is over.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { DeskKeyError, keyFingerprint, loadDeskKey } from './desk-keys';
import { KeyRing, authorRefusal, entryPayload, signEntry } from './signatures';
import { deskEntry, deskIdOf, entry } from './testing/helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe("a desk's key", () => {
  it('is made once at first start, readable by its owner only, and the same key at every later start', async () => {
    const t = await tempFolder('qm-keys-');
    cleanups.push(t.cleanup);
    const desk = { id: deskIdOf('Gate') };
    const first = await loadDeskKey(t.dir, desk);
    const file = join(t.dir, `desk-${desk.id}.key`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadDeskKey(t.dir, desk);
    expect(again.publicKey).toBe(first.publicKey);
    expect(again.deskId).toBe(desk.id);
    // Without a desk id, one is made and kept with the key.
    const anonymous = await loadDeskKey(t.dir);
    expect((await loadDeskKey(t.dir)).deskId).toBe(anonymous.deskId);
    expect(JSON.parse(await readFile(join(t.dir, 'desk.key'), 'utf8')).desk).toBe(anonymous.deskId);
    // A key file of another desk under this desk's name is refused, not used.
    await writeFile(join(t.dir, `desk-${deskIdOf('Field')}.key`), await readFile(file, 'utf8'));
    await expect(loadDeskKey(t.dir, { id: deskIdOf('Field') })).rejects.toBeInstanceOf(DeskKeyError);
  });

  it('has a short fingerprint: 80 bits of SHA-256 of the public key in Crockford base32', () => {
    // SHA-256 of 32 zero bytes starts 66687aadf862bd776c8f.
    expect(keyFingerprint('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('CSM7-NBFR-CAYQ-EV4F');
  });
});

describe('what a signature is over', () => {
  it('is the event id and the entry as written, whatever the order of its keys', () => {
    const e = entry('check-in', '0b7c4a9e-3f51-4d2a-9c7e-5a1b2c3d4e5f', 'Gate');
    const reordered = Object.fromEntries(Object.entries(e).reverse()) as typeof e;
    const ev = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(entryPayload(ev, reordered)).toBe(entryPayload(ev, e));
    expect(entryPayload(ev.toUpperCase(), e)).toBe(entryPayload(ev, e));
    expect(entryPayload('3f2504e0-4f89-41d3-9a0c-0305e82c3302', e)).not.toBe(entryPayload(ev, e));
    expect(entryPayload(ev, { ...e, seq: 2 })).not.toBe(entryPayload(ev, e));
    expect(entryPayload(ev, e).startsWith('{"entry":')).toBe(true);
  });

  it('verifies for its own desk only; a desk signs only entries naming its own id', async () => {
    const t = await tempFolder('qm-keys-');
    cleanups.push(t.cleanup);
    const gate = await loadDeskKey(t.dir, { id: deskIdOf('Gate') });
    const ev = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const ring = new KeyRing(ev);
    ring.keys.set(gate.deskId, { key: { desk: gate.deskId, publicKey: gate.publicKey }, disputed: false });
    const own = deskEntry('check-in', '0b7c4a9e-3f51-4d2a-9c7e-5a1b2c3d4e5f', 'Gate');
    expect(ring.refusal(own, signEntry(gate, ev, own))).toBeNull();
    expect(ring.refusal({ ...own, seq: 7 }, signEntry(gate, ev, own))).toMatch(/does not verify/);
    const field = deskEntry('check-in', '0b7c4a9e-3f51-4d2a-9c7e-5a1b2c3d4e5f', 'Field');
    expect(ring.refusal(field, signEntry(gate, ev, field))).toMatch(/names desk .* \("Field"\) but is signed by desk .*: no desk records in another's name/);
    expect(authorRefusal(gate, own)).toBeNull();
    expect(authorRefusal(gate, field)).toMatch(/only the desk that made it can share it/);
    ring.keys.get(gate.deskId)!.disputed = true;
    expect(ring.refusal(own, signEntry(gate, ev, own))).toMatch(/two keys registered/);
  });
});
