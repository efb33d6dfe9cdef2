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
declare module 'qrcode/lib/core/error-correction-code.js' {
  export function getBlocksCount(version: number, errorCorrectionLevel: { bit: number }): number;
  export function getTotalCodewordsCount(version: number, errorCorrectionLevel: { bit: number }): number;
}
declare module 'qrcode/lib/core/mode.js' {
  export type QrMode = { id: string; bit: number; ccBits: number[] };
  export function getCharCountIndicator(mode: QrMode, version: number): number;
  export const ALPHANUMERIC: QrMode;
}
declare module 'qrcode/lib/core/segments.js' {
  import type { QrMode } from 'qrcode/lib/core/mode.js';
  export type QrBitSink = { put(num: number, length: number): void; putBit(bit: boolean): void; getLengthInBits(): number };
  export type QrDataSegment = { mode: QrMode; getLength(): number; write(buffer: QrBitSink): void };
  export function fromArray(array: { data: string; mode: string }[]): QrDataSegment[];
  export function fromString(data: string, version: number): QrDataSegment[];
  export function rawSplit(data: string): QrDataSegment[];
}
declare module 'qrcode/lib/core/utils.js' {
  export function getSymbolTotalCodewords(version: number): number;
}
declare module 'qrcode/lib/core/version.js' {
  export function getBestVersionForData(data: unknown, errorCorrectionLevel: { bit: number }): number | undefined;
}
