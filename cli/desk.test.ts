// `quartermaster desk` over a temp folder of 20 character files (the shipped examples, copied and
// varied) of which one cannot be read: the report, the check-in sheet, and reprinting only what
// changed. Nothing on disk changes but what the command is asked to write.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId, type ExampleName } from '../core/desk/testing';
import { serialFor } from '../core/pdf/serial';
import { nodeIo, type Io } from './io';
import { main } from './main';
import { parseDeskArgs, runDesk } from './desk';
import { nativeContentHash } from '../node/content-hash';
import { contentHash } from '../core/format/hash';
import { namedDesk } from '../core/desk/editions';

function captureIo(): Io & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { ...nodeIo(), out: (t) => void (out += t), err: (t) => void (err += t), stdout: () => out, stderr: () => err };
}

const NOW = new Date('2026-10-02T17:30:00Z');
const deps = (now = NOW) => ({
  now: () => now,
  hostname: () => 'desk-laptop-1',
  fonts: async () => ({ regular: new Uint8Array(readFileSync(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url))), bold: new Uint8Array(readFileSync(new URL('../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))) }),
});

async function desk(args: string[], now = NOW) {
  const io = captureIo();
  const code = await runDesk(args, io, deps(now));
  return { code, out: io.stdout(), err: io.stderr() };
}

let dir: string;
let folder: string;
const CLEAN: ExampleName[] = ['aldric', 'brannoc', 'dimitri', 'elowen', 'vasil'];
const PLAYERS = ['Ann', 'Bo', 'Cleo', 'Dev', 'Елена'];
const fileOf = (i: number) => join(folder, `c${String(i).padStart(2, '0')}.character.json`);
function character(i: number, changes: Record<string, unknown> = {}) {
  // c00-c16: copies of the five clean examples; c17 and c18: copies of Борислав, who carries a shield
  // and metal over metal (two rule errors each).
  const base = i < 17 ? EXAMPLES[CLEAN[i % 5]!] : EXAMPLES.borislav;
  return { ...structuredClone(base), id: fakeId(i + 1), name: `${base.name} ${i}`, player: PLAYERS[i % 5], ...changes };
}
const writeCharacter = (i: number, changes: Record<string, unknown> = {}) => writeFileSync(fileOf(i), `${JSON.stringify(character(i, changes), null, 2)}\n`);

/** Every file under the folder (hidden ones included) with a hash of its bytes. */
function snapshot(root = folder): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(root, { recursive: true }).map(String).sort()) {
    const p = join(root, rel);
    if (statSync(p).isFile()) out[rel] = createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return out;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-desk-'));
  folder = join(dir, 'Autumn Muster');
  execFileSync('mkdir', [folder]);
  for (let i = 0; i < 19; i++) writeCharacter(i);
  writeFileSync(join(folder, 'broken.character.json'), '{ "format": "quartermaster-character", ');
  writeFileSync(join(folder, 'notes.txt'), 'not a character');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('quartermaster desk: the report', () => {
  it('groups by player with problems first, totals, exits 2 for the unreadable file, and writes nothing', async () => {
    const before = snapshot();
    const r = await desk([folder]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('');
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`Event: no event file yet (${join(folder, 'Autumn Muster.event.json')} is made by --reprint-changed); nobody is checked in or printed`);
    // Group order: the unreadable file, then the players with rule errors (c17 plays for Cleo,
    // 17 % 5 = 2; c18 for Dev, 18 % 5 = 3), then everyone else alphabetically. Players: i % 5 over
    // c00-c18 gives Ann, Bo, Cleo and Dev 4 characters each and Елена 3.
    const titles = lines.slice(1).filter((l) => /^\S/.test(l));
    expect(titles).toEqual([
      'Unreadable files',
      'Cleo: 4 characters, 1 with problems',
      'Dev: 4 characters, 1 with problems',
      'Ann: 4 characters',
      'Bo: 4 characters',
      'Елена: 3 characters',
      '19 characters in 20 files: 17 clean, 2 with errors, 1 unreadable; 0 checked in.',
    ]);
    expect(r.out).toContain(`  UNREADABLE  ${join(folder, 'broken.character.json')}: it is not valid JSON`);
    // Within Cleo, the character with errors comes first.
    const cleo = lines.indexOf('Cleo: 4 characters, 1 with problems');
    expect(lines[cleo + 1]).toMatch(/^ {2}ERRORS {6}Борислав 17 · Bulgarian mage rules · armour metal \(torso, left arm, right arm\) · energy 2 · not checked in · not printed yet$/);
    expect(r.out).toContain('Dimitri 2 · Fortune\'s Landing · armour 3 over torso · not checked in · not printed yet');
    expect(snapshot()).toEqual(before);
  });

  it('exits 1 for rule errors only and 0 when every character is clean', async () => {
    rmSync(join(folder, 'broken.character.json'));
    expect((await desk([folder])).code).toBe(1);
    rmSync(fileOf(17));
    rmSync(fileOf(18));
    const r = await desk([folder]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('17 characters: 17 clean, 0 with errors, 0 unreadable; 0 checked in.');
  });

  it('shows check-ins from the event file', async () => {
    writeFileSync(
      join(folder, 'autumn.event.json'),
      JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' }, characters: { [fakeId(3)]: { checkedInAt: '2026-10-02T18:05:00+01:00' } } }),
    );
    const r = await desk([folder, '--csv', join(dir, 'sheet.csv')]);
    expect(r.out.split('\n')[0]).toBe(`Event: Autumn Muster · Fortune's Landing · 2026-10-02 to 2026-10-04 (${join(folder, 'autumn.event.json')})`);
    expect(r.out).toContain('Dimitri 2 · Fortune\'s Landing · armour 3 over torso · checked in 2026-10-02 18:05 · not printed yet');
    expect(r.out).toContain('Cleo: 4 characters, 1 with problems, 1 checked in');
    expect(r.out).toContain('; 1 checked in.');
    expect(readFileSync(join(dir, 'sheet.csv'), 'utf8')).toContain(`Cleo,Dimitri 2,Fortune's Landing,3 over torso,ok,2026-10-02 18:05,checked in 18:05,,${fileOf(2)},${fakeId(3)}`);
  });
});

describe('quartermaster desk: the check-in sheet', () => {
  it('writes the CSV and the PDF and nothing else', async () => {
    const before = snapshot();
    const csv = join(folder, 'sheet.csv');
    const pdf = join(folder, 'sheet.pdf');
    const r = await desk([folder, '--csv', csv, '--pdf', pdf]);
    expect(r.code).toBe(2);
    expect(r.out).toContain(`Wrote ${csv}: check-in sheet, 20 rows.`);
    // 20 rows at 16 a page: 2 pages.
    expect(r.out).toContain(`Wrote ${pdf}: check-in sheet, 20 rows on 2 pages.`);
    expect(Object.keys(snapshot()).sort()).toEqual([...Object.keys(before), 'sheet.csv', 'sheet.pdf'].sort());
    const text = readFileSync(csv, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(22); // heading, 20 rows, the empty string after the last CRLF
    expect(lines[1]).toMatch(/^Ann,Aldric of the Vale 0,Fortune's Landing,"3 over torso, left leg, right leg",ok,,,,/);
    const broken = join(folder, 'broken.character.json');
    expect(lines[20]!.startsWith(`,broken.character.json,,,unreadable file,,unreadable: it is not valid JSON (`)).toBe(true);
    expect(lines[20]!.endsWith(`,,${broken},`)).toBe(true);
    const doc = await PDFDocument.load(readFileSync(pdf));
    expect(doc.getPageCount()).toBe(2);
    const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Check-in sheet: Autumn Muster');
    expect(pdfText).toContain('Борислав 17');
    expect(pdfText).toContain('Елена');
  });
});

describe('quartermaster desk --reprint-changed', () => {
  it('prints everything first, nothing when nothing changed, then only the changed character, voiding its old serials', async () => {
    const eventFile = join(folder, 'Autumn Muster.event.json');
    const cards1 = join(dir, 'cards1.pdf');
    // First run: all 19 readable characters, none voided; the event file is made.
    const first = await desk([folder, '--reprint-changed', '--out', cards1]);
    expect(first.code).toBe(2); // the unreadable file
    expect(first.err).toContain(`not printed: ${join(folder, 'broken.character.json')}: it is not valid JSON`);
    expect(first.out).toMatch(/Reprint: wrote .*cards1\.pdf: \d+ cards for 19 characters on \d+ pages\./);
    expect(first.out).toContain('Voided cards: none (first prints only).');
    expect(first.out).toContain(`Created ${eventFile}.`);
    const event1 = JSON.parse(readFileSync(eventFile, 'utf8'));
    // The desk is named after the host; it made the event file, so its editions are plain numbers.
    const home = namedDesk('desk-laptop-1');
    expect(event1).toMatchObject({ format: 'quartermaster-event', version: 2, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-02' }, homeDesk: home.id });
    expect(event1.entries).toHaveLength(19);
    expect(event1.entries.every((e: { kind: string; desk: string }) => e.kind === 'printed' && e.desk === 'desk-laptop-1')).toBe(true);
    // Dimitri 2 (c02): a character card, an armour tag and one item card (his potion, keyed by its id), edition 1.
    const dimitriId = fakeId(3);
    const ch = serialFor(dimitriId, 'character', 0);
    const tag = serialFor(dimitriId, 'armour', 0);
    const potion = serialFor(dimitriId, 'item', EXAMPLES.dimitri.items[0]!.id);
    expect(event1.entries.find((e: { character: string }) => e.character === dimitriId).cards).toEqual([
      { serial: ch, edition: '1' },
      { serial: tag, edition: '1' },
      { serial: potion, edition: '1' },
    ]);
    expect(existsSync(cards1)).toBe(true);

    // Second run, nothing changed: nothing printed, the event file untouched.
    const eventBytes = readFileSync(eventFile);
    const cards2 = join(dir, 'cards2.pdf');
    const second = await desk([folder, '--reprint-changed', '--out', cards2], new Date('2026-10-02T18:00:00Z'));
    expect(second.out).toContain(`Reprint: nothing changed since the last print for this event (19 characters current); ${cards2} was not written.`);
    expect(existsSync(cards2)).toBe(false);
    expect(readFileSync(eventFile)).toEqual(eventBytes);
    expect(second.out).toContain('Dimitri 2 · Fortune\'s Landing · armour 3 over torso · not checked in · cards current');

    // Dimitri 2 drops the potion and wears heavy chain (4) instead of light chain (3).
    writeCharacter(2, { items: [], armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] });
    const cards3 = join(dir, 'cards3.pdf');
    const third = await desk([folder, '--reprint-changed', '--out', cards3], new Date('2026-10-03T08:00:00Z'));
    expect(third.out).toContain('Dimitri 2 · Fortune\'s Landing · armour 4 over torso · not checked in · CARDS CHANGED since printed');
    // The character card has a back (a sheet of fronts and a sheet of backs); the armour tag has none
    // and fills a free slot of that two-sided sheet: 2 pages.
    expect(third.out).toMatch(/Reprint: wrote .*cards3\.pdf: 2 cards for 1 character on 2 pages\./);
    expect(third.out).toMatch(/ {2}Dimitri 2 \(Cleo\): changed since the print of 2026-10-02 \d\d:30/);
    expect(third.out).toMatch(
      new RegExp(`Dimitri 2 \\(Cleo\\), printed 2026-10-02 \\d\\d:30: ${ch}/1 \\(replaced by ${ch}/2\\), ${tag}/1 \\(replaced by ${tag}/2\\), ${potion}/1 \\(withdrawn\\)`),
    );
    const pdfText = execFileSync('pdftotext', ['-raw', cards3, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Dimitri 2');
    expect(pdfText).not.toContain('Aldric');
    // The reprinted cards carry their new edition.
    expect(pdfText.replace(/\s+/g, '')).toContain(`${ch}/2`);
    expect(pdfText.replace(/\s+/g, '')).toContain(`${tag}/2`);
    const event3 = JSON.parse(readFileSync(eventFile, 'utf8'));
    // The ledger grew by one entry; the entries already there are unchanged.
    expect(event3.entries).toHaveLength(20);
    expect(event3.entries.slice(0, 19)).toEqual(event1.entries);
    expect(event3.entries[19]).toMatchObject({ kind: 'printed', character: dimitriId, cards: [{ serial: ch, edition: '2' }, { serial: tag, edition: '2' }] });
    // The previous event file is kept in the backups folder, byte for byte.
    const backups = join(folder, '.quartermaster-backups', encodeURIComponent('Autumn Muster.event.json'));
    const kept = readdirSync(backups);
    expect(kept).toEqual([`${Date.parse('2026-10-03T08:00:00Z')}-1.event.json`]);
    expect(readFileSync(join(backups, kept[0]!))).toEqual(eventBytes);
    expect(third.out).toContain(`Updated ${eventFile} (the previous version is kept in ${join(backups, kept[0]!)}).`);
  });

  it('the report alone tells current, changed and never-printed cards apart (it hashes only the printed characters)', async () => {
    await desk([folder, '--reprint-changed', '--out', join(dir, 'cards1.pdf')]);
    // After the print: Dimitri 2 (c02) changes his armour, Aldric 0 (c00) is untouched, and a new
    // character (c19, a copy of Борислав) arrives that was never printed.
    writeCharacter(2, { armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] });
    writeCharacter(19);
    const csv = join(dir, 'sheet.csv');
    const r = await desk([folder, '--csv', csv]);
    expect(r.out).toContain("Aldric of the Vale 0 · Fortune's Landing · armour 3 over torso, left leg, right leg · not checked in · cards current");
    expect(r.out).toContain("Dimitri 2 · Fortune's Landing · armour 4 over torso · not checked in · CARDS CHANGED since printed");
    expect(r.out).toMatch(/ 19 · Bulgarian mage rules · .* · not checked in · not printed yet$/m);
    // The other 18 printed characters are unchanged: current.
    expect(r.out.match(/cards current$/gm)).toHaveLength(18);
    expect(existsSync(csv)).toBe(true);
  });

  it('reads the same through an io without synchronous reads, a refused file worded by zod either way', async () => {
    await desk([folder, '--reprint-changed', '--out', join(dir, 'cards1.pdf')]);
    writeCharacter(2, { armour: [{ name: 'Hauberk', type: 'heavy-chain', locations: ['torso'] }] });
    writeFileSync(join(folder, 'refused.character.json'), JSON.stringify({ format: 'quartermaster-character', version: 2, id: 'not-a-uuid', ruleset: 'novitas', name: 'X' }));
    const sync = await desk([folder]);
    expect(sync.out).toContain(`UNREADABLE  ${join(folder, 'refused.character.json')}: field "id"`);
    expect(sync.out.match(/CARDS CHANGED since printed$/gm)).toHaveLength(1);
    const io = captureIo();
    const code = await runDesk([folder], { ...io, readFileCappedSync: undefined }, deps());
    expect(code).toBe(sync.code);
    expect(io.stdout()).toBe(sync.out);
  });

  it('tells its caller once the event file is read, before any character file (the command then stops the young generation growing)', async () => {
    await desk([folder, '--reprint-changed', '--out', join(dir, 'cards1.pdf')]);
    const calls: string[] = [];
    const io = captureIo();
    const counting: Io = { ...io, readFileCappedSync: (p, max, o) => (calls.push(basename(p)), io.readFileCappedSync!(p, max, o)) };
    await runDesk([folder], counting, { ...deps(), eventRead: () => calls.push('eventRead') });
    expect(calls.filter((c) => c === 'eventRead')).toHaveLength(1);
    expect(calls.indexOf('eventRead')).toBeLessThan(calls.findIndex((c) => c.endsWith('.character.json')));
  });

  it('never overwrites a bad event file, and writes nothing else either', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    writeFileSync(eventFile, JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Autumn', game: 'x', dates: { start: '2026-10-02', end: 'soon' } }));
    const before = snapshot();
    const r = await desk([folder, '--csv', join(folder, 'sheet.csv'), '--reprint-changed', '--out', join(folder, 'cards.pdf')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${eventFile}: field "dates.end": is not a date as YYYY-MM-DD`);
    expect(r.err).toContain('nothing was written');
    expect(r.out.split('\n')[0]).toBe(`Event file ${eventFile} cannot be used: ${eventFile}: field "dates.end": is not a date as YYYY-MM-DD`);
    expect(snapshot()).toEqual(before);
  });

  it('refuses to record when the event file changed while printing', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    writeFileSync(eventFile, JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Autumn', game: '', dates: { start: '2026-10-02', end: '2026-10-02' } }));
    const io = captureIo();
    // The fonts are loaded just before printing: change the event file there, as another desk would.
    const racing = { ...deps(), fonts: async () => {
      writeFileSync(eventFile, JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Autumn (edited)', game: '', dates: { start: '2026-10-02', end: '2026-10-02' } }));
      return deps().fonts();
    } };
    const code = await runDesk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')], io, racing);
    expect(code).toBe(2);
    expect(io.stderr()).toContain(`${eventFile} was changed by someone else meanwhile; nothing was printed or recorded`);
    expect(existsSync(join(dir, 'cards.pdf'))).toBe(false);
    expect(JSON.parse(readFileSync(eventFile, 'utf8')).name).toBe('Autumn (edited)');
  });
});

describe('quartermaster desk: usage', () => {
  it('exits 2 on bad usage without writing', async () => {
    const before = snapshot();
    for (const args of [[], [folder, folder], [folder, '--out', join(dir, 'a.pdf')], [folder, '--reprint-changed'], [folder, '--csv', join(folder, 'c00.character.json')], [folder, '--pdf', join(dir, 'a.txt')], [folder, '--paper', 'a3'], [folder, '--frobnicate'], [folder, '--event', join(folder, 'x.json')], [folder, '--csv', join(dir, 'a.csv'), '--reprint-changed', '--out', join(dir, 'a.csv.pdf'), '--pdf', join(dir, 'a.csv.pdf')]]) {
      const io = captureIo();
      expect(await main(['desk', ...args], io), args.join(' ')).toBe(2);
      expect(io.stderr()).toContain('Usage: quartermaster desk <folder>');
    }
    expect(snapshot()).toEqual(before);
  });

  it('asks which event file when the folder holds several, and refuses a file as the folder', async () => {
    const ev = (name: string) => JSON.stringify({ format: 'quartermaster-event', version: 1, name, game: '', dates: { start: '2026-10-02', end: '2026-10-02' } });
    writeFileSync(join(folder, 'a.event.json'), ev('A'));
    writeFileSync(join(folder, 'b.event.json'), ev('B'));
    const r = await desk([folder]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${folder} holds 2 event files (a.event.json, b.event.json); choose one with --event`);
    const chosen = await desk([folder, '--event', join(folder, 'b.event.json')]);
    expect(chosen.out.split('\n')[0]).toBe(`Event: B · 2026-10-02 (${join(folder, 'b.event.json')})`);
    expect((await desk([fileOf(0)])).err).toContain('is not a folder');
    expect((await desk([join(dir, 'nowhere')])).err).toContain('no such file or folder');
  });

  it('hashes content exactly as the cards do, with node’s SHA-256', () => {
    for (const c of Object.values(EXAMPLES)) expect(nativeContentHash(c)).toBe(contentHash(c));
  });

  it('reads --name=value options', () => {
    expect(parseDeskArgs(['f', '--csv=a.csv', '--paper=letter'])).toMatchObject({ folder: 'f', csv: 'a.csv', paper: 'letter', reprint: false });
  });
});
