// Types for the encoder inside the `qrcode` package. Importing the package's main entry would pull
// in its file and canvas renderers; the core needs only the matrix.
declare module 'qrcode/lib/core/qrcode.js' {
  export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';
  export type QrBitMatrix = { size: number; data: Uint8Array; get(row: number, col: number): number | boolean };
  export type QrSegment = { data: string; mode: 'numeric' | 'alphanumeric' | 'byte' };
  export function create(text: string | QrSegment[], options?: { errorCorrectionLevel?: QrErrorCorrection; version?: number }): {
    modules: QrBitMatrix;
    version: number;
  };
}
