// The built command (dist/, as `quartermaster` runs it) gives the reports the in-process command
// gives, and loads a package only when its command needs it: `check` and the desk's report never
// load pdf-lib or PouchDB. A hook records every package the child process imports.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeIo, type Io } from '../../io';
import { main } from '../../main';

const root = new URL('../../..', import.meta.url).pathname;
const examples = join(root, 'assets/examples');
let dir: string;
let folder: string;
let hook: string;

/** Prints "[pdf-lib]" or "[pouchdb]" on stderr the first time the child resolves that package. */
const HOOK = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`const said = new Set(); export async function resolve(s, c, next) { const m = /^(pdf-lib|pouchdb)$/.exec(s); if (m && !said.has(m[1])) { said.add(m[1]); process.stderr.write('[' + m[1] + ']\\\\n'); } return next(s, c); }\`));
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
  folder = join(dir, 'Autumn Muster');
  await promisify(execFile)('mkdir', [folder]);
  for (const n of readdirSync(examples)) copyFileSync(join(examples, n), join(folder, n));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built command', () => {
  it('desk: reads a version 3 event file with the report the in-process command gives, without pdf-lib or PouchDB', async () => {
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
    const r = await built(['desk', folder]);
    expect(r.err).toBe('');
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
    expect(r.err).toBe(mine.err);
    expect(mine.err).toBe(`${file}: line 3: it is not valid JSON; it is left out\n${file}: line 4 is cut short (11 bytes after the last newline: an append a crash interrupted, never acknowledged); it is left out\n`);
    writeFileSync(file, eventText);
  });

  it('desk: a refused character file or event file is worded naming the field', async () => {
    writeFileSync(join(folder, 'bad.character.json'), JSON.stringify({ format: 'quartermaster-character', version: 2, id: 'not-a-uuid', ruleset: 'novitas', name: 'X' }));
    const r = await built(['desk', folder]);
    expect(r.err).toBe('');
    expect(r.code).toBe(2);
    expect(r.out).toContain(`UNREADABLE  ${join(folder, 'bad.character.json')}: field "id"`);
    rmSync(join(folder, 'bad.character.json'));

    writeFileSync(join(folder, 'autumn.event.json'), logText({ ...EVENT_HEADER, dates: { start: '2026-10-04', end: '2026-10-02' } }, CHECK_IN));
    const e = await built(['desk', folder]);
    expect(e.code).toBe(2);
    expect(e.err).toContain(`${join(folder, 'autumn.event.json')}: field "dates.end": must not be before the start (2026-10-04)`);
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
  });

  it('desk: the CSV sheet as in-process without pdf-lib; the PDF sheet, --reprint-changed and log', async () => {
    writeFileSync(join(folder, 'autumn.event.json'), eventText);
    const csv = await built(['desk', folder, '--csv', join(dir, 'sheet.csv')]);
    expect(csv.err).toBe('');
    expect(csv.out).toBe((await inProcess(['desk', folder, '--csv', join(dir, 'sheet-in-process.csv')])).out.replace('sheet-in-process.csv', 'sheet.csv'));
    expect(readFileSync(join(dir, 'sheet.csv'), 'utf8')).toBe(readFileSync(join(dir, 'sheet-in-process.csv'), 'utf8'));
    const pdf = await built(['desk', folder, '--pdf', join(dir, 'sheet.pdf')]);
    expect(pdf.err).toBe('[pdf-lib]\n');
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

  it('check: the report the in-process command gives, without pdf-lib or PouchDB', async () => {
    const file = join(examples, 'fl-dimitri.character.json');
    const r = await built(['check', '--json', file]);
    expect(r.err).toBe('');
    expect(r.out).toBe((await inProcess(['check', '--json', file])).out);
    expect(JSON.parse(r.out)[0]).toMatchObject({ ok: true, name: 'Dimitri' });
  });
});
