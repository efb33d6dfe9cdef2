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
import { EXAMPLES, fakeId, type ExampleName } from '../../../core/desk/testing';
import { serialFor } from '../../../core/pdf/serial';
import { main } from '../../main';
import { parseDeskArgs, runDesk } from './desk';
import { nativeContentHash } from '../../../node/fs/sha256';
import { contentHash } from '../../../core/format/hash';
import { deskCode, namedDesk } from '../../../core/desk/editions';
import { EventLog } from '../../../node/event-log/event-log';
import { captureIo } from '../../testing/capture';


const NOW = new Date('2026-10-02T17:30:00Z');
const deps = (now = NOW) => ({
  now: () => now,
  hostname: () => 'desk-laptop-1',
  fonts: async () => ({ regular: new Uint8Array(readFileSync(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url))), bold: new Uint8Array(readFileSync(new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))) }),
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

// Event files of format version 3: the header on line 1, then one entry a line, each ending "\n".
const EVENT_ID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const header = (fields: Record<string, unknown> = {}) => ({ format: 'quartermaster-event', version: 3, id: EVENT_ID, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-04' }, ...fields });
const logText = (head: object, ...entries: object[]) => [head, ...entries].map((x) => `${JSON.stringify(x)}\n`).join('');
const entryId = (n: number) => `0b7d6a52-4a43-4c55-8e1a-${String(n).padStart(12, '0')}`;
/** An event file's lines, each parsed: the header and the entries in the order the file holds them. */
function linesOf(file: string): { header: Record<string, unknown>; entries: Record<string, any>[]; text: string } {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const [head, ...entries] = text.slice(0, -1).split('\n').map((l) => JSON.parse(l));
  return { header: head, entries, text };
}

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
    writeFileSync(join(folder, 'autumn.event.json'), logText(header(), { id: entryId(1), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: fakeId(3), seq: 1 }));
    const r = await desk([folder, '--csv', join(dir, 'sheet.csv')]);
    expect(r.err).toBe('');
    expect(r.out.split('\n')[0]).toBe(`Event: Autumn Muster · Fortune's Landing · 2026-10-02 to 2026-10-04 (${join(folder, 'autumn.event.json')})`);
    expect(r.out).toContain('Dimitri 2 · Fortune\'s Landing · armour 3 over torso · checked in 2026-10-02 18:05 · not printed yet');
    expect(r.out).toContain('Cleo: 4 characters, 1 with problems, 1 checked in');
    expect(r.out).toContain('; 1 checked in.');
    expect(readFileSync(join(dir, 'sheet.csv'), 'utf8')).toContain(`Cleo,Dimitri 2,Fortune's Landing,3 over torso,ok,2026-10-02 18:05,checked in 18:05,,${fileOf(2)},${fakeId(3)}`);
  });
});

describe('quartermaster desk: a Curious Pastimes death', () => {
  it('the report and the sheet say DEAD since the death in place of the check-in, and the player is not counted as checked in', async () => {
    // c01 is a copy of Brannoc (Curious Pastimes), Bo's; checked in at 09:00, dead at 14:00: his card is handed in (the rules).
    writeFileSync(join(folder, 'autumn.event.json'), logText(header({ game: 'curious-pastimes' }), { id: entryId(1), at: '2026-10-03T09:00:00+01:00', desk: 'Front desk', kind: 'check-in', character: fakeId(2), seq: 1 }, { id: entryId(2), at: '2026-10-03T14:00:00+01:00', desk: 'Front desk', kind: 'died', character: fakeId(2), seq: 2 }));
    const r = await desk([folder, '--csv', join(dir, 'sheet.csv')]);
    expect(r.err).toBe('');
    expect(r.out).toContain('Brannoc 1 · Curious Pastimes · ');
    const line = r.out.split('\n').find((l) => l.includes('Brannoc 1 '))!;
    expect(line).toMatch(/ · DEAD since 2026-10-03 14:00 \(retired\), was checked in 09:00 · cards NOT VALID \(hand them in at the desk\)$/);
    expect(r.out).toMatch(/^Bo: 4 characters, 1 dead or retired$/m);
    expect(r.out).toContain('; 0 checked in.');
    const csv = readFileSync(join(dir, 'sheet.csv'), 'utf8').split('\r\n');
    expect(csv[0]!.endsWith(',Character id,Out of play')).toBe(true);
    const row = csv.find((l) => l.startsWith('Bo,Brannoc 1,'))!;
    expect(row).toContain(',"ok, 1 warning",,"DEAD since 2026-10-03 14:00 (retired): cards not valid, hand them in (was checked in 09:00); 1 warning",,');
    expect(row.endsWith(`,${fakeId(2)},dead since 2026-10-03 14:00 (retired)`)).toBe(true);
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
    expect(lines[20]!.endsWith(`,,${broken},,`)).toBe(true);
    const doc = await PDFDocument.load(readFileSync(pdf));
    expect(doc.getPageCount()).toBe(2);
    const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Check-in sheet: Autumn Muster');
    expect(pdfText).toContain('Борислав 17');
    expect(pdfText).toContain('Елена');
  });
});

describe('quartermaster desk --reprint-changed', () => {
  it('leaves out a character retired at an earlier event, says so on stdout and names the cards to collect', async () => {
    const cards1 = join(dir, 'cards1.pdf');
    await desk([folder, '--reprint-changed', '--out', cards1]);
    const printed = linesOf(join(folder, 'Autumn Muster.event.json')).entries.find((e) => e.character === fakeId(3))!;
    // Dimitri 2 died at the spring event, and his file says he is retired: his file changed since the print.
    writeCharacter(2, { status: 'retired', statusReason: 'Retired after his death', history: [{ kind: 'died', at: '2026-05-01T14:02:00+01:00', event: 'Spring Gathering', eventId: 'e0000000-0000-4000-8000-000000000001' }] });
    const cards2 = join(dir, 'cards2.pdf');
    const r = await desk([folder, '--reprint-changed', '--out', cards2], new Date('2026-10-03T08:00:00Z'));
    const labels = printed.cards.map((c: { serial: string; edition: string }) => `${c.serial}/${c.edition}`).join(', ');
    expect(r.out).toContain(`Not printed, out of play (no card of theirs is valid; collect them):\n  Dimitri 2 (Cleo): retired since 2026-05-01 14:02; collect ${labels} (${fileOf(2)})\n`);
    expect(r.out).toContain(`Reprint: nothing changed since the last print for this event (18 characters current); ${cards2} was not written.`);
    expect(r.err).not.toContain('Dimitri 2');
    expect(existsSync(cards2)).toBe(false);
  });

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
    const event1 = linesOf(eventFile);
    // The desk is named after the host; it made the event file, so its editions are plain numbers.
    const home = namedDesk('desk-laptop-1');
    expect(event1.header).toMatchObject({ format: 'quartermaster-event', version: 3, name: 'Autumn Muster', game: 'fortunes-landing', dates: { start: '2026-10-02', end: '2026-10-02' }, homeDesk: home.id });
    expect(event1.header).not.toHaveProperty('entries');
    // One line a print, in the order the characters were printed (the files' order), numbered 1 to 19 by this desk.
    expect(event1.entries).toHaveLength(19);
    expect(event1.entries.every((e) => e.kind === 'printed' && e.desk === 'desk-laptop-1' && e.deskId === home.id)).toBe(true);
    expect(event1.entries.map((e) => e.seq)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(event1.entries.map((e) => e.character)).toEqual(Array.from({ length: 19 }, (_, i) => fakeId(i + 1)));
    // Dimitri 2 (c02): a character card, an armour tag and one item card (his potion, keyed by its id), edition 1.
    const dimitriId = fakeId(3);
    const ch = serialFor(dimitriId, 'character', 0);
    const tag = serialFor(dimitriId, 'armour', 0);
    const potion = serialFor(dimitriId, 'item', EXAMPLES.dimitri.items[0]!.id);
    expect(event1.entries.find((e) => e.character === dimitriId)!.cards).toEqual([
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
    const event3 = linesOf(eventFile);
    // The print was appended: the file as it was is the start of the file now, byte for byte, and
    // one line follows, the desk's 20th entry.
    expect(readFileSync(eventFile).subarray(0, eventBytes.length)).toEqual(eventBytes);
    expect(event3.entries).toHaveLength(20);
    expect(event3.entries[19]).toMatchObject({ kind: 'printed', character: dimitriId, seq: 20, cards: [{ serial: ch, edition: '2' }, { serial: tag, edition: '2' }] });
    // Nothing was rewritten, so there is no backup to keep.
    expect(existsSync(join(folder, '.quartermaster-backups'))).toBe(false);
    expect(third.out).toContain(`Updated ${eventFile} (1 entry appended).`);
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

  it('never overwrites a bad event file, and writes nothing else either', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    // A header the schema refuses (version 3), and a document of version 1 the same.
    for (const text of [logText(header({ dates: { start: '2026-10-02', end: 'soon' } }), { id: entryId(1), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: fakeId(3) }), JSON.stringify({ format: 'quartermaster-event', version: 1, name: 'Autumn', game: 'x', dates: { start: '2026-10-02', end: 'soon' } })]) {
      writeFileSync(eventFile, text);
      const before = snapshot();
      const r = await desk([folder, '--csv', join(folder, 'sheet.csv'), '--reprint-changed', '--out', join(folder, 'cards.pdf')]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${eventFile}: field "dates.end": is not a date as YYYY-MM-DD`);
      expect(r.err).toContain('nothing was written');
      expect(r.out.split('\n')[0]).toBe(`Event file ${eventFile} cannot be used: ${eventFile}: field "dates.end": is not a date as YYYY-MM-DD`);
      expect(snapshot()).toEqual(before);
    }
  });

  it('refuses to record when another desk printed the same character while printing, and nothing is printed', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    writeFileSync(eventFile, logText(header()));
    const theirs = { id: entryId(9), at: '2026-10-02T18:29:00+01:00', desk: 'Field desk', kind: 'printed' as const, character: fakeId(1), hash: 'e'.repeat(64), cards: [{ serial: serialFor(fakeId(1), 'character', 0), edition: '1-ABCD' }], seq: 1 };
    const io = captureIo();
    // The fonts are loaded just before printing: another desk records its print of Aldric 0 there.
    const racing = { ...deps(), fonts: async () => {
      const other = await EventLog.open(eventFile);
      await other.append([theirs]);
      return deps().fonts();
    } };
    const code = await runDesk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')], io, racing);
    expect(code).toBe(2);
    expect(io.stderr()).toContain(`${eventFile} was changed meanwhile: another desk printed or voided cards of a character being printed; nothing was printed or recorded`);
    expect(existsSync(join(dir, 'cards.pdf'))).toBe(false);
    // The other desk's print is kept, and nothing of this run was added.
    expect(linesOf(eventFile).entries).toEqual([theirs]);
  });

  it('refuses when the event file became another event’s, and records next to entries of other kinds another desk appended meanwhile', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    writeFileSync(eventFile, logText(header()));
    const checkIn = { id: entryId(8), at: '2026-10-02T18:29:00+01:00', desk: 'Field desk', kind: 'check-in' as const, character: fakeId(1), seq: 1 };
    const racing = (during: () => Promise<void>) => ({ ...deps(), fonts: async () => (await during(), deps().fonts()) });

    const other = header({ id: '4b1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Spring' });
    const replaced = captureIo();
    expect(await runDesk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')], replaced, racing(async () => writeFileSync(eventFile, logText(other))))).toBe(2);
    expect(replaced.stderr()).toContain(`${eventFile} is now the file of another event (id ${other.id}); nothing was printed or recorded`);
    expect(existsSync(join(dir, 'cards.pdf'))).toBe(false);
    expect(readFileSync(eventFile, 'utf8')).toBe(logText(other));

    writeFileSync(eventFile, logText(header()));
    const io = captureIo();
    const code = await runDesk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')], io, racing(async () => void (await (await EventLog.open(eventFile)).append([checkIn]))));
    expect(code).toBe(2); // the unreadable character file
    expect(io.stdout()).toContain(`Updated ${eventFile} (19 entries appended).`);
    const after = linesOf(eventFile);
    // The other desk's check-in stays where it was written; this desk's 19 prints follow it.
    expect(after.entries[0]).toEqual(checkIn);
    expect(after.entries.slice(1).map((e) => [e.kind, e.seq])).toEqual(Array.from({ length: 19 }, (_, i) => ['printed', i + 1]));
  });
});

describe('quartermaster desk: event files of version 1 and 2, lines that cannot be read', () => {
  const v2 = {
    format: 'quartermaster-event',
    version: 2,
    id: EVENT_ID,
    name: 'Autumn Muster',
    game: 'fortunes-landing',
    dates: { start: '2026-10-02', end: '2026-10-04' },
    entries: [
      { id: entryId(2), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: fakeId(3) },
      { id: entryId(1), at: '2026-10-02T17:00:00+01:00', desk: 'Front desk', kind: 'printed', character: fakeId(1), hash: 'a'.repeat(64), cards: [{ serial: serialFor(fakeId(1), 'character', 0), edition: '1' }] },
    ],
  };

  it('reports a version 2 file without rewriting it; --reprint-changed migrates it once (the old file kept) and appends the prints', async () => {
    const eventFile = join(folder, 'autumn.event.json');
    const v2Text = `${JSON.stringify(v2, null, 2)}\n`;
    writeFileSync(eventFile, v2Text);
    const before = snapshot();
    const report = await desk([folder, '--csv', join(dir, 'sheet.csv')]);
    expect(report.out.split('\n')[0]).toBe(`Event: Autumn Muster · Fortune's Landing · 2026-10-02 to 2026-10-04 (${eventFile})`);
    expect(report.out).toContain("Dimitri 2 · Fortune's Landing · armour 3 over torso · checked in 2026-10-02 18:05 · not printed yet");
    expect(report.out).toContain("Aldric of the Vale 0 · Fortune's Landing · armour 3 over torso, left leg, right leg · not checked in · CARDS CHANGED since printed");
    expect(report.err).toBe('');
    // Read only: the event file's bytes, and everything else in the folder, as they were.
    expect(snapshot()).toEqual(before);
    expect(readFileSync(eventFile, 'utf8')).toBe(v2Text);

    const r = await desk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')]);
    const backups = join(folder, '.quartermaster-backups', encodeURIComponent('autumn.event.json'));
    const backup = join(backups, `${NOW.getTime()}-1.event.json`);
    expect(readdirSync(backups)).toEqual([basename(backup)]);
    expect(readFileSync(backup, 'utf8')).toBe(v2Text);
    expect(r.out).toContain(`${eventFile} was an event file of version 2; it is now version 3, one entry a line (the old file is kept in ${backup}).`);
    const after = linesOf(eventFile);
    const { entries: _entries, ...v2Header } = v2;
    expect(after.header).toEqual({ ...v2Header, version: 3 });
    // The two entries of the version 2 file, in ledger order (by time), then the 19 prints of this run
    // (Aldric's changed, the others never printed); this desk is not the event's home desk, so its
    // editions carry its code.
    expect(after.entries.slice(0, 2)).toEqual([v2.entries[1], v2.entries[0]]);
    const prints = after.entries.slice(2);
    expect(prints.map((e) => [e.kind, e.character, e.seq])).toEqual(Array.from({ length: 19 }, (_, i) => ['printed', fakeId(i + 1), i + 1]));
    const code = deskCode(namedDesk('desk-laptop-1').id);
    expect(prints[0]!.cards[0]).toEqual({ serial: serialFor(fakeId(1), 'character', 0), edition: `2-${code}` });
    expect(prints[1]!.cards[0]).toEqual({ serial: serialFor(fakeId(2), 'character', 0), edition: `1-${code}` });
    expect(r.out).toContain(`Updated ${eventFile} (19 entries appended).`);
    // The report reads the migrated file the same, the prints now current.
    const again = await desk([folder]);
    expect(again.out).toContain("Aldric of the Vale 0 · Fortune's Landing · armour 3 over torso, left leg, right leg · not checked in · cards current");
    expect(again.out).toContain("Dimitri 2 · Fortune's Landing · armour 3 over torso · checked in 2026-10-02 18:05 · cards current");
  });

  it('reports a torn last line and lines it cannot read, file and line, and still gives the report; --reprint-changed sets the torn bytes aside', async () => {
    rmSync(join(folder, 'broken.character.json'));
    rmSync(fileOf(17));
    rmSync(fileOf(18));
    const eventFile = join(folder, 'autumn.event.json');
    const checkIn = { id: entryId(1), at: '2026-10-02T18:05:00+01:00', desk: 'Front desk', kind: 'check-in', character: fakeId(3), seq: 1 };
    const whole = logText(header(), checkIn);
    const torn = '{"id":"f00d1e55-0000-4000-8000-00000000cafe","at":"2026-10-02T18:';
    writeFileSync(eventFile, whole + torn);
    const before = snapshot();
    const r = await desk([folder]);
    // Line 1 the header, line 2 the check-in, line 3 the torn one (never acknowledged: no error).
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${eventFile}: line 3 is cut short (${torn.length} bytes after the last newline: an append a crash interrupted, never acknowledged); it is left out\n`);
    expect(r.out).toContain("Dimitri 2 · Fortune's Landing · armour 3 over torso · checked in 2026-10-02 18:05 · not printed yet");
    expect(r.out).toContain('17 characters: 17 clean, 0 with errors, 0 unreadable; 1 checked in.');
    expect(snapshot()).toEqual(before);

    // A line that is not JSON and an entry of a kind this version does not know: left out, exit 2.
    writeFileSync(eventFile, `${whole}not json\n${JSON.stringify({ ...checkIn, id: entryId(2), kind: 'teleported' })}\n${torn}`);
    const bad = await desk([folder]);
    expect(bad.code).toBe(2);
    const lines = bad.err.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`${eventFile}: line 3: it is not valid JSON; it is left out`);
    expect(lines[1]).toMatch(new RegExp(`^${eventFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 4: field "kind": .*; it is left out$`));
    expect(lines[2]).toBe(`${eventFile}: line 5 is cut short (${torn.length} bytes after the last newline: an append a crash interrupted, never acknowledged); it is left out`);
    expect(bad.out).toContain('17 characters: 17 clean, 0 with errors, 0 unreadable; 1 checked in.');

    // Recording a print moves the torn bytes to the backups and appends after the last whole line;
    // the lines that cannot be read stay as they are.
    const reprint = await desk([folder, '--reprint-changed', '--out', join(dir, 'cards.pdf')]);
    expect(reprint.out).toContain(`Updated ${eventFile} (17 entries appended).`);
    const aside = join(folder, '.quartermaster-backups', encodeURIComponent('autumn.event.json'), `${NOW.getTime()}-torn-line.txt`);
    expect(readFileSync(aside, 'utf8')).toBe(torn);
    expect(reprint.err).toContain(`its ${torn.length} bytes were moved to ${aside}`);
    const text = readFileSync(eventFile, 'utf8');
    expect(text.startsWith(`${whole}not json\n`)).toBe(true);
    expect(text).not.toContain(torn);
    expect(text.split('\n').slice(4, -1).map((l) => JSON.parse(l).seq)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
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
    const ev = (name: string) => logText(header({ name, game: '', dates: { start: '2026-10-02', end: '2026-10-02' } }));
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
