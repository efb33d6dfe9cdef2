import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import type { SessionState } from '../../core/session/session';
import { DRAFTS_FOLDER } from './drafts';
import { readSession, sessionFileOf, writeSession } from './sessions';
import { character, characterText, handlerFixture, tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let examples: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-sessions-'));
  lib = join(dir, 'library');
  examples = join(dir, 'examples');
  await mkdir(lib);
  await mkdir(examples);
});
afterEach(() => cleanup());

const wounded = {
  maxBody: 3,
  state: { held: ['left-arm-wound'], attachedToPoison: [], bleeding: null, convergencesDead: 0, bodyPoints: { current: 3, max: 3 } },
  log: [{ notes: ['The left arm is wounded.'], refused: false }],
};

describe('play sessions beside the drafts', () => {
  it('keeps the undo history and trackers of a file beside its draft, never in the file, and removes them when the day is over', async () => {
    const path = join(lib, 'elowen.character.json');
    const c = character({ name: 'Elowen' });
    await writeFile(path, characterText(c));
    const before = await readFile(path);
    const { handlers } = handlerFixture(lib, examples);
    await handlers.listLibrary();
    const session: SessionState = { present: { ...c, notes: 'b' }, past: [c, { ...c, notes: 'a' }], future: [], trackers: { novitas: wounded as SessionState['trackers']['novitas'] } };
    expect(await handlers.loadSession({ path })).toBeNull();
    const kept = await handlers.saveSession({ path, session });
    expect(kept.steps).toBe(2);
    const back = await handlers.loadSession({ path });
    expect(back).toMatchObject({ past: [{ notes: '' }, { notes: 'a' }], present: { notes: 'b' }, trackers: { novitas: { maxBody: 3, state: { held: ['left-arm-wound'] } } } });
    // In the drafts folder, not the file.
    expect(await readFile(path)).toEqual(before);
    expect(JSON.parse(await readFile(sessionFileOf(join(lib, DRAFTS_FOLDER), path), 'utf8'))).toMatchObject({ format: 'quartermaster-session', version: 1, path });
    await handlers.discardSession({ path });
    expect(await handlers.loadSession({ path })).toBeNull();
  });

  it('drops the oldest undo steps when the session would be larger than a file may be', async () => {
    const folder = join(dir, 'drafts');
    const big = character({ name: 'Big', notes: 'x'.repeat(19_000) });
    const past = Array.from({ length: 400 }, (_, i) => ({ ...big, player: `step ${i}` }));
    const { steps } = await writeSession(folder, '/lib/big.character.json', { present: big, past, future: [], trackers: {} }, 5);
    // 400 steps of ~19 KB is ~7.6 MB: some were dropped, the newest kept, and it reads back.
    expect(steps).toBeLessThan(400);
    expect(steps).toBeGreaterThan(100);
    const back = await readSession(folder, '/lib/big.character.json');
    expect(back!.past.at(-1)!.player).toBe('step 399');
    expect((await readFile(sessionFileOf(folder, '/lib/big.character.json'))).byteLength).toBeLessThanOrEqual(MAX_FILE_BYTES);
  });

  it('refuses a hostile or broken session file with its name and field, and a malformed session to keep', async () => {
    const folder = join(dir, 'drafts');
    const file = sessionFileOf(folder, '/lib/a.character.json');
    await mkdir(folder, { recursive: true });
    await writeFile(file, '{"format":"quartermaster-session","version":1,"path":"/lib/other.character.json","savedMs":1,"present":{},"past":[],"future":[],"trackers":{}}');
    await expect(readSession(folder, '/lib/a.character.json')).rejects.toThrow(`${file}: field "path" does not name /lib/a.character.json`);
    await writeFile(file, '{"__proto__":{"x":1}}');
    await expect(readSession(folder, '/lib/a.character.json')).rejects.toThrow(file);
    const c = character({ name: 'A' });
    const bad = { format: 'quartermaster-session', version: 1, path: '/lib/a.character.json', savedMs: 1, present: c, past: [], future: [], trackers: { novitas: { ...wounded, state: { ...wounded.state, held: ['on-fire'] } } } };
    await writeFile(file, JSON.stringify(bad));
    await expect(readSession(folder, '/lib/a.character.json')).rejects.toThrow(/field "trackers\.novitas\.state\.held\[0\]"/);
    await expect(writeSession(folder, '/lib/a.character.json', { present: c, past: 'x', future: [], trackers: {} }, 1)).rejects.toThrow(/Session of \/lib\/a.character.json not kept: field "past"/);
  });
});
