// Choosing a QR code's data mask. ISO/IEC 18004 (§7.8.2–7.8.3) has the encoder try all eight mask
// patterns and keep the one whose symbol scores the lowest penalty (runs of one colour, 2 × 2
// blocks, finder-like 1:1:3:1:1 patterns, dark/light imbalance), so that no mask may be fixed. The
// `qrcode` encoder does this by masking its whole matrix, scoring it in four passes of method calls
// and unmasking it again, eight times: about 0.55 ms a code, most of the cost of making one. Here the
// code is made once (qr-encode.ts), each candidate is that symbol XOR a precomputed bit plane of the
// pattern (and of the format bits), and all four penalties are scored bit-parallel, a row or a
// column at a time as two 32-bit words (module by module above 64 modules a side). The rule and the weights are the encoder's own, so the chosen mask — and so the
// whole symbol — is the one the full search makes (qr.test.ts checks it over many payloads).
// The mask-0 symbol is packed straight from the codewords (each data bit flips one cell of the
// version's packed function patterns), so no byte matrix is masked or packed per code.
// Masking changes no data bit and no error-correction codeword: the code is exactly as
// error-correcting as before.
import { getEncodedBits } from 'qrcode/lib/core/format-info.js';
import { applyMask } from 'qrcode/lib/core/mask-pattern.js';
import type { QrBitMatrix } from 'qrcode/lib/core/qrcode.js';
import { symbolParts, unmaskedSymbol, type QrInput, type QrTemplate } from './qr-encode';

/** Error correction level M's two format bits are 00 (ISO/IEC 18004 table 12). */
const LEVEL_M = { bit: 0 };
const MASKS = 8;

/**
 * Per symbol size, for each mask p: what turns the encoder's mask-0 symbol into the mask-p symbol,
 * i.e. pattern 0 XOR pattern p over the data cells, and the two format codes' difference over the
 * format cells (function patterns are never masked). As bytes, and packed by row and by column.
 */
type Flips = { plane0: Uint8Array; bytes: Uint8Array[]; rows: Int32Array[]; cols: Int32Array[] };
const flipsBySize = new Map<number, Flips>();

function flipsFor(m: QrBitMatrix): Flips {
  const n = m.size;
  let flips = flipsBySize.get(n);
  if (flips) return flips;
  // The function patterns (and so the reserved cells) depend only on the version, i.e. the size.
  const planes: Uint8Array[] = [];
  for (let p = 0; p < MASKS; p++) {
    // The encoder's own masking applied to an empty matrix leaves exactly the pattern's plane.
    const empty = Object.assign(Object.create(Object.getPrototypeOf(m) as object) as QrBitMatrix, { size: n, data: new Uint8Array(n * n), reservedBit: m.reservedBit });
    applyMask(p, empty);
    planes.push(empty.data);
  }
  // The 15 format bits go down column 8 and along row 8 (the encoder's setupFormatInfo).
  const formatCells: number[][] = [];
  for (let i = 0; i < 15; i++) {
    formatCells.push([(i < 6 ? i : i < 8 ? i + 1 : n - 15 + i) * n + 8, 8 * n + (i < 8 ? n - i - 1 : i < 9 ? 15 - i : 15 - i - 1)]);
  }
  const format0 = getEncodedBits(LEVEL_M, 0);
  flips = { plane0: planes[0]!, bytes: [], rows: [], cols: [] };
  for (let p = 0; p < MASKS; p++) {
    const bytes = new Uint8Array(n * n);
    for (let i = 0; i < bytes.length; i++) bytes[i] = planes[0]![i]! ^ planes[p]![i]!;
    const diff = format0 ^ getEncodedBits(LEVEL_M, p);
    for (let i = 0; i < 15; i++) if ((diff >> i) & 1) for (const cell of formatCells[i]!) bytes[cell] = 1;
    flips.bytes.push(bytes);
    if (n <= 64) {
      const { rows, cols } = pack(bytes, n);
      flips.rows.push(rows);
      flips.cols.push(cols);
    }
  }
  flipsBySize.set(n, flips);
  return flips;
}

/** Rows and columns as 64-bit lines in two 32-bit halves: [lo, hi] at 2i; bit k is module k. */
function pack(m: Uint8Array, n: number): { rows: Int32Array; cols: Int32Array } {
  const rows = new Int32Array(2 * n);
  const cols = new Int32Array(2 * n);
  for (let r = 0; r < n; r++) {
    const rh = r >> 5;
    const rb = 1 << (r & 31);
    for (let c = 0; c < n; c++) {
      if (m[r * n + c] === 0) continue;
      rows[2 * r + (c >> 5)]! |= 1 << (c & 31);
      cols[2 * c + rh]! |= rb;
    }
  }
  return { rows, cols };
}


// Shifts of a 64-bit line (lo, hi) towards bit 0 by k (1 ≤ k ≤ 31), and towards the top by 1.
const shrLo = (lo: number, hi: number, k: number) => (lo >>> k) | (hi << (32 - k));
const shrHi = (hi: number, k: number) => hi >>> k;

/**
 * A word's set bits counted per byte (each byte of the result holds 0–8): the first three steps of
 * a population count, so that several words' counts are added before one final sum of the bytes.
 */
function byteCounts(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (x + (x >>> 4)) & 0x0f0f0f0f;
}

/** The sum of the four bytes of per-byte counts (valid while the sum is at most 255). */
const sumBytes = (x: number) => Math.imul(x, 0x01010101) >>> 24;

/**
 * One line's N1 points (a run of 5 + i modules of one colour scores 3 + i) and N3 count (windows
 * 1011101 with four light modules before or after), bit-parallel. `ml`/`mh` mask the line's n bits.
 * A line has at most 64 modules, so its N1 (at most 60 + 2 × 12 run starts) and N3 counts each fit
 * one byte sum.
 */
function lineScore(lo: number, hi: number, ml: number, mh: number, ml1: number, mh1: number): number {
  // E: module k equals module k + 1 (k < n - 1). W4: five equal modules from k on.
  const el = ~(lo ^ shrLo(lo, hi, 1)) & ml1;
  const eh = ~(hi ^ shrHi(hi, 1)) & mh1;
  const wl = el & shrLo(el, eh, 1) & shrLo(el, eh, 2) & shrLo(el, eh, 3);
  const wh = eh & shrHi(eh, 1) & shrHi(eh, 2) & shrHi(eh, 3);
  // A run's first window: E does not hold just before it.
  const sl = wl & ~(el << 1);
  const sh = wh & ~((eh << 1) | (el >>> 31));
  const n1 = sumBytes(byteCounts(wl) + byteCounts(wh) + ((byteCounts(sl) + byteCounts(sh)) << 1));
  // Dark D and light L (zero outside the line, so no window runs past its end).
  const ll = ~lo & ml;
  const lh = ~hi & mh;
  const kl = lo & shrLo(ll, lh, 1) & shrLo(lo, hi, 2) & shrLo(lo, hi, 3) & shrLo(lo, hi, 4) & shrLo(ll, lh, 5) & shrLo(lo, hi, 6);
  const kh = hi & shrHi(lh, 1) & shrHi(hi, 2) & shrHi(hi, 3) & shrHi(hi, 4) & shrHi(lh, 5) & shrHi(hi, 6);
  // Most lines have no 1011101 at all: then there is no N3 window to look for.
  if ((kl | kh) === 0) return n1;
  const ql = ll & shrLo(ll, lh, 1) & shrLo(ll, lh, 2) & shrLo(ll, lh, 3);
  const qh = lh & shrHi(lh, 1) & shrHi(lh, 2) & shrHi(lh, 3);
  const n3 = sumBytes(byteCounts(kl & shrLo(ql, qh, 7)) + byteCounts(kh & shrHi(qh, 7)) + byteCounts(ql & shrLo(kl, kh, 4)) + byteCounts(qh & shrHi(kh, 4)));
  return n1 + n3 * 40;
}

/**
 * The penalty of base XOR flip, both packed by rows and by columns (n ≤ 64). Every rule adds points
 * and none takes any away, so once the sum reaches `limit` (the best mask's penalty so far) this
 * mask cannot be chosen and the sum so far is returned.
 */
function packedPenalty(br: Int32Array, bc: Int32Array, fr: Int32Array, fc: Int32Array, n: number, limit = Infinity): number {
  const ml = n >= 32 ? -1 : (1 << n) - 1;
  const mh = n > 32 ? (n === 64 ? -1 : (1 << (n - 32)) - 1) : 0;
  const ml1 = n - 1 >= 32 ? -1 : (1 << (n - 1)) - 1;
  const mh1 = n - 1 > 32 ? (1 << (n - 33)) - 1 : 0;
  // The dark/light balance first: one count over the rows.
  let dark = 0;
  for (let i = 0; i < 2 * n; i += 2) dark += sumBytes(byteCounts(br[i]! ^ fr[i]!) + byteCounts(br[i + 1]! ^ fr[i + 1]!));
  const k = Math.abs(Math.ceil((dark * 100) / (n * n) / 5) - 10);
  let score = k * 10;
  let pl = 0;
  let ph = 0;
  for (let i = 0; i < n; i++) {
    const lo = br[2 * i]! ^ fr[2 * i]!;
    const hi = br[2 * i + 1]! ^ fr[2 * i + 1]!;
    score += lineScore(lo, hi, ml, mh, ml1, mh1);
    if (i > 0) {
      // 2 × 2 blocks of one colour: this row equals the one above at k and k + 1, and k equals k + 1.
      const ql = ~(lo ^ pl);
      const qh = ~(hi ^ ph);
      score += 3 * sumBytes(byteCounts(ql & shrLo(ql, qh, 1) & ~(lo ^ shrLo(lo, hi, 1)) & ml1) + byteCounts(qh & shrHi(qh, 1) & ~(hi ^ shrHi(hi, 1)) & mh1));
    }
    pl = lo;
    ph = hi;
    score += lineScore(bc[2 * i]! ^ fc[2 * i]!, bc[2 * i + 1]! ^ fc[2 * i + 1]!, ml, mh, ml1, mh1);
    if (score >= limit) return score;
  }
  return score;
}

/** The bit-parallel score of a symbol of at most 64 modules a side (the same as maskPenalty). */
export function packedMaskPenalty(m: Uint8Array, n: number): number {
  if (n > 64) throw new RangeError(`packedMaskPenalty: ${n} modules a side; at most 64`);
  const { rows, cols } = pack(m, n);
  const none = new Int32Array(2 * n);
  return packedPenalty(rows, cols, none, none, n);
}

/** The encoder's penalty score of a masked symbol (the same four rules and weights 3, 3, 40, 10). */
export function maskPenalty(m: Uint8Array, n: number): number {
  let n1 = 0;
  let n2 = 0;
  let n3 = 0;
  let dark = 0;
  for (let r = 0; r < n; r++) {
    const row = r * n;
    let run = 0;
    let last = -1;
    let bits = 0;
    for (let c = 0; c < n; c++) {
      const v = m[row + c]!;
      dark += v;
      if (v === last) run++;
      else {
        if (run >= 5) n1 += run - 2; // 3 + (run - 5)
        last = v;
        run = 1;
      }
      bits = ((bits << 1) & 0x7ff) | v;
      if (c >= 10 && (bits === 0x5d0 || bits === 0x05d)) n3++;
      if (r < n - 1 && c < n - 1) {
        const s = v + m[row + c + 1]! + m[row + n + c]! + m[row + n + c + 1]!;
        if (s === 0 || s === 4) n2++;
      }
    }
    if (run >= 5) n1 += run - 2;
  }
  for (let c = 0; c < n; c++) {
    let run = 0;
    let last = -1;
    let bits = 0;
    for (let r = 0, i = c; r < n; r++, i += n) {
      const v = m[i]!;
      if (v === last) run++;
      else {
        if (run >= 5) n1 += run - 2;
        last = v;
        run = 1;
      }
      bits = ((bits << 1) & 0x7ff) | v;
      if (r >= 10 && (bits === 0x5d0 || bits === 0x05d)) n3++;
    }
    if (run >= 5) n1 += run - 2;
  }
  const k = Math.abs(Math.ceil((dark * 100) / (n * n) / 5) - 10);
  return n1 + n2 * 3 + n3 * 40 + k * 10;
}

export type QrModules = { size: number; data: Uint8Array; mask: number };

/** Per symbol size: the template's function patterns XOR mask 0's plane, packed by rows and by columns. */
const startBySize = new Map<number, { rows: Int32Array; cols: Int32Array }>();

function startFor(t: QrTemplate, flips: Flips, n: number): { rows: Int32Array; cols: Int32Array } {
  let start = startBySize.get(n);
  if (!start) {
    const base = t.fixed.slice();
    for (let i = 0; i < base.length; i++) base[i]! ^= flips.plane0[i]!;
    startBySize.set(n, (start = pack(base, n)));
  }
  return start;
}

/** A symbol of at most 64 modules a side as its rows, packed: bit c of words 2r, 2r + 1 is module (r, c). */
export type QrPackedRows = { size: number; rows: Int32Array; mask: number };

/** The symbol at error correction level M with the lowest-penalty mask. */
export function qrModules(input: QrInput): QrModules {
  const packed = qrPackedRows(input);
  if (!packed) return bytewiseModules(input);
  const { size: n, rows, mask } = packed;
  const data = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) data[r * n + c] = (rows[2 * r + (c >> 5)]! >>> (c & 31)) & 1;
  }
  return { size: n, data, mask };
}

/**
 * The same symbol as qrModules, packed by rows, for symbols of at most 64 modules a side (null for
 * larger ones): what drawing the code reads, without a byte per module.
 */
export function qrPackedRows(input: QrInput): QrPackedRows | null {
  const { words, template: t } = symbolParts(input);
  const n = t.matrix.size;
  if (n > 64) return null;
  const flips = flipsFor(t.matrix);
  // The mask-0 symbol packed straight from the codewords: the data bits flip their cells in the
  // packed function patterns (each data cell is in exactly one row and one column).
  const start = startFor(t, flips, n);
  const rows = start.rows.slice();
  const cols = start.cols.slice();
  const { orderRow, orderCol } = t;
  const bits = Math.min(t.order.length, words.length * 8);
  // Only the set bits of each codeword are visited (bit 7 of codeword j is data bit 8j).
  for (let j = 0, base = 0; base < bits; j++, base += 8) {
    let w = words[j]!;
    while (w !== 0) {
      const b = 31 - Math.clz32(w);
      w ^= 1 << b;
      const k = base + 7 - b;
      if (k >= bits) continue;
      const r = orderRow[k]!;
      const c = orderCol[k]!;
      rows[2 * r + (c >> 5)]! ^= 1 << (c & 31);
      cols[2 * c + (r >> 5)]! ^= 1 << (r & 31);
    }
  }
  let bestMask = 0;
  let lowest = Infinity;
  for (let p = 0; p < MASKS; p++) {
    const penalty = packedPenalty(rows, cols, flips.rows[p]!, flips.cols[p]!, n, lowest);
    if (penalty < lowest) [lowest, bestMask] = [penalty, p];
  }
  const flip = flips.rows[bestMask]!;
  for (let i = 0; i < rows.length; i++) rows[i]! ^= flip[i]!;
  return { size: n, rows, mask: bestMask };
}

/** Symbols over 64 modules a side: every mask applied to the bytes and scored module by module. */
function bytewiseModules(input: QrInput): QrModules {
  const { data: base, matrix } = unmaskedSymbol(input);
  const n = matrix.size;
  const flips = flipsFor(matrix);
  // The symbol as the encoder makes it with mask 0, which the flips start from.
  const plane0 = flips.plane0;
  for (let i = 0; i < base.length; i++) base[i]! ^= plane0[i]!;
  let bestMask = 0;
  let lowest = Infinity;
  const cand = new Uint8Array(base.length);
  for (let p = 0; p < MASKS; p++) {
    const flip = flips.bytes[p]!;
    for (let i = 0; i < base.length; i++) cand[i] = base[i]! ^ flip[i]!;
    const penalty = maskPenalty(cand, n);
    if (penalty < lowest) [lowest, bestMask] = [penalty, p];
  }
  const flip = flips.bytes[bestMask]!;
  for (let i = 0; i < base.length; i++) base[i]! ^= flip[i]!;
  return { size: n, data: base, mask: bestMask };
}
