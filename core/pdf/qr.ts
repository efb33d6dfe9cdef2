// The QR code on character cards: the character id and the hash of its content, drawn as vector
// squares (one filled path of row runs), so it stays sharp at any printer resolution.
import type { CellsOp } from './draw';
import { qrModules } from './qr-mask';

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

/**
 * The code as horizontal runs of dark modules, in a square of `side` points whose bottom-left
 * corner is (x, y). Row 0 of the runs is the bottom row (PDF y points up).
 */
export function qrCells(payload: string, x: number, y: number, side: number): CellsOp {
  const { size: n, data } = qrModules(qrInput(payload));
  const total = n + 2 * QR_QUIET_MODULES;
  const unit = side / total;
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
  return { op: 'cells', x, y, unit, runs };
}
