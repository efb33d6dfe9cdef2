// The QR code on character cards: payload format and the drawn modules.
import { describe, expect, it } from 'vitest';
import { parseQrPayload, qrCells, qrMatrix, qrPayload, QR_QUIET_MODULES } from './qr';

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
