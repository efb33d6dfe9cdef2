// Making a QR symbol's data modules quickly. The `qrcode` encoder chooses the segments and version
// (its own code, used as it is); what it does slowly for every code is the rest: a bit buffer that
// grows one bit at a time, Reed–Solomon by polynomial division that reallocates at every step (and
// rebuilds the generator polynomial for each code), and the function patterns drawn into a fresh
// matrix. Here the function patterns of a version are taken once from the encoder itself, along with
// the order its zigzag places data bits in; the codewords are computed with log/antilog tables
// (ISO/IEC 18004 §7.5, field 2^8 modulo x^8 + x^4 + x^3 + x^2 + 1) and a cached generator. The
// result is the encoder's symbol bit for bit (qr.test.ts compares them over many payloads).
import { getBlocksCount, getTotalCodewordsCount } from 'qrcode/lib/core/error-correction-code.js';
import { M as LEVEL_M } from 'qrcode/lib/core/error-correction-level.js';
import { ALPHANUMERIC, getCharCountIndicator } from 'qrcode/lib/core/mode.js';
import { create, type QrBitMatrix } from 'qrcode/lib/core/qrcode.js';
import { fromArray, fromString, rawSplit, type QrDataSegment } from 'qrcode/lib/core/segments.js';
import { getSymbolTotalCodewords } from 'qrcode/lib/core/utils.js';
import { getBestVersionForData } from 'qrcode/lib/core/version.js';

export type QrInput = string | { data: string; mode: 'numeric' | 'alphanumeric' | 'byte' }[];

// GF(256) with the QR polynomial 0x11D.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

/** No log: a zero coefficient. */
const NONE = 255;

/**
 * The generator polynomial (x - α^0)…(x - α^(n-1)), highest power first and without its leading 1,
 * as logs of its coefficients (NONE for a zero one).
 */
const generators = new Map<number, Uint8Array>();
function generatorLogs(degree: number): Uint8Array {
  let logs = generators.get(degree);
  if (logs) return logs;
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!;
      if (poly[j]) next[j + 1]! ^= EXP[LOG[poly[j]!]! + i]!;
    }
    poly = next;
  }
  logs = Uint8Array.from(poly.slice(1), (c) => (c === 0 ? NONE : LOG[c]!));
  generators.set(degree, logs);
  return logs;
}

/**
 * Per degree: generator coefficient j times every byte f, laid out for adding a factor's products
 * four codewords at a time. Row (o, f) of `words` words holds the bytes o zeros and then
 * f · g_0 … f · g_(degree-1), so that it lines up with a 32-bit word boundary when the products
 * start o bytes past one.
 */
type Products = { table: Int32Array; words: number };
const products = new Map<number, Products>();
function generatorProducts(degree: number): Products {
  let p = products.get(degree);
  if (p) return p;
  const gen = generatorLogs(degree);
  const words = (degree + 6) >> 2;
  const bytes = new Uint8Array(4 * 256 * words * 4);
  for (let o = 0; o < 4; o++) {
    for (let f = 1; f < 256; f++) {
      const at = (o * 256 + f) * words * 4 + o;
      for (let j = 0; j < degree; j++) if (gen[j] !== NONE) bytes[at + j] = EXP[gen[j]! + LOG[f]!]!;
    }
  }
  p = { table: new Int32Array(bytes.buffer), words };
  products.set(degree, p);
  return p;
}

/** Room for a block's data, its remainder and a row of products past it (blocks are at most 153 codewords). */
const division = new Uint8Array(512);
const division32 = new Int32Array(division.buffer);

/**
 * The error-correction codewords of one block: the remainder of data · x^degree by the generator,
 * by long division in place (each data codeword's factor times the generator added to the
 * codewords after it, a 32-bit word at a time).
 */
function reedSolomon(data: Uint8Array, degree: number): Uint8Array {
  const { table, words } = generatorProducts(degree);
  const len = data.length;
  const buf = division;
  buf.fill(0, 0, len + 4 * words + 8);
  buf.set(data);
  for (let i = 0; i < len; i++) {
    const factor = buf[i]!;
    if (factor === 0) continue;
    const start = i + 1;
    const row = ((start & 3) * 256 + factor) * words;
    const at = start >> 2;
    for (let w = 0; w < words; w++) division32[at + w]! ^= table[row + w]!;
  }
  return buf.slice(len, len + degree);
}

/** A bit buffer with the encoder's interface (segments write themselves into it), preallocated. */
class Bits {
  readonly bytes: Uint8Array;
  length = 0;
  constructor(bytes: number) {
    this.bytes = new Uint8Array(bytes);
  }
  /** The low `length` bits of num (at most 31), most significant first, as many at a time as fit a byte. */
  put(num: number, length: number): void {
    const bytes = this.bytes;
    let at = this.length;
    while (length > 0) {
      const free = 8 - (at & 7);
      const take = free < length ? free : length;
      length -= take;
      bytes[at >> 3]! |= ((num >>> length) & ((1 << take) - 1)) << (free - take);
      at += take;
    }
    this.length = at;
  }
  putBit(bit: boolean): void {
    if (bit) this.bytes[this.length >> 3]! |= 0x80 >>> (this.length & 7);
    this.length++;
  }
  getLengthInBits(): number {
    return this.length;
  }
}

/** Alphanumeric mode's 45 characters, by value (ISO/IEC 18004 table 5); -1 for the others. */
const ALPHANUMERIC_VALUE = new Int8Array(128).fill(-1);
for (const [i, ch] of [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:'].entries()) ALPHANUMERIC_VALUE[ch.charCodeAt(0)] = i;

function alphanumericValue(data: string, i: number): number {
  const c = data.charCodeAt(i);
  const v = c < 128 ? ALPHANUMERIC_VALUE[c]! : -1;
  if (v < 0) throw new RangeError(`QR code: "${data[i]}" is not an alphanumeric-mode character`);
  return v;
}

/** An alphanumeric segment's data as the encoder writes it: pairs as 11 bits (45a + b), a last one as 6. */
function writeAlphanumeric(data: string, bits: Bits): void {
  let i = 0;
  for (; i + 2 <= data.length; i += 2) bits.put(alphanumericValue(data, i) * 45 + alphanumericValue(data, i + 1), 11);
  if (data.length % 2) bits.put(alphanumericValue(data, i), 6);
}

/** Data and error-correction codewords, interleaved by block (the encoder's createData). */
function codewords(version: number, segments: QrDataSegment[]): Uint8Array {
  const total = getSymbolTotalCodewords(version);
  const ecTotal = getTotalCodewordsCount(version, LEVEL_M);
  const dataTotal = total - ecTotal;
  const bits = new Bits(dataTotal);
  for (const s of segments) {
    bits.put(s.mode.bit, 4);
    bits.put(s.getLength(), getCharCountIndicator(s.mode, version));
    if (s.mode === ALPHANUMERIC) writeAlphanumeric((s as unknown as { data: string }).data, bits);
    else s.write(bits);
  }
  const capacity = dataTotal * 8;
  if (bits.length + 4 <= capacity) bits.put(0, 4); // terminator
  while (bits.length % 8 !== 0) bits.putBit(false);
  for (let i = bits.length / 8, pad = 0; i < dataTotal; i++, pad++) bits.bytes[i] = pad % 2 ? 0x11 : 0xec;

  const blocks = getBlocksCount(version, LEVEL_M);
  const group2 = total % blocks;
  const group1 = blocks - group2;
  const dataIn1 = Math.floor(dataTotal / blocks);
  const ecCount = Math.floor(total / blocks) - dataIn1;
  const dc: Uint8Array[] = [];
  const ec: Uint8Array[] = [];
  let offset = 0;
  for (let b = 0; b < blocks; b++) {
    const size = b < group1 ? dataIn1 : dataIn1 + 1;
    const block = bits.bytes.subarray(offset, offset + size);
    dc.push(block);
    ec.push(reedSolomon(block, ecCount));
    offset += size;
  }
  const out = new Uint8Array(total);
  let k = 0;
  for (let i = 0; i <= dataIn1; i++) for (let b = 0; b < blocks; b++) if (i < dc[b]!.length) out[k++] = dc[b]![i]!;
  for (let i = 0; i < ecCount; i++) for (let b = 0; b < blocks; b++) out[k++] = ec[b]![i]!;
  return out;
}

/** A version's function patterns (and mask-0 format bits), and where its data bits go, in order. */
type Template = { matrix: QrBitMatrix; fixed: Uint8Array; order: Int32Array; orderRow: Uint8Array; orderCol: Uint8Array };
const templates = new Map<number, Template>();

function templateFor(version: number): Template {
  let t = templates.get(version);
  if (t) return t;
  const { modules } = create('0', { errorCorrectionLevel: 'M', version, maskPattern: 0 });
  const n = modules.size;
  const fixed = new Uint8Array(n * n);
  for (let i = 0; i < fixed.length; i++) if (modules.reservedBit[i]) fixed[i] = modules.data[i]!;
  // The encoder's setupData walk: two-column strips from the right, up and down, skipping column 6.
  const order: number[] = [];
  let inc = -1;
  let row = n - 1;
  for (let col = n - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (;;) {
      for (let c = 0; c < 2; c++) if (!modules.reservedBit[row * n + col - c]) order.push(row * n + col - c);
      row += inc;
      if (row < 0 || n <= row) {
        row -= inc;
        inc = -inc;
        break;
      }
    }
  }
  t = { matrix: modules, fixed, order: Int32Array.from(order), orderRow: Uint8Array.from(order, (i) => Math.floor(i / n)), orderCol: Uint8Array.from(order, (i) => i % n) };
  templates.set(version, t);
  return t;
}

/** The segments and smallest version at level M, chosen as the encoder chooses them. */
function segmentsFor(input: QrInput): { segments: QrDataSegment[]; version: number } {
  let segments: QrDataSegment[];
  if (Array.isArray(input)) segments = fromArray(input);
  else segments = fromString(input, getBestVersionForData(rawSplit(input), LEVEL_M) || 40);
  const version = getBestVersionForData(segments, LEVEL_M);
  if (!version) throw new RangeError('QR code: the payload is too long for a QR code');
  return { segments, version };
}

/** The codewords of a payload and its version's template: what the symbol is made of. */
export function symbolParts(input: QrInput): { words: Uint8Array; template: Template } {
  const { segments, version } = segmentsFor(input);
  return { words: codewords(version, segments), template: templateFor(version) };
}

export type { Template as QrTemplate };

/**
 * The symbol before masking: function patterns with mask 0's format bits, and the data modules
 * unmasked. `matrix` is the version's template from the encoder (for its reserved cells).
 */
export function unmaskedSymbol(input: QrInput): { data: Uint8Array; matrix: QrBitMatrix } {
  const { words, template: t } = symbolParts(input);
  const data = t.fixed.slice();
  const order = t.order;
  const bits = Math.min(order.length, words.length * 8);
  for (let k = 0; k < bits; k++) if ((words[k >> 3]! >>> (7 - (k & 7))) & 1) data[order[k]!] = 1;
  return { data, matrix: t.matrix };
}
