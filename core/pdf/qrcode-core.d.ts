// Types for the encoder inside the `qrcode` package. Importing the package's main entry would pull
// in its file and canvas renderers; the core needs only the matrix.
declare module 'qrcode/lib/core/qrcode.js' {
  export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';
  export type QrBitMatrix = { size: number; data: Uint8Array; reservedBit: Uint8Array; get(row: number, col: number): number | boolean; isReserved(row: number, col: number): number | boolean };
  export type QrSegment = { data: string; mode: 'numeric' | 'alphanumeric' | 'byte' };
  export function create(text: string | QrSegment[], options?: { errorCorrectionLevel?: QrErrorCorrection; version?: number; maskPattern?: number }): {
    modules: QrBitMatrix;
    version: number;
    maskPattern: number;
  };
}
declare module 'qrcode/lib/core/mask-pattern.js' {
  import type { QrBitMatrix } from 'qrcode/lib/core/qrcode.js';
  export function applyMask(pattern: number, data: QrBitMatrix): void;
}
declare module 'qrcode/lib/core/format-info.js' {
  export function getEncodedBits(errorCorrectionLevel: { bit: number }, mask: number): number;
}
declare module 'qrcode/lib/core/error-correction-level.js' {
  export const L: { bit: number };
  export const M: { bit: number };
  export const Q: { bit: number };
  export const H: { bit: number };
}
