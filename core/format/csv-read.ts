// Reading a CSV file as spreadsheet programs and booking sites write it (RFC 4180): fields quoted
// with `"` may hold the delimiter, doubled quotes and line breaks; lines end in CRLF or LF; a UTF-8
// byte order mark at the start is dropped. The delimiter is the one of comma, semicolon and tab that
// the header line holds most of outside quotes (a spreadsheet in a comma-decimal locale writes
// semicolons); none at all is one column. Pure: the caller reads the bytes and caps their size.
//
// Lenient where spreadsheets are sloppy and nothing is lost: text after a closing quote is kept as
// part of the field, a quote inside an unquoted field is a plain character, and wholly empty lines
// are skipped. A quote left open to the end of the text is an error naming the line it opened on.

export type CsvDelimiter = ',' | ';' | '\t';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/** One record: its cells, and the line of the text it starts on (1 is the first line). */
export type CsvRecord = { line: number; cells: string[] };
export type CsvTable = { delimiter: CsvDelimiter; header: CsvRecord; rows: CsvRecord[] };
export type CsvReadProblem = { line: number; message: string };

/** Longest a field may be, in characters: a booking list's cells are names and ids. */
export const MAX_CSV_FIELD_CHARS = 10_000;
/** Most characters a CSV text may hold (a booking list of 10,000 rows is well under 2 MB). */
export const MAX_CSV_CHARS = 20_000_000;

export const delimiterName = (d: CsvDelimiter) => (d === ',' ? 'comma' : d === ';' ? 'semicolon' : 'tab');

/** The delimiter the first line holds most of outside quotes (comma on a tie or when it holds none). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvDelimiter)) counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** The text's records, the first being the header; or the first problem (an open quote, a field too long). */
export function readCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): { ok: true; table: CsvTable } | { ok: false; problem: CsvReadProblem } {
  if (text.length > MAX_CSV_CHARS) return { ok: false, problem: { line: 1, message: `the file holds ${text.length.toLocaleString('en')} characters, more than the ${MAX_CSV_CHARS.toLocaleString('en')} a booking list may have` } };
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let cells: string[] = [];
  let field = '';
  let recordLine = 1;
  let quoteLine = 0;
  let quoted = false;
  const tooLong = () => ({ ok: false as const, problem: { line: recordLine, message: `column ${cells.length + 1} holds more than ${MAX_CSV_FIELD_CHARS.toLocaleString('en')} characters` } });
  const endRecord = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    field = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
      i++;
    } else if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      i++;
    } else if (ch === delimiter) {
      cells.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += ch;
      i++;
    }
    if (field.length > MAX_CSV_FIELD_CHARS) return tooLong();
  }
  if (quoted) return { ok: false, problem: { line: quoteLine, message: `a quoted field opened on line ${quoteLine} is never closed (a " is missing)` } };
  if (field !== '' || cells.length > 0) endRecord();
  const [header, ...rows] = records;
  if (!header) return { ok: false, problem: { line: 1, message: 'the file is empty: no header line' } };
  return { ok: true, table: { delimiter, header, rows } };
}
