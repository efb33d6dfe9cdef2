// The check-in sheet PDF, read back with poppler's pdftotext.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { FONT_FILES, FontMetrics, type FontBytes } from '../pdf/fonts';
import { checkInSheetPdf, fit, rowsPerPage, sheetPages, wrap } from './sheet-pdf';
import type { SheetRow } from './sheet';

const root = new URL('../../', import.meta.url);
const fonts: FontBytes = { regular: new Uint8Array(readFileSync(new URL(FONT_FILES.regular, root))), bold: new Uint8Array(readFileSync(new URL(FONT_FILES.bold, root))) };
const metrics = new FontMetrics(fonts);
const event = { name: 'Autumn Muster', game: "Fortune's Landing", dates: { start: '2026-10-02', end: '2026-10-04' } };
const now = new Date('2026-10-01T12:00:00Z');

const row = (i: number): SheetRow => ({
  player: i % 3 === 0 ? `Георги ${i}` : `Player ${String(i).padStart(2, '0')}`,
  character: i % 3 === 0 ? `Васил ${i}` : `Hero ${String(i).padStart(2, '0')}`,
  ruleset: i % 3 === 0 ? 'bg-magic' : "Fortune's Landing",
  armour: `${i % 6} over torso`,
  status: 'ok',
  checkedIn: i % 4 === 0 ? '2026-10-02 18:05' : '',
  notes: i % 5 === 0 ? '2 rule errors' : '',
  out: '',
  file: `c${i}.character.json`,
  id: '',
  flag: i % 5 === 0 ? 'errors' : 'ok',
});

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'qm-sheet-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the check-in sheet PDF', () => {
  it('fits 16 rows on an A4 landscape page, so 45 rows take 3 pages', async () => {
    // A4 landscape is 297 x 210 mm = 841.9 x 595.3 pt. Less two 12 mm margins (2 x 34.0 pt), the
    // 40 pt event header, the 18 pt column headings and the 14 pt footer: 595.3 - 68.0 - 40 - 18 - 14
    // = 455.3 pt for rows of 28 pt: 16 rows (16.26). 45 rows = 16 + 16 + 13: 3 pages.
    expect(rowsPerPage('a4')).toBe(16);
    expect(sheetPages(45)).toBe(3);
    const rows = Array.from({ length: 45 }, (_, i) => row(i + 1));
    const { bytes, pages } = await checkInSheetPdf(rows, { event, fonts, now, metrics });
    expect(pages).toBe(3);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(3);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(Math.round(w)).toBe(842);
    expect(Math.round(h)).toBe(595);

    const text = pdfText(bytes);
    const pageTexts = text.split('\f').filter((t) => t.trim() !== '');
    expect(pageTexts).toHaveLength(3);
    for (const [i, t] of pageTexts.entries()) {
      expect(t).toContain('Check-in sheet: Autumn Muster');
      expect(t).toMatch(/Player\s+Character\s+Ruleset\s+Armour\s+Notes\s+Signature/);
      expect(t).toContain(`page ${i + 1} of 3`);
    }
    expect(pageTexts[0]).toContain("Fortune's Landing · 2026-10-02 to 2026-10-04 · 45 characters · printed 2026-10-01");
    // Rows 1-16 on page 1, 17-32 on page 2, 33-45 on page 3; Cyrillic reads back.
    expect(pageTexts[0]).toContain('Hero 16');
    expect(pageTexts[0]).not.toContain('Hero 17');
    expect(pageTexts[1]).toContain('Hero 17');
    expect(pageTexts[1]).toContain('Hero 32');
    expect(pageTexts[2]).toContain('Васил 45');
    expect(pageTexts[2]).toContain('Георги 45');
    expect(pageTexts[2]).toContain('Hero 44');
    expect(text).toMatch(/Player 05\s+Hero 05\s+Fortune's Landing\s+5 over torso\s+2 rule errors/);
  });

  it('prints one page saying so when there are no characters', async () => {
    const { bytes, pages } = await checkInSheetPdf([], { event, fonts, now, metrics });
    expect(pages).toBe(1);
    expect(pdfText(bytes)).toContain('No characters in this folder.');
  });

  it('uses Letter paper when asked: 612 pt tall, 16 rows a page', async () => {
    // 612 - 68.0 - 72 = 471.9 pt: 16 rows (16.85).
    expect(rowsPerPage('letter')).toBe(16);
    const { bytes } = await checkInSheetPdf([row(1), { ...row(2), character: 'broken.character.json', flag: 'unreadable' }], { event, fonts, now, metrics, paper: 'letter' });
    const doc = await PDFDocument.load(bytes);
    expect([doc.getPage(0).getWidth(), doc.getPage(0).getHeight()]).toEqual([792, 612]);
    // The unreadable file is a row, but not counted as a character.
    expect(pdfText(bytes)).toContain('2026-10-04 · 1 character + 1 unreadable file · printed');
  });
});

describe('fitting text in a cell', () => {
  it('cuts text that is too wide with an ellipsis, and leaves text that fits', () => {
    expect(fit('Dimitri', 100, 'regular', 9, metrics)).toBe('Dimitri');
    const cut = fit('Aldric of the Vale and his many titles', 60, 'regular', 9, metrics);
    expect(cut.endsWith('…')).toBe(true);
    expect(metrics.width(cut, 'regular', 9)).toBeLessThanOrEqual(60);
    expect('Aldric of the Vale and his many titles'.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('wraps on spaces into two lines and cuts the rest', () => {
    const width = metrics.width('3 over torso, left', 'regular', 9) + 0.1;
    expect(wrap('3 over torso, left leg', width, 'regular', 9, 2, metrics)).toEqual(['3 over torso, left', 'leg']);
    const lines = wrap('3 over torso, left leg, right leg, Threshold 1 (best assumed)', width, 'regular', 9, 2, metrics);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('3 over torso, left');
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(wrap('', width, 'regular', 9, 2, metrics)).toEqual([]);
  });
});
