// The built command (dist/, as `quartermaster` runs it) reads clean files without loading zod (about
// 100 ms of module loading): character and event files go through the compiled validators, and zod
// is loaded only to word the problem of a refused file. A module-resolution hook records every
// import of zod in the child process.
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

const HOOK = `import { register } from 'node:module';
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

const eventFile = {
  format: 'quartermaster-event',
  version: 2,
  id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Autumn Muster',
  game: 'fortunes-landing',
  dates: { start: '2026-10-02', end: '2026-10-04' },
  entries: [{ id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a01', at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: 'b7e3c1a2-4d5f-4e6a-9b8c-7d6e5f4a3b21' }],
};

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
  it('desk: a clean folder and event file are read without zod, with the report the in-process command gives', async () => {
    writeFileSync(join(folder, 'autumn.event.json'), JSON.stringify(eventFile));
    const r = await built(['desk', folder]);
    expect(r.err).toBe('');
    // Борислав breaks a rule (a shield and metal over metal): exit 1, as `check`.
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe(`Event: Autumn Muster · Fortune's Landing · 2026-10-02 to 2026-10-04 (${join(folder, 'autumn.event.json')})`);
    expect(r.out).toBe((await inProcess(['desk', folder])).out);
  });

  it('desk: a refused character file or event file loads zod, which names the field', async () => {
    writeFileSync(join(folder, 'bad.character.json'), JSON.stringify({ format: 'quartermaster-character', version: 2, id: 'not-a-uuid', ruleset: 'novitas', name: 'X' }));
    const r = await built(['desk', folder]);
    expect(r.err).toBe('[zod loaded]\n');
    expect(r.code).toBe(2);
    expect(r.out).toContain(`UNREADABLE  ${join(folder, 'bad.character.json')}: field "id"`);
    rmSync(join(folder, 'bad.character.json'));

    writeFileSync(join(folder, 'autumn.event.json'), JSON.stringify({ ...eventFile, dates: { start: '2026-10-04', end: '2026-10-02' } }));
    const e = await built(['desk', folder]);
    expect(e.code).toBe(2);
    expect(e.err).toContain('[zod loaded]\n');
    expect(e.err).toContain(`${join(folder, 'autumn.event.json')}: field "dates.end": must not be before the start (2026-10-04)`);
    writeFileSync(join(folder, 'autumn.event.json'), JSON.stringify(eventFile));
  });

  it('desk: the report and the CSV sheet run from dist/desk.cjs; the PDF sheet, --reprint-changed and log from dist/cli.mjs', async () => {
    writeFileSync(join(folder, 'autumn.event.json'), JSON.stringify(eventFile));
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
    expect(log.out).toMatch(/^Ledger of Autumn Muster .*: 7 entries/);
    writeFileSync(join(folder, 'autumn.event.json'), JSON.stringify(eventFile));
  });

  it('check: clean files are checked without zod, from dist/check.cjs alone', async () => {
    const r = await built(['check', '--json', join(examples, 'fl-dimitri.character.json')]);
    expect(r.err).toBe('');
    expect((await built(['check', join(examples, 'fl-dimitri.character.json')], [entryHook])).err).toBe('[check.cjs]\n');
    expect(JSON.parse(r.out)[0]).toMatchObject({ ok: true, name: 'Dimitri' });
  });
});
