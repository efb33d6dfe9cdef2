// Native zlib for the PDF writer. The core is pure and cannot import node:zlib, so the command line
// and the main process pass this in (`PrintOptions.deflate`, `PdfWriter.create`); without it the core
// falls back to pdf-lib's pure-JS pako, several times slower on a large print.
import { deflateSync } from 'node:zlib';
import type { Deflate } from '../../core/pdf/emit';

/** zlib's default level (6), the same as pako's, so files are the size they were. */
export const nativeDeflate: Deflate = (data) => deflateSync(data);
