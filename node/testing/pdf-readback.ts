// Reading a written PDF back, for tests: where each card face is placed on each page (the matrix of
// the `q a b c d e f cm` that opens every face, as core/pdf/emit.ts writes it) and the viewer
// preferences. Independent of the layout code: it parses the PDF bytes, not the layout data.
import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

export type Placement = { a: number; b: number; c: number; d: number; x: number; y: number };

function streamText(doc: PDFDocument, obj: PDFObject | undefined): string {
  if (obj === undefined) return '';
  const resolved = doc.context.lookup(obj);
  if (resolved instanceof PDFArray) return resolved.asArray().map((o) => streamText(doc, o)).join('\n');
  if (!(resolved instanceof PDFRawStream)) return '';
  const filter = resolved.dict.get(PDFName.of('Filter'));
  const bytes = filter?.toString() === '/FlateDecode' ? inflateSync(resolved.contents) : resolved.contents;
  return Buffer.from(bytes).toString('latin1');
}

/** Per page, the placement of every card face, in points from the page's bottom-left corner. */
export async function facePlacements(bytes: Uint8Array): Promise<Placement[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const text = streamText(doc, page.node.get(PDFName.of('Contents')));
    const out: Placement[] = [];
    // A face opens a line with "q" and its six-number matrix; QR codes' own "cm" follow "q 0 g".
    for (const m of text.matchAll(/^q (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) cm$/gm)) {
      const [a, b, c, d, x, y] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
      out.push({ a, b, c, d, x, y });
    }
    return out;
  });
}

/** The document's /ViewerPreferences /PrintScaling name ("None", "AppDefault"), or null when not set. */
export async function printScaling(bytes: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(bytes);
  const prefs = doc.catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  const value = prefs?.get(PDFName.of('PrintScaling'));
  return value ? value.toString().replace(/^\//, '') : null;
}

/** A PDF file's text as poppler's pdftotext reads it (in reading order, pages split by form feeds). */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
