// The desk's event thread when it cannot help: a thread that fails leaves the event file to this
// thread, and the report is the same.
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventAhead } from './desk-event-thread';
import { DESK_DEPS, runDesk } from './desk';
import { nodeIo, type Io } from './io';

const examples = new URL('../assets/examples', import.meta.url).pathname;
let dir: string;
let broken: URL;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-event-thread-'));
  for (const n of readdirSync(examples)) copyFileSync(join(examples, n), join(dir, n));
  writeFileSync(
    join(dir, 'muster.event.json'),
    JSON.stringify({ format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Muster', game: 'novitas', dates: { start: '2026-10-02', end: '2026-10-04' }, entries: [{ id: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: '81add851-0525-459a-a24d-968779dde557' }] }),
  );
  const script = join(dir, 'broken-thread.mjs');
  writeFileSync(script, "throw new Error('this thread cannot read events');\n");
  broken = pathToFileURL(script);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function desk(args: string[], eventThread?: URL) {
  let out = '';
  let err = '';
  const io: Io = { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await runDesk(args, io, { ...DESK_DEPS, ...(eventThread ? { eventThread } : {}) });
  return { code, out, err };
}

describe('the event thread', () => {
  it('answers null when its thread fails, without waiting on it', async () => {
    const ahead = readEventAhead(broken, join(dir, 'muster.event.json'));
    expect(ahead).not.toBeNull();
    expect(await ahead!.done()).toBeNull();
  });

  it('a failed thread leaves the event file to the command, with the same report', async () => {
    const one = await desk([dir]);
    const failed = await desk([dir], broken);
    expect(failed).toEqual(one);
    expect(one.out).toContain('Event: Muster · Novitas · 2026-10-02 to 2026-10-04');
    expect(one.out).toMatch(/Aldric of the Vale .*checked in 2026-10-02 18:05/);
  });
});
