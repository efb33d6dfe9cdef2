// Hostile files against the library (listing and opening through the IPC handlers), the check
// command line and the desk command line, and old or newer files through the same paths.
//
// A folder of CHARACTER_FILES mutated character files (core/testing/mutate.ts: byte flips,
// truncation, wrong types, hostile values, deep nesting, __proto__/constructor/prototype keys,
// invalid UTF-8, huge arrays, wrong shapes) plus hand-made ones (a 200 MB sparse file, a named
// pipe, a link to /dev/zero, a link out of the folder, a million brackets, 4.5 MB strings, 300,000
// skills, 200,000 keys, an empty file, a BOM). Each file loads or is reported with a reason that
// names it; nothing throws, hangs or writes; Object.prototype is untouched. (The loader alone gets
// 10,000 more in core/format/fuzz.test.ts.) Event files: EVENT_FILES mutated documents (versions 1
// and 2) and LOG_FILES mutated logs (version 3: a header line, one entry a line) through the event
// loader, which never throws and never returns an entry the schema refuses; and DESK_EVENT_FILES
// plus hand-made ones (documents and logs) through `quartermaster desk`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, lstat, mkdir, readdir, readFile, readlink, symlink, truncate, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main';
import { nodeIo, type Io } from '../../cli/io';
import type { CheckEntry } from '../../core/check/report';
import { ledgerEntrySchema } from '../../core/desk/entries';
import { eventHeaderSchema, headerOf, type DeskEvent } from '../../core/desk/event';
import { loadEventBytes, serializeEvent } from '../../core/desk/event-load';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { derive } from '../../core/rulesets/index';
import { mutate, prng } from '../../core/testing/mutate';
import { BACKUP_FOLDER } from '../../node/fs/files';
import { handlerFixture, tempFolder } from '../testing/handlers';

const CHARACTER_FILES = 2_000;
const EVENT_FILES = 10_000;
const LOG_FILES = 5_000;
const DESK_EVENT_FILES = 150;
const MB = 1024 * 1024;

const examplesDir = new URL('../../assets/examples/', import.meta.url);
const fixturesDir = new URL('../../core/format/fixtures/', import.meta.url);

let dir: string;
let cleanup: () => Promise<void>;
/** The hostile character folder (the library under test). */
let hostile: string;
/** Outside the library: a valid character a symlink points to, and a canary folder. */
let outside: string;
/** A folder with one valid character and many hostile event files, for `quartermaster desk`. */
let deskFolder: string;
let examples: unknown[];
let before: Map<string, string>;
let protoBefore: string[];

const originalToString = Object.prototype.toString;
/** The loader's message for a file of a newer version (its wording is the loader's; the facts are checked). */
const NEWER = /it was saved by a newer Quartermaster \((?:[a-z]+ )*version 3\); this version reads up to 2\. Update Quartermaster/;
/** The same for an event file: version 3 is the current one (the append-only log), 4 is newer. */
const NEWER_EVENT = /it was saved by a newer Quartermaster \(event file version 4\); this version reads up to 3\. Update Quartermaster/;
const stackTrace = /\n\s+at .+:\d+:\d+/;

/** Every path under `root` (hidden ones too) with what identifies its content: a hash, a link target, or for special files their inode and times. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const rel of (await readdir(root, { recursive: true })).map(String).sort()) {
    const p = join(root, rel);
    const s = await lstat(p);
    if (s.isSymbolicLink()) out.set(rel, `link ${await readlink(p)}`);
    else if (s.isDirectory()) out.set(rel, 'folder');
    else if (s.isFile() && s.size <= MAX_FILE_BYTES) out.set(rel, createHash('sha256').update(await readFile(p)).digest('hex'));
    else out.set(rel, `special ${s.ino} ${s.size} ${s.mtimeMs} ${s.mode}`);
  }
  return out;
}

function captureIo(): Io & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t), stdout: () => out, stderr: () => err };
}

const enc = (s: string) => new TextEncoder().encode(s);
const exampleText = (i: number) => JSON.stringify(examples[i % examples.length], null, 2);

/** The hand-made hostile character files: name -> bytes (the special files are made in beforeAll). */
function handMade(): Record<string, Uint8Array> {
  const base = examples[0] as Record<string, unknown>;
  const text = exampleText(0);
  const withField = (field: string, value: string) => enc(`{${JSON.stringify(field)}: ${value}, ${text.slice(1)}`);
  const utf8 = enc(text);
  const at = utf8.indexOf(0x22 /* " */, utf8.length >> 1);
  return {
    'deep.character.json': enc(`{"format":"quartermaster-character","version":1,"x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`),
    'proto.character.json': withField('__proto__', '{"polluted": "yes", "toString": "boom"}'),
    'nested-proto.character.json': enc(text.replace('"armour": [', '"armour": [{"__proto__": {"polluted": "yes"}}, ')),
    'constructor.character.json': withField('constructor', '{"prototype": {"polluted": "yes"}}'),
    'invalid-utf8.character.json': new Uint8Array([...utf8.subarray(0, at), 0xc3, 0x28, 0xff, ...utf8.subarray(at)]),
    'nul.character.json': enc(text.replace('"name": "', '"name": "\u0000')),
    'bom.character.json': new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]),
    'empty.character.json': new Uint8Array(0),
    'whitespace.character.json': enc(' \n\t '.repeat(1000)),
    'long-string.character.json': enc(JSON.stringify({ ...base, notes: 'x'.repeat(4.5 * MB) })),
    'long-array.character.json': enc(JSON.stringify({ ...base, skills: Array.from({ length: 300_000 }, () => ({ id: 'a' })) })),
    'many-keys.character.json': enc(JSON.stringify({ ...base, extra: Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i])) })),
    'infinity.character.json': enc(text.replace(/"version": \d/, '"version": 1e400')),
    'binary.character.json': new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256)),
    'array.character.json': enc(`[${text}]`),
  };
}

beforeAll(async () => {
  ({ dir, cleanup } = await tempFolder('qm-hostile-'));
  const names = (await readdir(examplesDir)).sort();
  examples = await Promise.all(names.map(async (n) => JSON.parse(await readFile(new URL(n, examplesDir), 'utf8'))));
  hostile = join(dir, 'library');
  outside = join(dir, 'outside');
  deskFolder = join(dir, 'desk');
  await mkdir(hostile);
  await mkdir(outside);
  await mkdir(deskFolder);
  await writeFile(join(outside, 'secret.character.json'), `${exampleText(1)}\n`);
  await writeFile(join(outside, 'canary.txt'), 'canary');

  const rand = prng(424242);
  await Promise.all(
    Array.from({ length: CHARACTER_FILES }, (_, i) => writeFile(join(hostile, `fuzz-${String(i).padStart(4, '0')}.character.json`), mutate(examples[i % examples.length], rand))),
  );
  for (const [name, bytes] of Object.entries(handMade())) await writeFile(join(hostile, name), bytes);
  // 200 MB without writing 200 MB: a sparse file.
  await writeFile(join(hostile, 'huge.character.json'), '');
  await truncate(join(hostile, 'huge.character.json'), 200 * MB);
  execFileSync('mkfifo', [join(hostile, 'pipe.character.json')]);
  await symlink('/dev/zero', join(hostile, 'zero.character.json'));
  await symlink(join(outside, 'secret.character.json'), join(hostile, 'outside-link.character.json'));
  await symlink(outside, join(hostile, 'linked-folder'));
  await mkdir(join(hostile, 'folder.character.json'));
  await writeFile(join(hostile, 'folder.character.json', 'inner.character.json'), `${exampleText(2)}\n`);
  await writeFile(join(hostile, '.hidden.character.json'), `${exampleText(3)}\n`);

  // The desk folder: one valid character and the hostile event files.
  await copyFile(new URL('v0-fortunes-landing.character.json', fixturesDir), join(deskFolder, 'tomas.character.json'));
  const events = await validEvents();
  const erand = prng(9090);
  const logs = validLogs(events);
  // Half documents of versions 1 and 2, half logs of version 3.
  for (let i = 0; i < DESK_EVENT_FILES; i++) {
    await writeFile(join(deskFolder, `e-${String(i).padStart(3, '0')}.event.json`), i % 2 === 0 ? mutate(events[(i >> 1) % events.length], erand) : mutateLog(logs[(i >> 1) % logs.length]!, erand));
  }
  await writeFile(join(deskFolder, 'huge.event.json'), '');
  await truncate(join(deskFolder, 'huge.event.json'), 200 * MB);
  execFileSync('mkfifo', [join(deskFolder, 'pipe.event.json')]);
  await symlink('/dev/zero', join(deskFolder, 'zero.event.json'));
  await writeFile(join(deskFolder, 'deep.event.json'), `{"format":"quartermaster-event","version":1,"x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
  await writeFile(join(deskFolder, 'proto.event.json'), JSON.stringify(events[0]).replace('"characters":{', '"characters":{"__proto__":{"polluted":"yes"},'));
  await writeFile(join(deskFolder, 'invalid-utf8.event.json'), new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]));

  protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  before = await snapshot(dir);
}, 120_000);
afterAll(() => cleanup());

/** Valid event files to mutate: the v1 fixture, an empty event, and one with 30 characters. */
async function validEvents(): Promise<unknown[]> {
  const fixture = JSON.parse(await readFile(new URL('v1-autumn-muster.event.json', fixturesDir), 'utf8'));
  const empty = { format: 'quartermaster-event', version: 1, name: 'Empty', game: '', dates: { start: '2026-05-01', end: '2026-05-01' }, characters: {} };
  const characters: Record<string, unknown> = {};
  for (let i = 1; i <= 30; i++) {
    characters[`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`] = {
      checkedInAt: '2026-10-02T18:00:00Z',
      printed: [{ at: '2026-10-01T12:00:00Z', hash: 'ab'.repeat(32), serials: [`AR-${i}`, `IT-${i}`] }],
      voided: [`AR-OLD-${i}`],
    };
  }
  const thirty = { ...empty, name: 'Thirty', game: 'novitas', characters };
  // A version 2 document: a header with an id, and the ledger as a list.
  const v2 = { format: 'quartermaster-event', version: 2, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Ledger', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' }, entries: ledgerOf(30) };
  return [fixture, empty, thirty, v2];
}

/** `n` characters' check-ins and prints, and a note, undo and transfer: ledger entries of several kinds (each desk numbering its own). */
function ledgerOf(n: number): unknown[] {
  const id = (k: number, i: number) => `${k.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  const entries: unknown[] = [];
  for (let i = 1; i <= n; i++) {
    const character = id(0xc, i);
    const desk = i % 2 === 0 ? { desk: 'Front desk', deskId: id(0xd, 1) } : { desk: 'Gate desk', deskId: id(0xd, 2) };
    entries.push({ id: id(1, i), at: `2026-10-02T18:${String(i % 60).padStart(2, '0')}:00+01:00`, ...desk, seq: 2 * i - 1, kind: 'check-in', character });
    entries.push({ id: id(2, i), at: `2026-10-02T19:${String(i % 60).padStart(2, '0')}:00+01:00`, ...desk, seq: 2 * i, kind: 'printed', character, hash: 'ab'.repeat(32), cards: [{ serial: `AR-${i}`, edition: '1' }, { serial: `IT-${i}`, edition: '1' }], facts: { armour: '2 over torso' } });
  }
  entries.push({ id: id(3, 1), at: '2026-10-02T20:00:00Z', desk: 'Front desk', kind: 'note', text: 'a note', extra: { kept: true } });
  entries.push({ id: id(3, 2), at: '2026-10-02T20:01:00Z', desk: 'Front desk', kind: 'undo', target: id(1, 2) });
  entries.push({ id: id(3, 3), at: '2026-10-02T20:02:00Z', desk: 'Front desk', kind: 'item-transferred', character: id(0xc, 1), item: id(0xe, 1), to: id(0xc, 2) });
  return entries;
}

/** Valid version 3 logs to mutate: each valid document as the desk migrates it, written as a log. */
function validLogs(events: unknown[]): DeskEvent[] {
  return events.map((e, i) => {
    const r = loadEventBytes(new TextEncoder().encode(JSON.stringify(e)), `valid-${i}.event.json`);
    if (!r.ok) throw new Error(r.problem.message);
    return r.event;
  });
}

/**
 * One mutated log (bytes) from a valid event: its bytes flipped or cut short (a torn last line), a
 * line replaced by a mutated entry or header (core/testing/mutate.ts: perhaps over several lines),
 * a line repeated with other content, invalid UTF-8, lines reordered, blank or CRLF-ended, hostile
 * lines (too long, too deep, a __proto__ key), or several of these at once.
 */
function mutateLog(event: DeskEvent, rand: () => number): Uint8Array {
  const lines = serializeEvent(event).split('\n').slice(0, -1);
  const pickIndex = (from = 0) => from + Math.floor(rand() * Math.max(1, lines.length - from));
  /** A line as JSON (an object), or null when an earlier round left it something else. */
  const entryAt = (i: number): Record<string, unknown> | null => {
    try {
      const v: unknown = JSON.parse(lines[i] ?? 'null');
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const once = (): Uint8Array | null => {
    switch (Math.floor(rand() * 9)) {
      case 0: {
        // byte flips
        const out = new TextEncoder().encode(`${lines.join('\n')}\n`);
        const n = 1 + Math.floor(rand() * 8);
        for (let i = 0; i < n; i++) out[Math.floor(rand() * out.length)] = Math.floor(rand() * 256);
        return out;
      }
      case 1: {
        // cut short anywhere: a torn last line, or a header cut in two
        const out = new TextEncoder().encode(`${lines.join('\n')}\n`);
        return out.slice(0, Math.floor(rand() * out.length));
      }
      case 2: {
        // an entry line (or the header) replaced by a mutated one
        const i = lines.length > 1 && rand() < 0.85 ? pickIndex(1) : 0;
        const e = entryAt(i);
        if (e) lines[i] = new TextDecoder().decode(mutate(e, rand));
        return null;
      }
      case 3: {
        // an entry repeated with other content (the id of an earlier entry), or the same again
        const i = pickIndex(1);
        const e = entryAt(i);
        if (e) lines.splice(pickIndex(i), 0, JSON.stringify(rand() < 0.5 ? e : { ...e, at: '2026-10-03T09:00:00Z', text: 'changed' }));
        return null;
      }
      case 4: {
        // invalid UTF-8 in a line
        const text = `${lines.join('\n')}\n`;
        const bytes = new TextEncoder().encode(text);
        const at = Math.floor(rand() * bytes.length);
        return new Uint8Array([...bytes.subarray(0, at), 0xc3, 0x28, ...bytes.subarray(at)]);
      }
      case 5: {
        // lines reordered (the header too, sometimes), blank lines, CRLF line ends
        const i = pickIndex(rand() < 0.2 ? 0 : 1);
        const j = pickIndex(rand() < 0.2 ? 0 : 1);
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        if (rand() < 0.5) lines.splice(pickIndex(1), 0, '', '   ');
        if (rand() < 0.3) for (let k = 0; k < lines.length; k++) lines[k] = `${lines[k]}\r`;
        return null;
      }
      case 6: {
        // a hostile line: too long, too deep, a __proto__ key, a kind this version does not know, not JSON
        const e = entryAt(pickIndex(1)) ?? { id: '00000000-0000-4000-8000-000000000001', at: '2026-10-02T18:00:00Z', desk: 'Front desk', kind: 'note', text: 'x' };
        const hostile = [
          JSON.stringify({ ...e, extra: 'x'.repeat(70_000) }),
          JSON.stringify({ ...e, extra: 1 }).replace('"extra":1', `"extra":${'['.repeat(100)}1${']'.repeat(100)}`),
          JSON.stringify(e).replace('{', '{"__proto__":{"polluted":true},'),
          JSON.stringify({ ...e, kind: 'teleport' }),
          JSON.stringify({ ...e, seq: 0 }),
          '{"id": ',
          'null',
          '[]',
        ];
        lines.splice(pickIndex(1), 0, hostile[Math.floor(rand() * hostile.length)]!);
        return null;
      }
      case 7: {
        // the header of a newer version, another format, or one document (not a log)
        const header = entryAt(0);
        if (!header) return null;
        const choices = [{ ...header, version: 4 }, { ...header, format: 'quartermaster-character' }, { ...header, version: 2 }, { ...header, dates: { start: '2026-10-04', end: '2026-10-02' } }];
        lines[0] = JSON.stringify(choices[Math.floor(rand() * choices.length)]);
        return null;
      }
      default: {
        // a field of one entry given a value of another type
        const i = pickIndex(1);
        const e = entryAt(i);
        if (!e) return null;
        const keys = Object.keys(e);
        const key = keys[Math.floor(rand() * keys.length)]!;
        const values = [null, 7, '', 'x'.repeat(300), [], {}, 'AB-CD', -1, 1.5, true];
        lines[i] = JSON.stringify({ ...e, [key]: values[Math.floor(rand() * values.length)] });
        return null;
      }
    }
  };
  const rounds = rand() < 0.25 ? 3 : 1;
  for (let r = 0; r < rounds; r++) {
    const bytes = once();
    if (bytes) return bytes;
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

describe('hostile character files in the library', () => {
  it(`lists ${CHARACTER_FILES.toLocaleString('en')} mutated files and the hand-made ones: each as a character or as unreadable with a reason`, async () => {
    const { handlers } = handlerFixture(hostile, join(dir, 'no-examples'), { derive });
    const { entries } = await handlers.listLibrary();
    const listed = new Set(entries.map((e) => relative(hostile, e.path)));
    // Regular files only, never a pipe, a device, a link out of the folder, a linked folder or a hidden file.
    for (const name of ['pipe.character.json', 'zero.character.json', 'outside-link.character.json', '.hidden.character.json']) expect(listed.has(name), name).toBe(false);
    expect([...listed].some((p) => p.startsWith('linked-folder'))).toBe(false);
    expect(listed.has(join('folder.character.json', 'inner.character.json'))).toBe(true);
    expect(entries).toHaveLength(CHARACTER_FILES + Object.keys(handMade()).length + 2 /* huge, inner */);

    const reasons = new Map<string, number>();
    for (const e of entries) {
      expect(['clean', 'violations', 'unreadable']).toContain(e.status);
      if (e.status === 'unreadable') {
        expect(e.reason, e.path).toBeDefined();
        expect(e.reason!.startsWith(`${e.path}: `), e.reason).toBe(true);
        expect(e.reason!.length, e.path).toBeLessThan(2_000);
        expect(e.reason).not.toMatch(stackTrace);
        const kind = e.reason!.slice(e.path.length + 2).replace(/".*$/, '').replace(/\d[\d.]*/g, 'N').slice(0, 40);
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      } else {
        // A file that loads is checked by the rules without the check itself failing.
        expect(e.reason, e.path).toBeUndefined();
        expect(typeof e.name).toBe('string');
      }
    }
    const byName = (n: string) => entries.find((e) => e.fileName === n)!;
    expect(byName('huge.character.json').reason).toMatch(/the file is 200\.0 MB; the limit is 5\.0 MB/);
    expect(byName('deep.character.json').reason).toMatch(/nested more than 64 levels/);
    expect(byName('proto.character.json').reason).toMatch(/field "__proto__" is not allowed/);
    expect(byName('nested-proto.character.json').reason).toMatch(/field "armour\[0\].__proto__" is not allowed/);
    expect(byName('invalid-utf8.character.json').reason).toMatch(/not UTF-8/);
    expect(byName('nul.character.json').reason).toMatch(/NUL/);
    expect(byName('empty.character.json').reason).toMatch(/empty/);
    expect(byName('whitespace.character.json').reason).toMatch(/empty/);
    expect(byName('long-string.character.json').reason).toMatch(/field "notes": is longer than 20000 characters/);
    expect(byName('long-array.character.json').reason).toMatch(/field "skills": has more than 2000 entries/);
    expect(byName('infinity.character.json').reason).toMatch(/field "version" must be a whole number/);
    expect(byName('array.character.json').reason).toMatch(/expected a JSON object/);
    expect(byName('bom.character.json').status).not.toBe('unreadable');
    expect(byName('constructor.character.json').status).not.toBe('unreadable');
    expect(byName('many-keys.character.json').status).not.toBe('unreadable');
    // The mutations reach many different reasons, and many mutated files still load.
    expect(reasons.size).toBeGreaterThan(10);
    expect(entries.filter((e) => e.status !== 'unreadable').length).toBeGreaterThan(100);
    console.log(`library fuzz: ${entries.length} files listed, ${entries.filter((e) => e.status !== 'unreadable').length} load, ${entries.filter((e) => e.status === 'unreadable').length} unreadable with ${reasons.size} kinds of reason`);
  }, 120_000);

  it('opens every listed file the way the list shows it: editable, read-only (newer version) or refused with the reason', async () => {
    const { handlers } = handlerFixture(hostile, join(dir, 'no-examples'), { derive });
    const { entries } = await handlers.listLibrary();
    let opened = 0;
    let readOnly = 0;
    let refused = 0;
    for (const e of entries) {
      const r = await handlers.openCharacter({ path: e.path });
      if (r.ok) {
        if (e.status === 'unreadable') {
          // Only a file from a newer version opens although it is listed as unreadable: read-only.
          expect(r.opened.readOnly, e.path).toBe(true);
          expect(r.opened.readOnlyReason).toMatch(/newer Quartermaster/);
          readOnly++;
        } else {
          expect(r.opened.readOnly, e.path).toBe(false);
          opened++;
        }
      } else {
        expect(e.status, e.path).toBe('unreadable');
        expect(r.path).toBe(e.path);
        expect(r.problem.message.startsWith(`${e.path}: `), r.problem.message).toBe(true);
        expect(r.problem.message).not.toMatch(stackTrace);
        refused++;
      }
    }
    expect(opened + readOnly + refused).toBe(entries.length);
    expect(readOnly).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});

describe('hostile character files through `quartermaster check`', () => {
  it('reports every file, exits with 2, prints no stack trace and does not hang on a pipe or /dev/zero', async () => {
    const io = captureIo();
    const code = await main(['check', '--json', hostile], io);
    expect(code).toBe(2);
    expect(io.stderr()).not.toMatch(stackTrace);
    const entries = JSON.parse(io.stdout()) as CheckEntry[];
    const files = new Set(entries.map((e) => relative(hostile, e.file)));
    // The check follows links to files (a user named the folder), but never into linked folders or hidden files.
    for (const name of ['pipe.character.json', 'zero.character.json', 'outside-link.character.json', 'huge.character.json']) expect(files.has(name), name).toBe(true);
    expect(files.has('.hidden.character.json')).toBe(false);
    expect([...files].some((p) => p.startsWith('linked-folder'))).toBe(false);
    for (const e of entries) {
      if (e.readable) continue;
      expect(e.errors[0]!.message.startsWith(`${e.file}: `), e.errors[0]!.message).toBe(true);
      expect(e.errors[0]!.message.length).toBeLessThan(2_000);
    }
    const byName = (n: string) => entries.find((e) => e.file === join(hostile, n))!;
    expect(byName('pipe.character.json').errors[0]!.message).toMatch(/not a regular file/);
    expect(byName('zero.character.json').errors[0]!.message).toMatch(/not a regular file/);
    expect(byName('huge.character.json').errors[0]!.message).toMatch(/200\.0 MB; the limit is 5\.0 MB/);
    expect(byName('outside-link.character.json').readable).toBe(true);
    expect(entries.filter((e) => e.readable).length).toBeGreaterThan(100);
    console.log(`check fuzz: ${entries.length} files checked, ${entries.filter((e) => e.readable).length} readable, exit code ${code}`);
  }, 120_000);
});

describe('hostile event files', () => {
  it(`the event loader survives ${EVENT_FILES.toLocaleString('en')} mutated event files`, async () => {
    const events = await validEvents();
    const rand = prng(31337);
    const codes = new Map<string, number>();
    let loaded = 0;
    for (let i = 0; i < EVENT_FILES; i++) {
      const source = `fuzz-${i}.event.json`;
      const r = loadEventBytes(mutate(events[i % events.length], rand), source);
      if (r.ok) {
        loaded++;
        expect(typeof r.event.name).toBe('string');
      } else {
        codes.set(r.problem.code, (codes.get(r.problem.code) ?? 0) + 1);
        expect(r.problem.message.startsWith(`${source}: `), r.problem.message).toBe(true);
        expect(r.problem.message.length).toBeLessThan(2_000);
      }
    }
    expect(loaded).toBeGreaterThan(100);
    console.log(`event fuzz: ${EVENT_FILES} mutated event files, ${loaded} load, ${EVENT_FILES - loaded} refused (${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')})`);
    for (const code of ['not-json', 'not-utf8', 'too-deep', 'invalid', 'not-event', 'future-version', 'forbidden-key']) expect(codes.get(code) ?? 0, code).toBeGreaterThan(0);
  }, 60_000);

  it(`the event loader survives ${LOG_FILES.toLocaleString('en')} mutated logs: it never throws, and never returns an entry the schema refuses`, async () => {
    const logs = validLogs(await validEvents());
    const rand = prng(27182);
    const codes = new Map<string, number>();
    let loaded = 0;
    let withProblems = 0;
    let torn = 0;
    let leftOut = 0;
    for (let i = 0; i < LOG_FILES; i++) {
      const source = `log-${i}.event.json`;
      const bytes = mutateLog(logs[i % logs.length]!, rand);
      let r: ReturnType<typeof loadEventBytes>;
      try {
        r = loadEventBytes(bytes, source);
      } catch (e) {
        throw new Error(`${source} (${bytes.length} bytes, seed 27182 #${i}): the loader threw: ${(e as Error).stack}`);
      }
      if (!r.ok) {
        codes.set(r.problem.code, (codes.get(r.problem.code) ?? 0) + 1);
        expect(r.problem.message.startsWith(`${source}: `), r.problem.message).toBe(true);
        expect(r.problem.message.length).toBeLessThan(2_000);
        continue;
      }
      loaded++;
      // What it returns is what the schemas accept: the header, and every entry, each id once.
      expect(eventHeaderSchema.safeParse(headerOf(r.event)).success, source).toBe(true);
      for (const e of r.event.entries) {
        const parsed = ledgerEntrySchema.safeParse(e);
        if (!parsed.success) throw new Error(`${source}: the loader returned an entry the schema refuses (${parsed.error.issues[0]?.message}): ${JSON.stringify(e).slice(0, 300)}`);
      }
      expect(new Set(r.event.entries.map((e) => e.id)).size, source).toBe(r.event.entries.length);
      // Lines left out are named, each with its line number (the header is line 1).
      for (const p of r.problems) {
        expect(p.message.startsWith(`${source}: `), p.message).toBe(true);
        expect(p.message.length).toBeLessThan(2_000);
        expect(p.line, p.message).toBeGreaterThanOrEqual(2);
      }
      if (r.problems.length > 0) withProblems++;
      leftOut += r.problems.length;
      if (r.torn) {
        torn++;
        expect(r.torn.bytes).toBeGreaterThan(0);
        expect(r.end + r.torn.bytes).toBe(bytes.length);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
    console.log(`log fuzz: ${LOG_FILES} mutated logs, ${loaded} load (${withProblems} with ${leftOut} lines left out, ${torn} with a torn last line), ${LOG_FILES - loaded} refused (${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')})`);
    // Every way a log can be read was taken: loaded whole, loaded leaving lines out, a torn tail, refused.
    expect(loaded).toBeGreaterThan(LOG_FILES / 4);
    expect(withProblems).toBeGreaterThan(100);
    expect(torn).toBeGreaterThan(100);
    for (const code of ['invalid', 'not-event', 'future-version']) expect(codes.get(code) ?? 0, code).toBeGreaterThan(0);
  }, 120_000);

  it(`\`quartermaster desk\` reads ${DESK_EVENT_FILES} mutated and the hand-made event files, refuses the bad ones with the reason and records nothing in them`, async () => {
    const names = (await readdir(deskFolder)).filter((n) => n.endsWith('.event.json')).sort();
    expect(names.length).toBe(DESK_EVENT_FILES + 6);
    const out = join(dir, 'cards.pdf');
    let refused = 0;
    for (const name of names) {
      const file = join(deskFolder, name);
      const io = captureIo();
      const code = await main(['desk', deskFolder, '--event', file], io);
      expect([0, 1, 2], name).toContain(code);
      expect(io.stderr(), name).not.toMatch(stackTrace);
      if (!io.stdout().includes(`Event file ${file} cannot be used: ${file}: `)) continue;
      // A bad event file: exit 2, the reason names it, and asking to record a print writes nothing.
      refused++;
      expect(code, name).toBe(2);
      const again = captureIo();
      expect(await main(['desk', deskFolder, '--event', file, '--reprint-changed', '--out', out], again), name).toBe(2);
      expect(again.stderr()).toMatch(/the event file cannot be read, so nothing was written \(and it was not changed\)/);
    }
    expect(refused).toBeGreaterThan(DESK_EVENT_FILES / 3);
    console.log(`desk fuzz: ${names.length} event files, ${refused} refused with the reason, nothing written`);
    await expect(lstat(out)).rejects.toThrow(/ENOENT/);
    const reasonOf = async (n: string) => {
      const io = captureIo();
      await main(['desk', deskFolder, '--event', join(deskFolder, n)], io);
      return io.stdout();
    };
    expect(await reasonOf('pipe.event.json')).toMatch(/not a regular file/);
    expect(await reasonOf('zero.event.json')).toMatch(/not a regular file/);
    // No line in its first bytes: not a log; and far past the 64 MB an older (one-document) event file may be.
    expect(await reasonOf('huge.event.json')).toMatch(/it is not an event file of this version, and at 200 MB too large to be one of an older version/);
    expect(await reasonOf('deep.event.json')).toMatch(/nested more than 64 levels/);
    expect(await reasonOf('proto.event.json')).toMatch(/field "characters.__proto__" is not allowed/);
    expect(await reasonOf('invalid-utf8.event.json')).toMatch(/not UTF-8/);
  }, 120_000);
});

describe('after all the hostile files', () => {
  it('no file was changed, created or removed, outside or inside, and nothing was polluted', async () => {
    const after = await snapshot(dir);
    // Only the handlers' recent-file list and the library's own folder may differ: neither exists on disk here.
    expect([...after.keys()].filter((k) => !before.has(k))).toEqual([]);
    expect([...before.keys()].filter((k) => !after.has(k))).toEqual([]);
    for (const [k, v] of before) expect(after.get(k), k).toBe(v);
    expect(after.has(join('library', BACKUP_FOLDER))).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(Object.prototype.toString).toBe(originalToString);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});

// Old files: every earlier character format version has fixtures (core/format/fixtures/v0-*), and
// each opens, migrates and saves through the same handlers and commands as a current file; a file
// from a newer version opens read-only with the reason and is never written.
describe('old and newer files', () => {
  const V0 = ['v0-fortunes-landing', 'v0-novitas', 'v0-curious-pastimes', 'v0-bg-magic'];
  let lib: string;

  beforeAll(async () => {
    lib = join(dir, 'old-files');
    await mkdir(lib);
    for (const name of (await readdir(fixturesDir)).filter((n) => n.endsWith('.character.json'))) await copyFile(new URL(name, fixturesDir), join(lib, name));
  });

  it('has a fixture of every earlier version for every ruleset', async () => {
    const { RULESET_IDS, CURRENT_VERSION } = await import('../../core/model/ids');
    const fixtures = await readdir(fixturesDir);
    for (let v = 0; v < CURRENT_VERSION; v++) {
      const systems = await Promise.all(
        fixtures.filter((n) => n.startsWith(`v${v}-`) && n.endsWith('.character.json')).map(async (n) => JSON.parse(await readFile(new URL(n, fixturesDir), 'utf8'))),
      );
      expect(systems.map((s) => s.version)).toEqual(systems.map(() => v));
      expect(new Set(systems.map((s) => s.system ?? s.ruleset))).toEqual(new Set(RULESET_IDS));
    }
  });

  it('lists, opens, migrates and saves version 0 files; the original bytes are kept as a backup', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'no-examples'), { derive });
    const { entries } = await handlers.listLibrary();
    for (const stem of V0) {
      const path = join(lib, `${stem}.character.json`);
      const original = await readFile(path);
      const raw = JSON.parse(original.toString('utf8'));
      const entry = entries.find((e) => e.path === path)!;
      expect(entry.status, stem).not.toBe('unreadable');
      expect(entry.ruleset).toBe(raw.system);
      expect(entry.name).toBe(raw.name);

      const r = await handlers.openCharacter({ path });
      expect(r.ok && !r.opened.readOnly, stem).toBe(true);
      if (!r.ok) continue;
      const c = r.opened.character as Record<string, unknown>;
      expect(c.version).toBe(2);
      expect(c.ruleset).toBe(raw.system);
      expect('system' in c).toBe(false);
      // Skills were a map from id to level; now a list in the map's order.
      expect(c.skills).toEqual(Object.entries(raw.skills).map(([id, level]) => ({ id, level })));
      // The hash is of the bytes on disk: saving checks the file is still the v0 file that was opened.
      expect(r.opened.hash).toBe(createHash('sha256').update(original).digest('hex'));

      const saved = await handlers.saveCharacter({ path, character: r.opened.character, expectedHash: r.opened.hash });
      expect(saved.ok, stem).toBe(true);
      const now = JSON.parse(await readFile(path, 'utf8'));
      expect(now.version).toBe(2);
      expect(now.ruleset).toBe(raw.system);
      const [backup] = await handlers.listBackups({ path });
      expect(backup).toBeDefined();
      expect(await readFile(join(lib, BACKUP_FOLDER, encodeURIComponent(`${stem}.character.json`), `${backup!.id}.character.json`))).toEqual(original);
    }
    // Unknown fields of the old file survive the migration and the save.
    expect(JSON.parse(await readFile(join(lib, 'v0-fortunes-landing.character.json'), 'utf8')).houseRule).toBe('kept');
  });

  it('opens a newer-version file read-only with the reason, lists it by name, and refuses to save over it, even forced', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'no-examples'), { derive });
    const { entries } = await handlers.listLibrary();
    const path = join(lib, 'v3-future.character.json');
    const original = await readFile(path);
    const entry = entries.find((e) => e.path === path)!;
    expect(entry.status).toBe('unreadable');
    expect(entry.name).toBe('Future Ines');
    expect(entry.reason!.startsWith(`${path}: `)).toBe(true);
    expect(entry.reason).toMatch(NEWER);

    const r = await handlers.openCharacter({ path });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.opened.readOnly).toBe(true);
    expect(r.opened.readOnlyReason).toBe(entry.reason);
    expect(r.opened.character.name).toBe('Future Ines');
    for (const force of [false, true]) {
      const saved = await handlers.saveCharacter({ path, character: { ...r.opened.character, name: 'Changed' }, expectedHash: r.opened.hash, force });
      expect(saved).toEqual({ ok: false, reason: 'read-only', message: `${entry.reason} Use Save As to save a copy.` });
    }
    expect(await readFile(path)).toEqual(original);
    await expect(lstat(join(lib, BACKUP_FOLDER, encodeURIComponent('v3-future.character.json')))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a newer-version file it cannot even show, with the reason, and never writes it', async () => {
    const { handlers } = handlerFixture(lib, join(dir, 'no-examples'), { derive });
    await handlers.listLibrary();
    const path = join(lib, 'v3-future-reshaped.character.json');
    const original = await readFile(path);
    const r = await handlers.openCharacter({ path });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.code).toBe('future-version');
    expect(r.problem.message.startsWith(`${path}: `)).toBe(true);
    expect(r.problem.message).toMatch(NEWER);
    const saved = await handlers.saveCharacter({ path, character: (await import('../testing/handlers')).character(), expectedHash: 'x', force: true });
    expect(saved.ok).toBe(false);
    expect(!saved.ok && saved.reason).toBe('read-only');
    expect(await readFile(path)).toEqual(original);
  });

  it('`quartermaster check` migrates version 0 files and reports newer ones as unreadable with the reason', async () => {
    const folder = join(dir, 'old-files-check');
    await mkdir(folder);
    for (const name of (await readdir(fixturesDir)).filter((n) => n.endsWith('.character.json'))) await copyFile(new URL(name, fixturesDir), join(folder, name));
    const io = captureIo();
    expect(await main(['check', '--json', folder], io)).toBe(2);
    const entries = JSON.parse(io.stdout()) as CheckEntry[];
    for (const stem of V0) expect(entries.find((e) => e.file.endsWith(`${stem}.character.json`))!.readable, stem).toBe(true);
    for (const stem of ['v3-future', 'v3-future-reshaped']) {
      const e = entries.find((x) => x.file.endsWith(`${stem}.character.json`))!;
      expect(e.readable).toBe(false);
      expect(e.errors[0]!.code).toBe('file.future-version');
      expect(e.errors[0]!.message).toMatch(NEWER);
    }
  });

  it('`quartermaster desk` reads the version 1 event fixture with a version 0 character, and refuses a newer event file without writing it', async () => {
    const folder = join(dir, 'old-event');
    await mkdir(folder);
    await copyFile(new URL('v0-fortunes-landing.character.json', fixturesDir), join(folder, 'tomas.character.json'));
    await copyFile(new URL('v1-autumn-muster.event.json', fixturesDir), join(folder, 'autumn.event.json'));
    await copyFile(new URL('v4-future.event.json', fixturesDir), join(folder, 'spring.event.json'));
    const autumn = await readFile(join(folder, 'autumn.event.json'));
    const ok = captureIo();
    expect(await main(['desk', folder, '--event', join(folder, 'autumn.event.json')], ok)).toBe(0);
    // Old Tomas (the v0 character) is the one character the event lists as checked in.
    expect(ok.stdout()).toMatch(/Old Tomas/);
    expect(ok.stdout()).toMatch(/1 checked in/);
    // Read as it is: the command line never rewrites an older event file (the desk migrates it when it opens it).
    expect(await readFile(join(folder, 'autumn.event.json'))).toEqual(autumn);
    const spring = join(folder, 'spring.event.json');
    const original = await readFile(spring);
    const bad = captureIo();
    expect(await main(['desk', folder, '--event', spring, '--reprint-changed', '--out', join(folder, 'cards.pdf')], bad)).toBe(2);
    expect(bad.stdout()).toContain(`${spring}: it was saved by a newer Quartermaster`);
    expect(bad.stdout()).toMatch(NEWER_EVENT);
    expect(await readFile(spring)).toEqual(original);
    await expect(lstat(join(folder, 'cards.pdf'))).rejects.toThrow(/ENOENT/);
  });
});
