// The QR code on character cards: the character id and the hash of its content, drawn as vector
// squares (one filled path of row runs), so it stays sharp at any printer resolution.
import type { CellsOp } from './draw';
import { qrModules, qrPackedRows } from './qr-mask';

/** Format tag of the payload, so the desk can tell a Quartermaster card from any other code. */
export const QR_PREFIX = 'QM1';
/** Modules of white border around the code inside its square (the card around it is white too). */
export const QR_QUIET_MODULES = 2;

/**
 * "QM1:<ID>:<HASH>": the character id (a UUID) and the SHA-256 content hash, upper case so the
 * whole payload fits QR alphanumeric mode (a smaller code than byte mode).
 */
export function qrPayload(characterId: string, hash: string): string {
  return `${QR_PREFIX}:${characterId.toUpperCase()}:${hash.toUpperCase()}`;
}

/** Parses a scanned payload back; null when it is not a Quartermaster card code. */
export function parseQrPayload(payload: string): { id: string; hash: string } | null {
  const m = /^QM1:([0-9A-F-]{36}):([0-9A-F]{64})$/i.exec(payload.trim());
  return m ? { id: m[1]!.toLowerCase(), hash: m[2]!.toLowerCase() } : null;
}

export type QrMatrix = { size: number; dark(row: number, col: number): boolean };

/** QR alphanumeric mode's characters: a payload of only these is encoded as one segment. */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** What the encoder is given: one alphanumeric segment when the payload allows it. */
export function qrInput(payload: string): string | { data: string; mode: 'alphanumeric' }[] {
  return ALPHANUMERIC.test(payload) ? [{ data: payload, mode: 'alphanumeric' }] : payload;
}

/**
 * The module matrix, error correction level M (15 % of the code may be damaged). A payload of
 * alphanumeric characters only is given as one segment, which skips the encoder's search for the
 * best mix of modes; the mask is chosen by the fast search in qr-mask.ts.
 */
export function qrMatrix(payload: string): QrMatrix {
  const { size, data } = qrModules(qrInput(payload));
  return { size, dark: (r, c) => data[r * size + c] === 1 };
}

/** Room for the runs of any code drawn from packed rows (at most 32 runs in a row of 64 modules). */
const scratch = new Uint16Array(64 * 32 * 3);

/** The index of the lowest set bit of a non-zero 32-bit word. */
const lowBit = (x: number) => 31 - Math.clz32(x & -x);

/**
 * The code as horizontal runs of dark modules, in a square of `side` points whose bottom-left
 * corner is (x, y). Row 0 of the runs is the bottom row (PDF y points up). Runs are read from the
 * symbol's rows packed in 64-bit lines: a run starts at a dark module whose left neighbour is
 * light and ends at one whose right neighbour is light, found a word at a time.
 */
export function qrCells(payload: string, x: number, y: number, side: number): CellsOp {
  const input = qrInput(payload);
  const packed = qrPackedRows(input);
  if (!packed) return bytewiseCells(qrModules(input), x, y, side);
  const { size: n, rows } = packed;
  const unit = side / (n + 2 * QR_QUIET_MODULES);
  const out = scratch;
  let k = 0;
  for (let r = 0; r < n; r++) {
    const row = n - 1 - r + QR_QUIET_MODULES;
    const lo = rows[2 * r]!;
    const hi = rows[2 * r + 1]!;
    // Starts: dark with a light (or no) module before; ends: dark with a light (or no) module after
    // (the bits past the row's end are zero).
    let sl = lo & ~(lo << 1);
    let sh = hi & ~((hi << 1) | (lo >>> 31));
    let el = lo & ~((lo >>> 1) | (hi << 31));
    let eh = hi & ~(hi >>> 1);
    while ((sl | sh) !== 0) {
      let start: number;
      if (sl !== 0) {
        start = lowBit(sl);
        sl &= sl - 1;
      } else {
        start = 32 + lowBit(sh);
        sh &= sh - 1;
      }
      let end: number;
      if (el !== 0) {
        end = lowBit(el);
        el &= el - 1;
      } else {
        end = 32 + lowBit(eh);
        eh &= eh - 1;
      }
      out[k] = start + QR_QUIET_MODULES;
      out[k + 1] = row;
      out[k + 2] = end - start + 1;
      k += 3;
    }
  }
  return { op: 'cells', x, y, unit, runs: out.slice(0, k) };
}

/** Runs of a symbol over 64 modules a side, module by module. */
function bytewiseCells({ size: n, data }: { size: number; data: Uint8Array }, x: number, y: number, side: number): CellsOp {
  const unit = side / (n + 2 * QR_QUIET_MODULES);
  const runs: number[] = [];
  for (let r = 0; r < n; r++) {
    const row = n - 1 - r + QR_QUIET_MODULES;
    const at = r * n;
    let c = 0;
    while (c < n) {
      if (data[at + c] !== 1) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && data[at + c] === 1) c++;
      runs.push(start + QR_QUIET_MODULES, row, c - start);
    }
  }
  return { op: 'cells', x, y, unit, runs: Uint16Array.from(runs) };
}
