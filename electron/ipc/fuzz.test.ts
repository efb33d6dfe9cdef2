// IPC fuzz: every method of the handler table (the same table `registerIpcHandlers` binds to
// ipcMain) fed wrong types, missing and extra fields, extra arguments, huge payloads, deep nesting,
// __proto__ keys, path-traversal strings and symlinks out of the library. Every call the contract
// refuses is rejected with an IpcArgumentError naming the method and argument; every other hostile
// call is refused with a clear error (never an internal TypeError or stack overflow) or answered
// without harm. Outside the library, a canary folder (files holding a marker string) stays byte
// for byte the same, nothing new appears next to it, and no answer or error carries the marker:
// nothing outside was read or written.
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPrintChoice, ipcArgs, type InvokeMethod } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { BACKUP_FOLDER, backupFolderOf } from '../../node/fs/files';
import { DRAFTS_FOLDER, draftFileOf } from '../library/drafts';
import { IpcArgumentError } from './handlers';
import { character, characterText, handlerFixture, tempFolder } from '../testing/handlers';

const MB = 1024 * 1024;
/** In every file outside the library: an answer or error that contains it has read outside. */
const MARKER = 'TOP-SECRET-CANARY-7f3a';

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let examples: string;
let outside: string;
let before: Map<string, string>;
let rootBefore: string[];

/** Every path under `root` with a hash of its bytes (or its link target). */
async function snapshot(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const rel of (await readdir(root, { recursive: true })).map(String).sort()) {
    const p = join(root, rel);
    const s = await lstat(p);
    out.set(rel, s.isSymbolicLink() ? `link ${await readlink(p)}` : s.isDirectory() ? 'folder' : createHash('sha256').update(await readFile(p)).digest('hex'));
  }
  return out;
}

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-ipc-fuzz-'));
  lib = join(dir, 'library');
  examples = join(dir, 'examples');
  outside = join(dir, 'outside');
  await mkdir(lib);
  await mkdir(examples);
  await mkdir(join(outside, 'sub'), { recursive: true });
  await mkdir(join(outside, 'backups'));
  await mkdir(join(outside, 'drafts'));
  await writeFile(join(outside, 'secret.character.json'), characterText(character({ name: MARKER, notes: MARKER })));
  await writeFile(join(outside, 'sub', 'a.character.json'), characterText(character({ name: MARKER })));
  await writeFile(join(outside, 'canary.txt'), MARKER);
  await writeFile(join(outside, 'backups', '1-1.character.json'), characterText(character({ name: MARKER })));
  before = await snapshot(outside);
  rootBefore = (await readdir(dir)).sort();
});
afterEach(() => cleanup());

/** Nothing outside the library changed, and nothing appeared next to it. */
async function outsideUntouched() {
  expect(await snapshot(outside)).toEqual(before);
  expect((await readdir(dir)).sort()).toEqual(rootBefore);
}

/** A handler table over the library with one listed character `a.character.json` (and one in `sub/`). */
async function fixture() {
  const c = character({ name: 'Ayla', player: 'Sam' });
  const file = join(lib, 'a.character.json');
  await writeFile(file, characterText(c));
  await mkdir(join(lib, 'sub'));
  await writeFile(join(lib, 'sub', 'a.character.json'), characterText(character({ name: 'In a sub-folder' })));
  const f = handlerFixture(lib, examples);
  await f.handlers.listLibrary();
  const opened = await f.handlers.openCharacter({ path: file });
  if (!opened.ok) throw new Error(opened.problem.message);
  const call = (method: InvokeMethod, args: unknown[]) => (f.handlers[method] as (...a: unknown[]) => Promise<unknown>)(...args);
  return { ...f, file, sub: join(lib, 'sub', 'a.character.json'), character: opened.opened.character, hash: opened.opened.hash, call };
}

/** One valid call per method of the contract (a test fails when a method is added without one). */
function validCalls(f: Awaited<ReturnType<typeof fixture>>): Record<InvokeMethod, unknown[]> {
  return {
    listLibrary: [],
    chooseLibraryFolder: [],
    newCharacter: [{ ruleset: 'novitas', name: 'New', player: 'Pat' }],
    openCharacter: [{ path: f.file }],
    openCharacterDialog: [],
    openExamples: [],
    saveCharacter: [{ path: f.file, character: f.character, expectedHash: f.hash }],
    saveCharacterAs: [{ character: f.character }],
    duplicateCharacter: [{ path: f.file }],
    renameCharacter: [{ path: f.file, fileName: 'Renamed' }],
    deleteCharacter: [{ path: f.file }],
    importCharacters: [],
    listBackups: [{ path: f.file }],
    restoreBackup: [{ path: f.file, backupId: '1-1' }],
    showInFolder: [{ path: f.file }],
    getSettings: [],
    setSettings: [{ paper: 'letter' }],
    exportPdf: [{ path: f.file, character: f.character }],
    previewPrint: [{ path: f.file, character: f.character, print: defaultPrintChoice('a4') }],
    printPack: [{ paths: [f.file], print: defaultPrintChoice('a4') }],
    printCalibration: [{ print: defaultPrintChoice('a4') }],
    cancelPrint: [],
    openEventFolder: [],
    loadEventFolder: [{ folder: lib }],
    createEvent: [{ folder: lib, name: 'Autumn Muster', game: 'novitas', start: '2026-10-02', end: '2026-10-04' }],
    appendDeskEntries: [{ folder: lib, eventFile: join(lib, 'library.event.json'), entries: [validEntry(f.character.id)] }],
    exportCheckInSheet: [{ folder: lib, format: 'csv' }],
    importBookings: [{ folder: lib, eventFile: join(lib, 'x.event.json') }],
    exportCharacters: [{ folder: lib }],
    previewReprint: [{ folder: lib, eventFile: join(lib, 'library.event.json') }],
    reprintChanged: [{ folder: lib, eventFile: join(lib, 'library.event.json') }],
    giveNewId: [{ path: f.file }],
    verifyCard: [{ folder: lib, text: 'QM1:' }],
    recordDesk: [{ folder: lib, eventFile: join(lib, 'library.event.json'), request: { kind: 'note', text: 'x' } }],
    transferItem: [{ folder: lib, eventFile: join(lib, 'library.event.json'), from: f.character.id, item: f.character.id, to: f.character.id }],
    newCharacterAfterDeath: [{ folder: lib, eventFile: join(lib, 'library.event.json'), from: f.character.id, name: 'x' }],
    closeEvent: [{ folder: lib, eventFile: join(lib, 'library.event.json') }],
    restoreEventBackup: [{ folder: lib, eventFile: join(lib, 'library.event.json'), backupId: '1-1' }],
    approvalQueue: [{ folder: lib, eventFile: join(lib, 'library.event.json') }],
    approvalDetail: [{ folder: lib, eventFile: join(lib, 'library.event.json'), file: 'a.character.json' }],
    approveCharacter: [{ folder: lib, eventFile: join(lib, 'library.event.json'), file: 'a.character.json', hash: 'a'.repeat(64) }],
    sendBackCharacter: [{ folder: lib, eventFile: join(lib, 'library.event.json'), file: 'a.character.json', hash: 'a'.repeat(64), reason: 'why' }],
    addToInbox: [{ folder: lib, path: f.file }],
    shareEvent: [{ folder: lib, host: '127.0.0.1', port: 0 }],
    joinEvent: [{ folder: lib, code: 'qm://' }],
    stopSync: [{ folder: lib }],
    syncStatus: [{ folder: lib }],
    resolveSyncConflict: [{ folder: lib, characterId: f.character.id, keep: f.character }],
    lanAddresses: [],
    grantDropped: [{ paths: [f.file], accept: ['character'] }],
    listPacks: [],
    openPacksFolder: [],
    saveDraft: [{ path: f.file, character: f.character }],
    listDrafts: [],
    discardDraft: [{ path: f.file }],
    saveSession: [{ path: f.file, session: { present: f.character, past: [], future: [], trackers: {} } }],
    loadSession: [{ path: f.file }],
    discardSession: [{ path: f.file }],
  };
}

/** A valid ledger entry: a check-in of `character` by the front desk. */
function validEntry(character: string, n = 1): Record<string, unknown> {
  return { id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, at: '2026-10-02T18:00:00+01:00', desk: 'Front desk', kind: 'check-in', character };
}

/** An object nested `depth` levels deep, built without recursion. */
function deep(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** Values of every kind a compromised renderer can send (structured clone keeps all of these). */
function hostileValues(file: string): [string, unknown][] {
  return [
    ['undefined', undefined],
    ['null', null],
    ['true', true],
    ['0', 0],
    ['-1', -1],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['bigint', 10n],
    ['empty string', ''],
    ['10 MB string', 'x'.repeat(10 * MB)],
    ['empty array', []],
    ['array holding the valid value', [file]],
    ['empty object', {}],
    ['object holding a path', { path: file }],
    ['date', new Date(0)],
    ['map', new Map([['path', file]])],
    ['__proto__ key', JSON.parse('{"__proto__": {"polluted": true}}')],
    ['100,000 levels deep', deep(100_000)],
    ['a million numbers', new Array(1_000_000).fill(7)],
  ];
}

/** An object shared at every level, `levels` deep: tiny in memory, 2^levels leaves as JSON. */
function jsonBomb(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v, b: v };
  return v;
}

/**
 * Hostile characters (any object passes the contract's `character`):
 * - 'boundary': refused for every method before any handler runs (MAX_ARG_DEPTH, MAX_ARG_SIZE);
 * - 'invalid': not a valid character: every handler refuses it with the field named;
 * - 'unsaveable': a valid character whose file could not be read back (over the size or depth
 *   limit): saving refuses it with the limit named; printing it or keeping it as a draft may go on.
 */
function hostileCharacters(valid: Character): [string, 'boundary' | 'invalid' | 'unsaveable', unknown][] {
  return [
    ['100,000 levels deep in an unknown field', 'boundary', { ...valid, extra: deep(100_000) }],
    ['a cycle', 'boundary', (() => { const c: Record<string, unknown> = { ...valid }; c.self = c; return c; })()],
    ['a JSON bomb (an object shared 2^50 times)', 'boundary', { ...valid, extra: jsonBomb(50) }],
    ['25 MB in an unknown field', 'boundary', { ...valid, extra: new Array(5_000_000).fill('xxx') }],
    ['10 MB notes', 'invalid', { ...valid, notes: 'x'.repeat(10 * MB) }],
    ['100,000 skills', 'invalid', { ...valid, skills: Array.from({ length: 100_000 }, () => ({ id: 'x', level: 1 })) }],
    ['a newer version', 'invalid', { ...valid, version: 99 }],
    ['no format', 'invalid', { ...valid, format: undefined }],
    ['wrong types', 'invalid', { ...valid, name: 5, skills: 'lots' }],
    ['6 MB in an unknown field', 'unsaveable', { ...valid, extra: 'x'.repeat(6 * MB) }],
    ['70 levels deep in an unknown field', 'unsaveable', { ...valid, extra: deep(70) }],
  ];
}

/** Internal failures that would mean a hostile value got further than it should. */
const UNCLEAR = /Cannot read prop|Cannot convert|is not a function|is not iterable|is not defined|Maximum call stack|Invalid string length|undefined|\[object Object\]/;

type Outcome = { ok: true; value: unknown } | { ok: false; error: Error };
async function attempt(p: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await p() };
  } catch (e) {
    return { ok: false, error: e as Error };
  }
}

/** The call was refused with a clear error or a clear refusal; nothing from outside was read. */
function expectClear(o: Outcome, what: string) {
  if (o.ok) {
    expect(JSON.stringify(o.value) ?? '', what).not.toContain(MARKER);
    return;
  }
  expect(o.error, what).toBeInstanceOf(Error);
  expect(o.error.message.length, what).toBeGreaterThan(10);
  // Short: a path may be repeated in the message, a huge payload never is.
  expect(o.error.message.length, what).toBeLessThan(10_000);
  expect(o.error.message, what).not.toMatch(UNCLEAR);
  expect(o.error.message, what).not.toContain(MARKER);
}

describe('IPC fuzz: wrong types, missing and extra fields, extra arguments, huge payloads', () => {
  it('has a valid call for every method of the contract', async () => {
    const f = await fixture();
    expect(Object.keys(validCalls(f)).sort()).toEqual(Object.keys(ipcArgs).sort());
    // Each valid call is accepted by the contract (so that every mutation below changes one thing).
    for (const [method, args] of Object.entries(validCalls(f)) as [InvokeMethod, unknown[]][]) expect(ipcArgs[method].safeParse(args).success, method).toBe(true);
  });

  it('rejects every malformed call the contract refuses with an IpcArgumentError naming the method, before touching anything', async () => {
    const f = await fixture();
    const valid = validCalls(f);
    const libBefore = await snapshot(lib);
    let rejected = 0;
    for (const [method, args] of Object.entries(valid) as [InvokeMethod, unknown[]][]) {
      const calls: [string, unknown[]][] = [['an extra argument', [...args, 'extra']], ['two extra arguments', [...args, {}, { path: f.file }]]];
      if (args.length > 0) {
        calls.push(['no arguments', []]);
        for (const [name, v] of hostileValues(f.file)) calls.push([`argument 1 ${name}`, [v]]);
        const obj = args[0] as Record<string, unknown>;
        calls.push(['an extra field', [{ ...obj, extra: 1 }]]);
        calls.push(['an own __proto__ field', [Object.assign(JSON.parse('{"__proto__": {"path": "/etc/passwd"}}'), obj)]]);
        calls.push(['a constructor field', [{ ...obj, constructor: { prototype: { polluted: true } } }]]);
        for (const field of Object.keys(obj)) {
          const { [field]: _, ...without } = obj;
          calls.push([`no ${field}`, [without]]);
          for (const [name, v] of hostileValues(f.file)) calls.push([`${field} ${name}`, [{ ...obj, [field]: v }]]);
        }
      } else {
        for (const [name, v] of hostileValues(f.file)) calls.push([`argument 1 ${name}`, [v]]);
      }
      for (const [what, call] of calls) {
        const accepted = ipcArgs[method].safeParse(call).success;
        if (accepted) continue; // e.g. an empty object where any object is allowed: the next tests cover those
        const o = await attempt(() => f.call(method, call));
        expect(o.ok, `${method} with ${what}`).toBe(false);
        if (o.ok) continue;
        expect(o.error, `${method} with ${what}`).toBeInstanceOf(IpcArgumentError);
        expect(o.error.message, `${method} with ${what}`).toMatch(new RegExp(`^${method}: (argument \\d+|arguments)`));
        expect(o.error.message.length, `${method} with ${what}`).toBeLessThan(1_000);
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(500);
    console.log(`ipc fuzz: ${rejected} malformed calls over ${Object.keys(valid).length} methods rejected by the contract`);
    expect(f.asked).toEqual([]);
    expect(f.trashed).toEqual([]);
    expect(f.shown).toEqual([]);
    expect(f.exported).toEqual([]);
    expect(await snapshot(lib)).toEqual(libBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await outsideUntouched();
  }, 120_000);

  it('refuses hostile characters (deep, cyclic, JSON bombs, huge, newer, wrong types) with a clear reason, writing nothing', async () => {
    const f = await fixture();
    const libBefore = await snapshot(lib);
    const originalBytes = await readFile(f.file);
    // Save As and Export ask for a file; the answers below would be written if the character got that far.
    const saveAs = join(lib, 'saved-as.character.json');
    for (const [what, expected, c] of hostileCharacters(f.character)) {
      f.queue.save.push(saveAs);
      f.queue.pdf.push(join(lib, 'exported.pdf'));
      const calls: [InvokeMethod, unknown[]][] = [
        ['saveCharacter', [{ path: f.file, character: c, expectedHash: f.hash }]],
        ['saveCharacter', [{ path: f.file, character: c, expectedHash: f.hash, force: true }]],
        ['saveCharacterAs', [{ character: c }]],
        ['exportPdf', [{ path: f.file, character: c }]],
        ['saveDraft', [{ path: f.file, character: c }]],
      ];
      for (const [method, args] of calls) {
        const label = `${method} with ${what}`;
        const o = await attempt(() => f.call(method, args));
        expectClear(o, label);
        if (expected === 'boundary') {
          expect(o.ok, label).toBe(false);
          if (!o.ok) expect(o.error, label).toBeInstanceOf(IpcArgumentError);
          if (!o.ok) expect(o.error.message, label).toMatch(new RegExp(`^${method}: arguments: (nested more than|larger than)`));
        } else if (method === 'saveCharacter' || method === 'saveCharacterAs') {
          // A save result that says no, with the field or the limit.
          expect(o.ok && o.value, label).toMatchObject({ ok: false, reason: 'invalid' });
          if (o.ok) expect((o.value as { message: string }).message, label).toMatch(expected === 'invalid' ? /field "/ : /the limit is 5\.0 MB|nested more than 64 levels/);
        } else if (expected === 'invalid') {
          expect(o.ok, label).toBe(false);
          if (!o.ok) expect(o.error.message, label).toMatch(/field "/);
        }
      }
      f.queue.save.length = 0;
      f.queue.pdf.length = 0;
    }
    expect(await readFile(f.file)).toEqual(originalBytes);
    // Only the unsaveable (but valid) characters were printed or kept as drafts.
    expect(f.exported).toHaveLength(2);
    const libAfter = await snapshot(lib);
    for (const k of libAfter.keys()) if (k === 'exported.pdf' || k.startsWith(DRAFTS_FOLDER)) libAfter.delete(k);
    expect(libAfter).toEqual(libBefore);
    await outsideUntouched();
  }, 120_000);

  it('never applies a __proto__ key in a character: it is dropped, and nothing is polluted', async () => {
    const f = await fixture();
    const hostile = JSON.parse(JSON.stringify({ ...f.character, armour: [] }).replace('{', '{"__proto__": {"polluted": true},').replace('"armour":[]', '"armour":[{"__proto__":{"polluted":true},"name":"Coat","type":"leather","locations":[]}]'));
    const saved = await f.handlers.saveCharacter({ path: f.file, character: hostile, expectedHash: f.hash });
    expect(saved.ok).toBe(true);
    const written = await readFile(f.file, 'utf8');
    expect(written).not.toContain('__proto__');
    expect(written).not.toContain('polluted');
    expect(JSON.parse(written).armour).toEqual([{ name: 'Coat', type: 'leather', locations: [] }]);
    await f.handlers.saveDraft({ path: f.file, character: hostile });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    await outsideUntouched();
  });
});

describe('IPC fuzz: hostile ledger entries', () => {
  it('refuses every hostile entry sent to appendDeskEntries with a clear error naming it, and writes nothing', async () => {
    const f = await fixture();
    // An event folder in the library, opened at the desk, with its event file and one entry.
    const folder = join(lib, 'Autumn Muster');
    await mkdir(folder);
    await writeFile(join(folder, 'ayla.character.json'), characterText(f.character));
    f.queue.folder.push(folder);
    await f.handlers.openEventFolder();
    const desk = await f.handlers.createEvent({ folder, name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', end: '2026-10-04' });
    if (desk.eventFile.kind !== 'file') throw new Error(`no event file: ${desk.eventFile.kind}`);
    const eventFile = desk.eventFile.path;
    const first = validEntry(f.character.id, 1);
    expect((await f.handlers.appendDeskEntries({ folder, eventFile, entries: [first as never] })).added).toHaveLength(1);
    // The desk reads the folder again, as the view does: opening a file with entries keeps a copy
    // of it among its backups (the way back, node/event-log/restore.ts). From here on nothing may be written.
    await f.handlers.loadEventFolder({ folder, eventFile });
    const folderBefore = await snapshot(folder);
    const libBefore = await snapshot(lib);
    // Sent before each hostile entry: a valid one, which must not be written either.
    const good = validEntry(f.character.id, 2);
    const base = validEntry(f.character.id, 3);
    const hostile: [string, unknown][] = [];
    // Every field of a valid entry given every hostile value.
    for (const field of Object.keys(base)) {
      for (const [name, v] of hostileValues(f.file)) hostile.push([`${field} ${name}`, { ...base, [field]: v }]);
      const { [field]: _, ...without } = base;
      hostile.push([`no ${field}`, without]);
    }
    // Values a structured clone carries and JSON does not, in a field this version does not know.
    for (const [name, v] of [
      ['a bigint', 10n],
      ['NaN', NaN],
      ['-Infinity', -Infinity],
      ['a Map', new Map([['a', 1]])],
      ['a Set', new Set([1])],
      ['a Date', new Date(0)],
      ['a typed array', new Uint8Array([1, 2])],
      ['a list with a hole', [1, , 3]],
      ['a list holding undefined', [1, undefined]],
      ['a bigint deep inside', { a: [{ b: 1n }] }],
    ] as [string, unknown][]) {
      hostile.push([`an unknown field holding ${name}`, { ...base, extra: v }]);
    }
    hostile.push(
      ['a __proto__ key inside an unknown field', { ...base, extra: JSON.parse('{"__proto__": {"polluted": true}}') }],
      ['70 levels deep in an unknown field', { ...base, extra: deep(70) }],
      ['100,000 levels deep in an unknown field', { ...base, extra: deep(100_000) }],
      ['a JSON bomb in an unknown field', { ...base, extra: jsonBomb(50) }],
      ['a cycle', (() => { const e: Record<string, unknown> = { ...base }; e.self = e; return e; })()],
      ['an entry longer than a line may be', { ...base, extra: 'x'.repeat(70_000) }],
      ['a kind this version does not know', { ...base, kind: 'teleport' }],
      ['kind __proto__', { ...base, kind: '__proto__' }],
      ['an upper-case character id', { ...base, character: '7904BD13-6520-45B6-90DD-75F7A9B57850' }],
      ['seq 0', { ...base, seq: 0 }],
      ['seq 1.5', { ...base, seq: 1.5 }],
      ['seq as text', { ...base, seq: '1' }],
      ['seq past 2^53', { ...base, seq: 2 ** 53 }],
      ['a print of more cards than one print may list', { ...base, kind: 'printed', hash: 'a'.repeat(64), cards: Array.from({ length: 2_001 }, (_, i) => ({ serial: `S-${i}`, edition: '1' })) }],
      ['a void of more cards than one entry may name', { ...base, kind: 'voided', cards: Array.from({ length: 20_001 }, (_, i) => ({ serial: `S-${i}` })) }],
      ['the id of an entry in the ledger, with other content', { ...first, kind: 'check-out' }],
      ['a list instead of an entry', [base]],
      ['text instead of an entry', 'check-in'],
      ['null instead of an entry', null],
    );
    let refused = 0;
    for (const [what, entry] of hostile) {
      const o = await attempt(() => f.call('appendDeskEntries', [{ folder, eventFile, entries: [good, entry] }]));
      expect(o.ok, what).toBe(false);
      expectClear(o, what);
      if (!o.ok) {
        // Refused by the contract (naming the argument), or by the desk naming the entry (the second, "1").
        if (o.error instanceof IpcArgumentError) expect(o.error.message, what).toMatch(/^appendDeskEntries: (argument 1|arguments)/);
        else expect(o.error.message, what).toMatch(/new entry 1|already in the ledger with other content/);
      }
      refused++;
    }
    // The same entry twice in one append, with other content the second time.
    const twice = await attempt(() => f.call('appendDeskEntries', [{ folder, eventFile, entries: [good, { ...good, kind: 'check-out' }] }]));
    expect(twice.ok).toBe(false);
    expectClear(twice, 'the same id twice with other content');
    console.log(`ipc fuzz: ${refused + 1} hostile ledger entries refused, nothing written`);
    // Nothing was written: the event file as it was (one entry), no backup, no line set aside, no lock.
    expect(await snapshot(folder)).toEqual(folderBefore);
    expect(await snapshot(lib)).toEqual(libBefore);
    const opened = await f.handlers.loadEventFolder({ folder, eventFile });
    expect(opened.eventFile).toMatchObject({ kind: 'file', count: 1, problems: [] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    // And the good entry alone goes in.
    expect((await f.handlers.appendDeskEntries({ folder, eventFile, entries: [good as never] })).added).toHaveLength(1);
    await outsideUntouched();
  }, 120_000);
});

describe('IPC fuzz: paths', () => {
  /** Every method with a path argument, from the contract itself. */
  const pathMethods = (Object.keys(ipcArgs) as InvokeMethod[]).filter((m) => {
    const items = (ipcArgs[m] as unknown as { def: { items: { shape?: Record<string, unknown> }[] } }).def.items;
    return items[0]?.shape !== undefined && 'path' in items[0].shape;
  });

  it('covers the path methods', () => {
    expect(pathMethods).toEqual(expect.arrayContaining(['openCharacter', 'saveCharacter', 'duplicateCharacter', 'renameCharacter', 'deleteCharacter', 'listBackups', 'restoreBackup', 'showInFolder', 'exportPdf', 'saveDraft', 'discardDraft']));
  });

  it('refuses traversal, relative, foreign, unnormalised, URL and NUL paths for every path method', async () => {
    const f = await fixture();
    const valid = validCalls(f);
    const secret = join(outside, 'secret.character.json');
    const traversal = [
      `${lib}/../outside/secret.character.json`,
      `${lib}/sub/../../outside/secret.character.json`,
      '../outside/secret.character.json',
      'outside/secret.character.json',
      'a.character.json',
      secret,
      join(outside, 'new.character.json'),
      '/etc/passwd',
      '/',
      lib,
      `${lib}/./a.character.json`,
      `${lib}//a.character.json`,
      `${lib}/a.character.json/`,
      `${lib}/%2e%2e/outside/secret.character.json`,
      `${lib}\\..\\..\\outside\\secret.character.json`,
      `file://${secret}`,
      '~/secret.character.json',
      `${lib}/a.character.json\0.png`,
      `${lib}/\u2025/outside/secret.character.json`,
      `${lib}/${'a/'.repeat(2_000)}x.character.json`,
      ' ',
    ];
    let refused = 0;
    for (const method of pathMethods) {
      for (const path of traversal) {
        const args = [{ ...(valid[method][0] as object), path }];
        const o = await attempt(() => f.call(method, args));
        expect(o.ok, `${method} ${path.slice(0, 80)}`).toBe(false);
        expectClear(o, `${method} ${path.slice(0, 80)}`);
        refused++;
      }
    }
    expect(refused).toBe(pathMethods.length * traversal.length);
    console.log(`ipc fuzz: ${refused} traversal paths refused over ${pathMethods.length} path methods`);
    // File names and backup ids are not paths either.
    for (const fileName of ['../../outside/evil', '..', '.', '/abs/evil', 'a/b', 'a\\b', '.hidden', 'x\0y', `${'x'.repeat(199)}/`, ' ']) {
      expectClear(await attempt(() => f.handlers.renameCharacter({ path: f.file, fileName })), `rename to ${fileName}`);
      await expect(f.handlers.renameCharacter({ path: f.file, fileName }), fileName).rejects.toThrow();
    }
    for (const backupId of ['../../../outside/backups/1-1', '1-1/../../x', '1-1.character.json', '..', `${outside}/backups/1-1`, '1-1\0']) {
      await expect(f.handlers.restoreBackup({ path: f.file, backupId }), backupId).rejects.toThrow(/is not a backup id/);
    }
    // A new character's name never becomes a path: it is made a plain file name in the library.
    const made = await f.handlers.newCharacter({ ruleset: 'bg-magic', name: '../../outside/evil', player: '' });
    expect(made.path.startsWith(`${lib}/`)).toBe(true);
    expect(made.path.slice(lib.length + 1)).not.toContain('/');
    expect(f.trashed).toEqual([]);
    expect(f.shown).toEqual([]);
    expect(f.exported).toEqual([]);
    await outsideUntouched();
  }, 120_000);

  it('refuses a listed file or folder later replaced by a symlink out of the library, for every path method', async () => {
    const f = await fixture();
    const valid = validCalls(f);
    await rm(f.file);
    await symlink(join(outside, 'secret.character.json'), f.file);
    await rename(join(lib, 'sub'), join(lib, 'sub-moved'));
    await symlink(join(outside, 'sub'), join(lib, 'sub'));
    for (const method of pathMethods) {
      for (const path of [f.file, f.sub]) {
        const args = [{ ...(valid[method][0] as object), path }];
        const o = await attempt(() => f.call(method, args));
        expect(o.ok, `${method} ${path}`).toBe(false);
        expectClear(o, `${method} ${path}`);
        if (!o.ok) expect(o.error.message, `${method} ${path}`).toMatch(/points outside the library folder/);
      }
    }
    // The listing does not offer them either.
    expect((await f.handlers.listLibrary()).entries.map((e) => e.fileName)).toEqual(['a.character.json']);
    expect(f.trashed).toEqual([]);
    await outsideUntouched();
  }, 60_000);

  it('never writes or reads backups through a backups folder that links out of the library', async () => {
    for (const linked of ['root', 'per-file'] as const) {
      const f = await fixture();
      const backups = backupFolderOf(lib, f.file);
      if (linked === 'root') {
        await symlink(join(outside, 'backups'), join(lib, BACKUP_FOLDER));
      } else {
        await mkdir(join(lib, BACKUP_FOLDER));
        await symlink(join(outside, 'backups'), backups);
      }
      const changed = { ...f.character, notes: 'changed' };
      const saved = await attempt(() => f.handlers.saveCharacter({ path: f.file, character: changed, expectedHash: f.hash }));
      expectClear(saved, `${linked}: save`);
      // The save is refused (its backup cannot be kept), and says why.
      expect(saved.ok && (saved.value as { ok: boolean }).ok, linked).toBe(false);
      expect(JSON.stringify(saved.ok ? saved.value : saved.error.message)).toMatch(/backups folder .*points outside the library folder/);
      for (const [what, p] of [
        ['listBackups', () => f.handlers.listBackups({ path: f.file })],
        ['restoreBackup', () => f.handlers.restoreBackup({ path: f.file, backupId: '1-1' })],
        ['renameCharacter', () => f.handlers.renameCharacter({ path: f.file, fileName: 'Moved' })],
      ] as const) {
        const o = await attempt(p);
        expectClear(o, `${linked}: ${what}`);
        if (what !== 'renameCharacter') expect(o.ok, `${linked}: ${what}`).toBe(false);
      }
      await outsideUntouched();
      await rm(lib, { recursive: true });
      await mkdir(lib);
    }
  }, 60_000);

  it('never writes, reads or removes drafts through a drafts folder that links out of the library', async () => {
    const f = await fixture();
    await symlink(join(outside, 'drafts'), join(lib, DRAFTS_FOLDER));
    // A draft file already there (outside) that would match the character's path.
    await writeFile(draftFileOf(join(outside, 'drafts'), f.file), JSON.stringify({ format: 'quartermaster-draft', version: 1, path: f.file, savedMs: 1, character: { ...f.character, name: MARKER } }));
    before = await snapshot(outside);
    for (const [what, p] of [
      ['saveDraft', () => f.handlers.saveDraft({ path: f.file, character: f.character })],
      ['listDrafts', () => f.handlers.listDrafts()],
      ['discardDraft', () => f.handlers.discardDraft({ path: f.file })],
    ] as const) {
      const o = await attempt(p);
      expectClear(o, what);
      expect(o.ok, what).toBe(false);
      if (!o.ok) expect(o.error.message, what).toMatch(/drafts folder .*points outside the library folder/);
    }
    await outsideUntouched();
  });

  it('does not let a draft file in the library hand out a path outside the library', async () => {
    const f = await fixture();
    const folder = join(lib, DRAFTS_FOLDER);
    await mkdir(folder);
    // Hostile drafts: well-formed, named after the hash of their path, pointing out of the library.
    const targets = [join(outside, 'secret.character.json'), join(outside, 'new.character.json'), join(outside, 'canary.txt')];
    for (const path of targets) {
      await writeFile(draftFileOf(folder, path), JSON.stringify({ format: 'quartermaster-draft', version: 1, path, savedMs: 2_000_000_000_000, character: f.character }));
    }
    // And a draft of the library's own file, which is offered as usual.
    await f.handlers.saveDraft({ path: f.file, character: { ...f.character, notes: 'unsaved edit' } });
    const drafts = await f.handlers.listDrafts();
    expect(drafts.map((d) => d.path)).toEqual([f.file]);
    for (const path of targets) {
      for (const [what, p] of [
        ['openCharacter', () => f.handlers.openCharacter({ path })],
        ['saveCharacter', () => f.handlers.saveCharacter({ path, character: f.character, expectedHash: 'x', force: true })],
        ['deleteCharacter', () => f.handlers.deleteCharacter({ path })],
        ['renameCharacter', () => f.handlers.renameCharacter({ path, fileName: 'x' })],
        ['showInFolder', () => f.handlers.showInFolder({ path })],
      ] as const) {
        const o = await attempt(p);
        expect(o.ok, `${what} ${path}`).toBe(false);
        expectClear(o, `${what} ${path}`);
        if (!o.ok) expect(o.error.message).toMatch(/was not given out by the app/);
      }
    }
    expect(f.trashed).toEqual([]);
    expect(f.shown).toEqual([]);
    await outsideUntouched();
  });
});
