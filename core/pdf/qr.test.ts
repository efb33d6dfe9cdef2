// The QR code on character cards: payload format and the drawn modules.
import { describe, expect, it } from 'vitest';
import { create } from 'qrcode/lib/core/qrcode.js';
import { parseQrPayload, qrCells, qrInput, qrMatrix, qrPayload, QR_QUIET_MODULES } from './qr';
import { maskPenalty, packedMaskPenalty, qrModules } from './qr-mask';

const id = '946ec3ed-7e4c-46e1-a2c8-a1d21ea26caf';
const hash = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe('QR payload', () => {
  it('is QM1:<ID>:<HASH> in upper case and parses back', () => {
    const p = qrPayload(id, hash);
    expect(p).toBe(`QM1:${id.toUpperCase()}:${hash.toUpperCase()}`);
    // 4 + 36 + 1 + 64 characters.
    expect(p).toHaveLength(105);
    expect(parseQrPayload(p)).toEqual({ id, hash });
    expect(parseQrPayload('https://example.com')).toBeNull();
  });
});

describe('QR matrix', () => {
  const m = qrMatrix(qrPayload(id, hash));

  it('has the three finder patterns of a QR code', () => {
    // 105 alphanumeric characters: 4 mode bits + 9 count bits + 52 pairs × 11 + 1 × 6 = 591 bits.
    // Level M holds 64 data codewords (512 bits) in version 4 and 86 (688) in version 5: version 5,
    // whose size is 17 + 4 × 5 = 37 modules.
    expect(m.size).toBe(37);
    // A finder is a 7 × 7 dark ring, a light ring inside, and a 3 × 3 dark centre.
    const finderAt = (r0: number, c0: number) => {
      for (let r = 0; r < 7; r++) {
        for (let c = 0; c < 7; c++) {
          const ring = r === 0 || r === 6 || c === 0 || c === 6;
          const centre = r >= 2 && r <= 4 && c >= 2 && c <= 4;
          expect(m.dark(r0 + r, c0 + c), `module ${r0 + r},${c0 + c}`).toBe(ring || centre);
        }
      }
    };
    finderAt(0, 0);
    finderAt(0, m.size - 7);
    finderAt(m.size - 7, 0);
  });

  it('is drawn as runs that cover exactly the dark modules, bottom row first', () => {
    const side = 100;
    const cells = qrCells(qrPayload(id, hash), 10, 20, side);
    const total = m.size + 2 * QR_QUIET_MODULES;
    expect(cells.unit).toBeCloseTo(side / total, 9);
    const drawn = new Set<string>();
    for (let i = 0; i < cells.runs.length; i += 3) {
      const [col, row, len] = [cells.runs[i]!, cells.runs[i + 1]!, cells.runs[i + 2]!];
      for (let k = 0; k < len; k++) drawn.add(`${m.size - 1 - (row - QR_QUIET_MODULES)},${col + k - QR_QUIET_MODULES}`);
    }
    let dark = 0;
    for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.dark(r, c)) dark++;
    expect(drawn.size).toBe(dark);
    for (const key of drawn) {
      const [r, c] = key.split(',').map(Number) as [number, number];
      expect(m.dark(r, c)).toBe(true);
    }
  });
});

describe('QR mask choice', () => {
  // The full search of the `qrcode` encoder (all eight masks, its own penalty passes) is the
  // reference: the fast search must pick the same mask and so make the very same symbol.
  const payloads: string[] = [];
  for (let i = 0; i < 120; i++) payloads.push(qrPayload(`00000000-0000-4000-8000-${(i * 977).toString(16).padStart(12, '0')}`, (i * 7919 + 1).toString(16).padStart(64, 'c')));
  // Other sizes: versions 1–3 (21–29 modules, one 32-bit word a line), byte mode, and codes over
  // 64 modules a side (version 12 and up), which take the byte-array scorer.
  for (const n of [1, 5, 17, 30, 47, 80, 150, 300, 420]) payloads.push('QM1:' + 'X7-'.repeat(n).slice(0, n));
  payloads.push('https://example.org/card?id=946ec3ed', 'Радослава 12', 'a'.repeat(700));

  it('picks the mask the full search picks, for every size', () => {
    const sizes = new Set<number>();
    for (const p of payloads) {
      const full = create(qrInput(p), { errorCorrectionLevel: 'M' });
      const fast = qrModules(qrInput(p));
      sizes.add(fast.size);
      expect(fast.mask, p).toBe(full.maskPattern);
      expect(fast.size).toBe(full.modules.size);
      expect(Buffer.from(fast.data).equals(Buffer.from(full.modules.data)), p).toBe(true);
    }
    // Both scorers ran: lines of one word, of two words, and over 64 modules.
    expect([...sizes].some((s) => s <= 32)).toBe(true);
    expect([...sizes].some((s) => s > 32 && s <= 64)).toBe(true);
    expect([...sizes].some((s) => s > 64)).toBe(true);
  });

  it('scores a symbol as the encoder does', () => {
    // A 21 × 21 all-light symbol: every row and column is one run of 21 (3 + 16 = 19 points,
    // 42 lines), 20 × 20 one-colour blocks (3 each), no 1:1:3:1:1 pattern, 0 % dark (k = 10).
    expect(maskPenalty(new Uint8Array(21 * 21), 21)).toBe(42 * 19 + 400 * 3 + 100);
  });

  it('scores alike bit-parallel and module by module, at every line width', () => {
    let seed = 12345;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) & 1;
    for (const n of [21, 25, 31, 32, 33, 37, 45, 57, 63, 64]) {
      for (let t = 0; t < 20; t++) {
        // Random symbols, and some with long runs and finder-like patterns (bias to one colour).
        const bias = t % 3;
        const m = new Uint8Array(n * n).map(() => (bias === 0 ? rand() : bias === 1 ? rand() & rand() : rand() | rand()));
        expect(packedMaskPenalty(m, n), `n=${n} t=${t}`).toBe(maskPenalty(m, n));
      }
    }
  });

  it('spreads over the masks (no mask is fixed)', () => {
    const used = new Set(payloads.map((p) => qrModules(qrInput(p)).mask));
    expect(used.size).toBeGreaterThanOrEqual(5);
  });
});
