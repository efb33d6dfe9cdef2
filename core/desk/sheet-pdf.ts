// The check-in sheet as PDF: landscape pages with the event in the header, one row per character
// (a check box for "checked in", player, character, ruleset, armour, notes, and a box to sign in),
// the column headings repeated on every page, and "page n of m" at the foot. Pure: the caller passes
// the font bytes (core/pdf/fonts.ts) and the time.
import { PDFDocument, grayscale, type PDFFont, type PDFPage } from 'pdf-lib';
import { fontkit, FontMetrics, type Face, type FontBytes } from '../pdf/fonts';
import { mm, PAPERS, type PaperId } from '../pdf/layout';
import type { DeskEvent } from './event';
import type { SheetRow } from './sheet';

/** Every size on the sheet, in PDF points unless named in mm. */
export const SHEET_LAYOUT = {
  marginMm: 12,
  /** Event name line and the line under it, with the gap before the table. */
  titlePt: 14,
  subtitlePt: 9,
  headerBlockPt: 40,
  /** The row of column headings. */
  columnHeaderPt: 18,
  /** Space kept at the foot for "page n of m". */
  footerPt: 14,
  /** One character's row: two lines of text, and tall enough to sign in (about 10 mm). */
  rowPt: 28,
  bodyPt: 9,
  notesPt: 8,
  headingPt: 8.5,
  footerTextPt: 7.5,
  lineHeight: 1.15,
  cellPadPt: 3,
  /** Light shading of every other row, and the grey of the rules. */
  zebraGray: 0.94,
  ruleGray: 0.6,
} as const;

export type SheetColumn = { key: 'in' | 'player' | 'character' | 'ruleset' | 'armour' | 'notes' | 'signature'; label: string; weight: number };

/** The columns, left to right; weights share out the page width. */
export const SHEET_COLUMNS: readonly SheetColumn[] = [
  { key: 'in', label: 'In', weight: 22 },
  { key: 'player', label: 'Player', weight: 118 },
  { key: 'character', label: 'Character', weight: 140 },
  { key: 'ruleset', label: 'Ruleset', weight: 92 },
  { key: 'armour', label: 'Armour', weight: 150 },
  { key: 'notes', label: 'Notes', weight: 140 },
  { key: 'signature', label: 'Signature', weight: 112 },
];

export type SheetOptions = {
  event: Pick<DeskEvent, 'name' | 'game' | 'dates'>;
  /** The game's display name when the event names a ruleset, else the event's own text. */
  gameName?: string;
  fonts: FontBytes;
  now: Date;
  paper?: PaperId;
  metrics?: FontMetrics;
};

/** Page size in points, landscape. */
export function sheetPageSize(paper: PaperId = 'a4'): { width: number; height: number } {
  const p = PAPERS[paper];
  return { width: Math.max(p.widthPt, p.heightPt), height: Math.min(p.widthPt, p.heightPt) };
}

/** How many rows fit on one page. */
export function rowsPerPage(paper: PaperId = 'a4'): number {
  const L = SHEET_LAYOUT;
  const { height } = sheetPageSize(paper);
  return Math.floor((height - 2 * mm(L.marginMm) - L.headerBlockPt - L.columnHeaderPt - L.footerPt) / L.rowPt);
}

/** Pages for `rows` rows (an empty sheet still has one page). */
export function sheetPages(rows: number, paper: PaperId = 'a4'): number {
  return Math.max(1, Math.ceil(rows / rowsPerPage(paper)));
}

export async function checkInSheetPdf(rows: readonly SheetRow[], options: SheetOptions): Promise<{ bytes: Uint8Array; pages: number }> {
  const L = SHEET_LAYOUT;
  const paper = options.paper ?? 'a4';
  const metrics = options.metrics ?? new FontMetrics(options.fonts);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts: Record<Face, PDFFont> = {
    regular: await doc.embedFont(options.fonts.regular, { subset: true }),
    bold: await doc.embedFont(options.fonts.bold, { subset: true }),
  };
  const title = `Check-in sheet: ${options.event.name}`;
  doc.setTitle(title);
  doc.setProducer('Quartermaster (pdf-lib)');
  doc.setCreator('Quartermaster');
  doc.setCreationDate(options.now);
  doc.setModificationDate(options.now);

  const { width, height } = sheetPageSize(paper);
  const margin = mm(L.marginMm);
  const tableWidth = width - 2 * margin;
  const totalWeight = SHEET_COLUMNS.reduce((s, c) => s + c.weight, 0);
  const colWidths = SHEET_COLUMNS.map((c) => (c.weight / totalWeight) * tableWidth);
  const colX = colWidths.map((_, i) => margin + colWidths.slice(0, i).reduce((s, w) => s + w, 0));
  const perPage = rowsPerPage(paper);
  const pages = sheetPages(rows.length, paper);
  const printedOn = options.now.toISOString().slice(0, 10);
  const dates = options.event.dates.start === options.event.dates.end ? options.event.dates.start : `${options.event.dates.start} to ${options.event.dates.end}`;
  const unreadable = rows.filter((r) => r.flag === 'unreadable').length;
  const readable = rows.length - unreadable;
  const counts = `${readable} character${readable === 1 ? '' : 's'}${unreadable ? ` + ${unreadable} unreadable file${unreadable === 1 ? '' : 's'}` : ''}`;
  const subtitle = [options.gameName ?? options.event.game, dates, counts, `printed ${printedOn}`].filter(Boolean).join(' · ');

  const text = (page: PDFPage, s: string, x: number, y: number, face: Face, size: number) => {
    if (s !== '') page.drawText(s, { x, y, size, font: fonts[face], color: grayscale(0) });
  };

  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([width, height]);
    let y = height - margin;
    text(page, fit(title, tableWidth, 'bold', L.titlePt, metrics), margin, y - L.titlePt, 'bold', L.titlePt);
    text(page, fit(subtitle, tableWidth, 'regular', L.subtitlePt, metrics), margin, y - L.titlePt - 6 - L.subtitlePt, 'regular', L.subtitlePt);
    y -= L.headerBlockPt;

    // Column headings on a grey band.
    page.drawRectangle({ x: margin, y: y - L.columnHeaderPt, width: tableWidth, height: L.columnHeaderPt, color: grayscale(0.85) });
    SHEET_COLUMNS.forEach((c, i) => {
      text(page, fit(c.label, colWidths[i]! - 2 * L.cellPadPt, 'bold', L.headingPt, metrics), colX[i]! + L.cellPadPt, y - L.columnHeaderPt + (L.columnHeaderPt - L.headingPt) / 2 + 1.5, 'bold', L.headingPt);
    });
    y -= L.columnHeaderPt;

    const chunk = rows.slice(p * perPage, (p + 1) * perPage);
    if (rows.length === 0) text(page, 'No characters in this folder.', margin + L.cellPadPt, y - L.rowPt / 2 - L.bodyPt / 3, 'regular', L.bodyPt);
    // Shading first, so it never covers the rules between rows.
    chunk.forEach((_, i) => {
      if (i % 2 === 1) page.drawRectangle({ x: margin, y: y - (i + 1) * L.rowPt, width: tableWidth, height: L.rowPt, color: grayscale(L.zebraGray) });
    });
    chunk.forEach((r, i) => {
      const bottom = y - (i + 1) * L.rowPt;
      SHEET_COLUMNS.forEach((c, ci) => {
        const x = colX[ci]!;
        const w = colWidths[ci]!;
        if (c.key === 'in') {
          const side = Math.min(10, w - 2 * L.cellPadPt);
          const bx = x + (w - side) / 2;
          const by = bottom + (L.rowPt - side) / 2;
          page.drawRectangle({ x: bx, y: by, width: side, height: side, borderColor: grayscale(0), borderWidth: 0.7, color: grayscale(1) });
          if (r.checkedIn) {
            page.drawLine({ start: { x: bx + side * 0.2, y: by + side * 0.5 }, end: { x: bx + side * 0.42, y: by + side * 0.22 }, thickness: 1.3, color: grayscale(0) });
            page.drawLine({ start: { x: bx + side * 0.42, y: by + side * 0.22 }, end: { x: bx + side * 0.82, y: by + side * 0.82 }, thickness: 1.3, color: grayscale(0) });
          }
          return;
        }
        if (c.key === 'signature') {
          page.drawRectangle({ x: x + L.cellPadPt, y: bottom + 3, width: w - 2 * L.cellPadPt, height: L.rowPt - 6, borderColor: grayscale(L.ruleGray), borderWidth: 0.5, color: grayscale(1) });
          return;
        }
        const value = r[c.key];
        const face: Face = c.key === 'character' || (c.key === 'notes' && (r.flag === 'errors' || r.flag === 'unreadable' || r.out !== '')) ? 'bold' : 'regular';
        const size = c.key === 'notes' ? L.notesPt : L.bodyPt;
        const lines = wrap(value, w - 2 * L.cellPadPt, face, size, 2, metrics);
        const lh = size * L.lineHeight;
        // Centre the lines in the row: baseline of the first line.
        const blockTop = bottom + L.rowPt / 2 + (lines.length * lh) / 2;
        lines.forEach((line, li) => text(page, line, x + L.cellPadPt, blockTop - (li + 1) * lh + (lh - size) / 2 + size * 0.2, face, size));
      });
      page.drawLine({ start: { x: margin, y: bottom }, end: { x: margin + tableWidth, y: bottom }, thickness: 0.4, color: grayscale(L.ruleGray) });
    });

    // Column rules over the table's height on this page.
    const tableBottom = y - Math.max(1, chunk.length) * L.rowPt;
    const tableTop = y + L.columnHeaderPt;
    for (const x of [...colX, margin + tableWidth]) page.drawLine({ start: { x, y: tableTop }, end: { x, y: tableBottom }, thickness: 0.4, color: grayscale(L.ruleGray) });
    page.drawLine({ start: { x: margin, y: tableTop }, end: { x: margin + tableWidth, y: tableTop }, thickness: 0.4, color: grayscale(L.ruleGray) });
    if (chunk.length === 0) page.drawLine({ start: { x: margin, y: tableBottom }, end: { x: margin + tableWidth, y: tableBottom }, thickness: 0.4, color: grayscale(L.ruleGray) });

    const foot = `${options.event.name} · page ${p + 1} of ${pages}`;
    text(page, fit(foot, tableWidth, 'regular', L.footerTextPt, metrics), margin, margin - L.footerTextPt + 2, 'regular', L.footerTextPt);
  }
  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pages };
}

/** Text cut to a width, ending in "…" when it had to be cut. */
export function fit(s: string, width: number, face: Face, size: number, metrics: FontMetrics): string {
  if (metrics.width(s, face, size) <= width) return s;
  const chars = [...s];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (metrics.width(`${chars.slice(0, mid).join('').trimEnd()}…`, face, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** Text wrapped on spaces into at most `maxLines` lines of `width`; the last line is cut with "…". */
export function wrap(s: string, width: number, face: Face, size: number, maxLines: number, metrics: FontMetrics): string[] {
  const words = s.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = line ? `${line} ${word}` : word;
    if (metrics.width(candidate, face, size) <= width) {
      line = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      // The last line allowed: everything left, cut to fit.
      lines.push(fit([candidate, ...words.slice(i + 1)].join(' '), width, face, size, metrics));
      return lines;
    }
    if (line) {
      lines.push(line);
      line = '';
      i--; // the word starts the next line (and is cut there if it is wider than the cell)
    } else {
      lines.push(fit(word, width, face, size, metrics));
      if (lines.length === maxLines && i < words.length - 1) return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}
