// The built command (dist/, as `quartermaster` runs it): `check` reads clean files without loading
// zod (about 100 ms of module loading): character files go through the compiled validator, and zod
// is loaded only to word the problem of a refused file. The desk validates the event file with zod
// (its one validator, format version 3), so it loads zod once; its report is the in-process
// command's. Hooks record every import and require of zod in the child process.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeIo, type Io } from './io';
import { main } from './main';

const root = new URL('..', import.meta.url).pathname;
const examples = join(root, 'assets/examples');
let dir: string;
let folder: string;
let hook: string;
let entryHook: string;

// ES modules import zod through the resolve hook (run in the hooks' thread); the CommonJS bundles
// (dist/check.cjs, dist/desk.cjs) require it, which Module._load sees (said once: every module of a
// bundle requires it).
const HOOK = `import { register } from 'node:module';
import Module from 'node:module';
let said = false;
const load = Module._load;
Module._load = function (request, ...rest) { if (!said && (request === 'zod' || request.startsWith('zod/'))) { said = true; process.stderr.write('[zod loaded]\\n'); } return load.call(this, request, ...rest); };
register('data:text/javascript,' + encodeURIComponent(\`export async function resolve(s, c, next) { if (s === 'zod' || s.startsWith('zod/')) process.stderr.write('[zod loaded]\\\\n'); return next(s, c); }\`));
`;

/**
 * Records which of the built command's bundles a run loads: dist/desk.cjs and dist/check.cjs are
 * required (CommonJS),
 * dist/cli.mjs imported (an ES module).
 */
const ENTRY_HOOK = `import { register } from 'node:module';
import Module from 'node:module';
const load = Module._load;
Module._load = function (request, ...rest) { const m = /[\\\\/]dist[\\\\/](desk|check)\\.cjs$/.exec(request); if (m) process.stderr.write('[' + m[1] + '.cjs]\\n'); return load.call(this, request, ...rest); };
register('data:text/javascript,' + encodeURIComponent(\`export async function resolve(s, c, next) { if (/\\\\/dist\\\\/cli\\\\.mjs$/.test(s)) process.stderr.write('[cli.mjs]\\\\n'); return next(s, c); }\`));
`;

async function built(args: string[], hooks = [hook]) {
  const r = await promisify(execFile)(process.execPath, [...hooks.flatMap((h) => ['--import', h]), join(root, 'bin/quartermaster.cjs'), ...args], { cwd: dir }).catch((e) => e);
  return { code: (r.code as number | undefined) ?? 0, out: String(r.stdout), err: String(r.stderr) };
}

async function inProcess(args: string[]) {
  let out = '';
  let err = '';
  const io: Io = { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(args, io);
  return { code, out, err };
}

// An event file of format version 3: the header line, then one entry a line.
const EVENT_HEADER = { format: 'quartermaster-event', version: 3, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' } };
const CHECK_IN = { id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a01', at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: 'b7e3c1a2-4d5f-4e6a-9b8c-7d6e5f4a3b21', seq: 1 };
const logText = (...lines: object[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');
const eventText = logText(EVENT_HEADER, CHECK_IN);

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [join(root, 'scripts/build-cli.mjs')]);
  dir = mkdtempSync(join(tmpdir(), 'qm-built-'));
  hook = join(dir, 'hook.mjs');
  writeFileSync(hook, HOOK);
  entryHook = join(dir, 'entry-hook.mjs');
  writeFileSync(entryHook, ENTRY_HOOK);
  folder = join(dir, 'Autumn Muster');
  await promisify(execFile)('mkdir', [folder]);
  for (const n of readdirSync(examples)) copyFileSync(join(examples, n), join(folder, n));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built command and zod', () => {
  it('desk: reads a version 3 event file (zod, its one validator, loaded once) with the report the in-process command gives', async () => {
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
    const r = await built(['desk', folder]);
    expect(r.err).toBe('[zod loaded]\n');
    // Борислав breaks a rule (a shield and metal over metal): exit 1, as `check`.
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe(`Event: Autumn Muster · Fortune's Landing · 2026-10-02 to 2026-10-04 (${join(folder, 'autumn.event.json')})`);
    expect(r.out).toBe((await inProcess(['desk', folder])).out);
  });

  it('desk: lines of the event file it cannot read and a torn last line are listed as in-process, and the report still given', async () => {
    const file = join(folder, 'autumn.event.json');
    writeFileSync(file, `${eventText}{"id":\n{"id":"0b7d`);
    const r = await built(['desk', folder]);
    const mine = await inProcess(['desk', folder]);
    expect(r.code).toBe(2);
    expect(r.out).toBe(mine.out);
    expect(r.err).toBe(`[zod loaded]\n${mine.err}`);
    expect(mine.err).toBe(`${file}: line 3: it is not valid JSON; it is left out\n${file}: line 4 is cut short (11 bytes after the last newline: an append a crash interrupted, never acknowledged); it is left out\n`);
    writeFileSync(file, eventText);
  });

  it('desk: a refused character file or event file is worded by zod, naming the field', async () => {
    writeFileSync(join(folder, 'bad.character.json'), JSON.stringify({ format: 'quartermaster-character', version: 2, id: 'not-a-uuid', ruleset: 'novitas', name: 'X' }));
    const r = await built(['desk', folder]);
    expect(r.err).toBe('[zod loaded]\n');
    expect(r.code).toBe(2);
    expect(r.out).toContain(`UNREADABLE  ${join(folder, 'bad.character.json')}: field "id"`);
    rmSync(join(folder, 'bad.character.json'));

    writeFileSync(join(folder, 'autumn.event.json'), logText({ ...EVENT_HEADER, dates: { start: '2026-10-04', end: '2026-10-02' } }, CHECK_IN));
    const e = await built(['desk', folder]);
    expect(e.code).toBe(2);
    expect(e.err).toContain('[zod loaded]\n');
    expect(e.err).toContain(`${join(folder, 'autumn.event.json')}: field "dates.end": must not be before the start (2026-10-04)`);
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
  });

  it('desk: the report and the CSV sheet run from dist/desk.cjs; the PDF sheet, --reprint-changed and log from dist/cli.mjs', async () => {
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
    const csv = await built(['desk', folder, '--csv', join(dir, 'sheet.csv')], [entryHook]);
    expect(csv.err).toBe('[desk.cjs]\n');
    expect(csv.out).toBe((await inProcess(['desk', folder, '--csv', join(dir, 'sheet-in-process.csv')])).out.replace('sheet-in-process.csv', 'sheet.csv'));
    expect(readFileSync(join(dir, 'sheet.csv'), 'utf8')).toBe(readFileSync(join(dir, 'sheet-in-process.csv'), 'utf8'));
    const pdf = await built(['desk', folder, '--pdf', join(dir, 'sheet.pdf')], [entryHook]);
    expect(pdf.err).toBe('[desk.cjs]\n[cli.mjs]\n');
    expect(pdf.code).toBe(1);
    expect(pdf.out).toContain(`Wrote ${join(dir, 'sheet.pdf')}: check-in sheet, 6 rows on 1 page.`);
    expect(readFileSync(join(dir, 'sheet.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const reprint = await built(['desk', folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')]);
    expect(reprint.code).toBe(1);
    expect(reprint.out).toContain('Voided cards: none (first prints only).');
    const log = await built(['desk', 'log', folder]);
    expect(log.code).toBe(0);
    // The check-in and the six prints --reprint-changed appended (this desk's entries 1 to 6).
    expect(log.out).toMatch(/^Ledger of Autumn Muster .*: 7 entries/);
    expect(log.out.match(/ #[1-6] {2}printed /g)).toHaveLength(6);
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
  });

  it('check: clean files are checked without zod, from dist/check.cjs alone', async () => {
    const r = await built(['check', '--json', join(examples, 'fl-dimitri.character.json')]);
    expect(r.err).toBe('');
    expect((await built(['check', join(examples, 'fl-dimitri.character.json')], [entryHook])).err).toBe('[check.cjs]\n');
    expect(JSON.parse(r.out)[0]).toMatchObject({ ok: true, name: 'Dimitri' });
  });
});
