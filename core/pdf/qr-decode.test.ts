// Every QR code printed must scan to its payload. The PDF is rendered with pdftoppm (poppler) and
// each code read back with jsQR — a decoder independent of the encoder — from the page pixels
// where the code was drawn, for every card type that carries a code, on every paper and card size
// (upright and turned cards), written with native zlib and with the pure-JS fallback.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../format/hash';
import type { Character } from '../model/character';
import { derive } from '../rulesets/index';
import { nativeDeflate } from '../../node/fs/deflate';
import { FontMetrics } from './fonts';
import { faceMatrix } from './impose';
import type { CardSizeId, PaperId } from './layout';
import { printCards, type Printed, type PrintCharacter } from './print';
import { parseQrPayload, qrPayload } from './qr';
import { sampleCharacter, SAMPLE_RULESETS } from './sample-characters';
import type { CardType } from './serial';

const root = join(import.meta.dirname, '../..');
const fonts = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const metrics = new FontMetrics(fonts);
const now = new Date('2025-06-01T09:00:00Z');
const DPI = 300;
const MM = 72 / 25.4;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-qr-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What each card type's code must say. A card type that starts carrying a code without a line
 * here fails the test below, so no code goes out unchecked.
 */
const EXPECTED: Partial<Record<CardType, (c: Character) => string>> = {
  // "QM1:<ID>:<HASH>", upper case (docs/printing.md): the character id and its content hash.
  character: (c) => `QM1:${c.id.toUpperCase()}:${contentHash(c).toUpperCase()}`,
};

/** A binary PGM (P5, as pdftoppm -gray writes it): header fields, then one byte a pixel. */
export function parsePgm(data: Uint8Array): { width: number; height: number; px: Uint8Array } {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (i < data.length && /\s/.test(String.fromCharCode(data[i]!))) i++;
    if (data[i] === 0x23) {
      while (i < data.length && data[i] !== 0x0a) i++; // a comment runs to the end of the line
      continue;
    }
    let field = '';
    while (i < data.length && !/\s/.test(String.fromCharCode(data[i]!))) field += String.fromCharCode(data[i++]!);
    fields.push(field);
  }
  i++; // the single whitespace after the maximum value
  const [magic, w, h, max] = [fields[0], Number(fields[1]), Number(fields[2]), Number(fields[3])];
  if (magic !== 'P5' || max !== 255 || data.length - i < w * h) throw new Error(`not an 8-bit binary PGM: ${fields.join(' ')}`);
  return { width: w, height: h, px: data.subarray(i, i + w * h) };
}

type Code = { page: number; type: CardType; source: string; box: { x: number; y: number; w: number; h: number } };

/** Every code on every page: its card, and its square on the page in points (y up), 1 mm around. */
function codesOf(printed: Printed): Code[] {
  const typeOf = new Map<object, { type: CardType; source: string }>();
  for (const card of printed.cards) {
    typeOf.set(card.front, { type: card.spec.type, source: card.source });
    if (card.back) typeOf.set(card.back, { type: card.spec.type, source: card.source });
  }
  const codes: Code[] = [];
  printed.sheets.forEach((sheet, s) => {
    for (const placed of sheet.faces) {
      const [a, b, c, d, e, f] = faceMatrix(placed);
      for (const o of placed.face.ops) {
        if (o.op !== 'cells') continue;
        // The runs' extent plus the quiet border is the square: columns from 0 to the last dark
        // module + the border, and the square is as tall as it is wide.
        let side = 0;
        for (let i = 0; i < o.runs.length; i += 3) side = Math.max(side, o.runs[i]! + o.runs[i + 2]!);
        const sidePt = (side + o.runs[0]!) * o.unit;
        const corners = [
          [o.x, o.y],
          [o.x + sidePt, o.y],
          [o.x, o.y + sidePt],
          [o.x + sidePt, o.y + sidePt],
        ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f] as const);
        const xs = corners.map((p) => p[0]);
        const ys = corners.map((p) => p[1]);
        const x0 = Math.min(...xs) - MM;
        const y0 = Math.min(...ys) - MM;
        codes.push({ page: s + 1, ...typeOf.get(placed.face)!, box: { x: x0, y: y0, w: Math.max(...xs) + MM - x0, h: Math.max(...ys) + MM - y0 } });
      }
    }
  });
  return codes;
}

/** Renders one box of a page at 300 dpi and reads the QR code in it; null when none is found. */
function scan(file: string, pageHeightPt: number, code: Code): string | null {
  const s = DPI / 72;
  const x = Math.floor(code.box.x * s);
  const y = Math.floor((pageHeightPt - code.box.y - code.box.h) * s);
  const prefix = join(dir, 'crop');
  const args = ['-r', String(DPI), '-gray', '-singlefile', '-f', String(code.page), '-l', String(code.page)];
  execFileSync('pdftoppm', [...args, '-x', String(x), '-y', String(y), '-W', String(Math.ceil(code.box.w * s)), '-H', String(Math.ceil(code.box.h * s)), file, prefix]);
  const img = parsePgm(readFileSync(`${prefix}.pgm`));
  rmSync(`${prefix}.pgm`);
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0; i < img.px.length; i++) {
    rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = img.px[i]!;
    rgba[4 * i + 3] = 255;
  }
  return jsQR(rgba, img.width, img.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

const entries = (): PrintCharacter[] => SAMPLE_RULESETS.map((r, i) => sampleCharacter(r, i)).map((c) => ({ character: c, derivation: derive(c), source: `${c.name}.character.json` }));

describe('every QR code scans to its payload', () => {
  const runs: { paper: PaperId; size: CardSizeId; native: boolean }[] = [
    { paper: 'a4', size: 'credit', native: true }, // upright, 10 a page
    { paper: 'letter', size: 'credit', native: true }, // turned, 3 × 3
    { paper: 'a4', size: 'a6', native: true }, // turned, the largest code
    { paper: 'letter', size: 'poker', native: false }, // upright, pdf-lib's own deflate
  ];
  for (const run of runs) {
    it(`${run.size} cards on ${run.paper}${run.native ? '' : ' (pure-JS deflate)'}: all four games, every card type`, async () => {
      const all = entries();
      const printed = await printCards(all, { now, fonts, metrics, layout: { paper: run.paper, size: run.size }, ...(run.native ? { deflate: nativeDeflate } : {}) });
      const file = join(dir, `${run.paper}-${run.size}.pdf`);
      writeFileSync(file, printed.bytes);
      const bySource = new Map(all.map((e) => [e.source, e.character]));
      const codes = codesOf(printed);
      // Each character has a character card, and so at least one code each.
      expect(codes.filter((c) => c.type === 'character').map((c) => c.source).sort()).toEqual(all.map((e) => e.source).sort());
      for (const code of codes) {
        const expected = EXPECTED[code.type];
        expect(expected, `card type "${code.type}" carries a QR code: add what it must say to EXPECTED`).toBeDefined();
        const character = bySource.get(code.source)!;
        const want = expected!(character);
        expect(scan(file, printed.grid.paper.heightPt, code), `${code.type} card of ${code.source}, page ${code.page}`).toBe(want);
        // The desk's own parser reads it back to the character.
        expect(parseQrPayload(want)).toEqual({ id: character.id, hash: contentHash(character) });
        expect(want).toBe(qrPayload(character.id, contentHash(character)));
      }
    });
  }

  it('reads a PGM header with a comment', () => {
    const pgm = new Uint8Array([...Buffer.from('P5\n# made by hand\n3 2\n255\n'), 0, 128, 255, 1, 2, 3]);
    const img = parsePgm(pgm);
    expect([img.width, img.height, [...img.px]]).toEqual([3, 2, [0, 128, 255, 1, 2, 3]]);
  });
});
