import { describe, expect, it } from 'vitest';
import { detectDelimiter, MAX_CSV_CHARS, MAX_CSV_FIELD_CHARS, readCsv } from './csv-read';

const cells = (text: string) => {
  const read = readCsv(text);
  if (!read.ok) throw new Error(read.problem.message);
  return [read.table.header, ...read.table.rows].map((r) => r.cells);
};

describe('readCsv', () => {
  it('reads quoted delimiters, doubled quotes and line breaks inside quotes (RFC 4180)', () => {
    expect(cells('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
    ]);
  });

  it('drops a byte order mark, takes LF and CRLF alike, skips empty lines and reads a last line without a line end', () => {
    expect(cells('\ufeffa;b\n\n1;2\r\n3;4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('numbers each record by the line it starts on, counting line breaks inside quotes', () => {
    const read = readCsv('h1,h2\n"a\nb",c\nd,e\n');
    expect(read.ok && read.table.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('keeps empty cells and a quote inside an unquoted field', () => {
    expect(cells('a,,c\n5" gun,,\n')).toEqual([
      ['a', '', 'c'],
      ['5" gun', '', ''],
    ]);
  });

  it('detects the delimiter from the header line, not counting those inside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2;3;4')).toBe(';');
    expect(detectDelimiter('"x;y;z",b\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
    expect(detectDelimiter('\ufeffonly\n')).toBe(',');
  });

  it('names the line where a quote is left open', () => {
    expect(readCsv('a,b\n1,2\n3,"open\n4,5\n')).toEqual({ ok: false, problem: { line: 3, message: 'a quoted field opened on line 3 is never closed (a " is missing)' } });
  });

  it('refuses a field longer than the cap, naming the line and column, and a text over the size cap', () => {
    const long = `a,b\n1,${'x'.repeat(MAX_CSV_FIELD_CHARS + 1)}\n`;
    const read = readCsv(long);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toEqual({ line: 2, message: `column 2 holds more than ${MAX_CSV_FIELD_CHARS.toLocaleString('en')} characters` });
    const huge = readCsv('a'.repeat(MAX_CSV_CHARS + 1));
    expect(huge.ok).toBe(false);
  });

  it('says an empty text has no header', () => {
    expect(readCsv('\ufeff\r\n')).toEqual({ ok: false, problem: { line: 1, message: 'the file is empty: no header line' } });
  });
});
