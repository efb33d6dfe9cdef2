import { describe, expect, it } from 'vitest';
import { newEvent } from './event';
import { deskRows } from './rows';
import { checkInCsv, csvField } from './sheet-csv';
import { sheetRows, type SheetRow } from './sheet';
import { EXAMPLES, exampleDesk, withCheckIn, withPrint } from './testing';
import { namedDesk } from './editions';
import { serialFor } from '../pdf/serial';
import { unreadableCharacter } from './characters';

const row = (over: Partial<SheetRow>): SheetRow => ({ player: '', character: '', ruleset: '', armour: '', status: '', checkedIn: '', notes: '', out: '', file: '', id: '', flag: 'ok', ...over });

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('Dimitri')).toBe('Dimitri');
    expect(csvField('3 over torso, left leg')).toBe('"3 over torso, left leg"');
    expect(csvField('Bob "the Bold"')).toBe('"Bob ""the Bold"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('Васил Вещера')).toBe('Васил Вещера');
    expect(csvField('')).toBe('');
  });

  it('keeps a formula-looking cell as text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('the check-in sheet as CSV', () => {
  it('starts with a byte order mark, ends lines with CRLF and has one row per character', () => {
    const csv = checkInCsv([row({ player: 'Георги', character: 'Васил, "Вещера"', notes: 'two\nlines', ruleset: 'bg-magic' })]);
    expect(csv.startsWith('\ufeffPlayer,Character,Ruleset,Armour,Status,Checked in,Notes,Signature,File,Character id,Out of play\r\n')).toBe(true);
    expect(csv).toBe('\ufeffPlayer,Character,Ruleset,Armour,Status,Checked in,Notes,Signature,File,Character id,Out of play\r\nГеорги,"Васил, ""Вещера""",bg-magic,,,,"two\nlines",,,,\r\n');
    // As bytes: EF BB BF, then UTF-8 Cyrillic (Г = D0 93).
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const firstData = csv.indexOf('Георги');
    expect([...new TextEncoder().encode(csv.slice(firstData, firstData + 1))]).toEqual([0xd0, 0x93]);
  });

  it('orders by player, then character, with unreadable files last', () => {
    const event = withCheckIn(newEvent({ name: 'x', game: '', start: '2026-10-02' }), EXAMPLES.aldric.id, '2026-10-02T18:05:00+01:00');
    const rows = sheetRows(deskRows([unreadableCharacter('dir/bad.character.json', 'file.empty', 'dir/bad.character.json: the file is empty'), exampleDesk('dimitri'), exampleDesk('aldric'), exampleDesk('borislav')], event));
    expect(rows.map((r) => [r.player, r.character])).toEqual([
      ['Ivan', 'Борислав'],
      ['Priya', 'Aldric of the Vale'],
      ['Sam', 'Dimitri'],
      ['', 'bad.character.json'],
    ]);
    expect(rows[0]).toMatchObject({ status: '2 rule errors', notes: '2 rule errors', armour: 'metal (torso, left arm, right arm)', flag: 'errors' });
    expect(rows[1]).toMatchObject({ status: 'ok', checkedIn: '2026-10-02 18:05', notes: 'checked in 18:05' });
    expect(rows[3]).toMatchObject({ flag: 'unreadable', status: 'unreadable file', notes: 'unreadable: the file is empty' });
    const lines = checkInCsv(rows).split('\r\n');
    expect(lines).toHaveLength(6); // heading, four rows, and the empty string after the last CRLF
    expect(lines[2]).toBe(`Priya,Aldric of the Vale,Fortune's Landing,"3 over torso, left leg, right leg",ok,2026-10-02 18:05,checked in 18:05,,aldric.character.json,${EXAMPLES.aldric.id},`);
  });
});

describe('the sheet names card editions', () => {
  it('notes the current character card edition, and the one a reprint voids', () => {
    const home = namedDesk('Front desk');
    const start = newEvent({ name: 'x', game: '', start: '2026-10-02', homeDesk: home.id });
    const aldric = exampleDesk('aldric');
    if (!aldric.readable) throw new Error('unreadable');
    const ch = serialFor(EXAMPLES.aldric.id, 'character', 0);
    const once = withPrint(start, EXAMPLES.aldric.id, { at: '2026-10-01T20:00:00+01:00', hash: aldric.hash, serials: [ch] });
    const twice = withPrint(once, EXAMPLES.aldric.id, { at: '2026-10-02T09:00:00+01:00', hash: aldric.hash, serials: [ch] });
    expect(sheetRows(deskRows([aldric], twice), twice)[0]!.notes).toBe(`card ${ch}/2`);
    const changed = exampleDesk('aldric', { notes: 'Lost his greaves.' });
    expect(sheetRows(deskRows([changed], twice), twice)[0]!.notes).toBe(`cards changed since printed (${ch}/2 void on reprint)`);
  });
});
