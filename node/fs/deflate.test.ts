// Native zlib in the PDF writer: the pages say exactly what the pure-JS fallback writes, in a file
// that is as small, and the writer deflates through the function it is given, once a page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FontMetrics } from '../../core/pdf/fonts';
import { printCards } from '../../core/pdf/print';
import { sampleBatch } from '../../core/pdf/sample-characters';
import { derive } from '../../core/rulesets/index';
import { nativeDeflate } from './deflate';

const root = join(import.meta.dirname, '../..');
const fonts = { regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) };
const metrics = new FontMetrics(fonts);
const now = new Date('2025-06-01T09:00:00Z');

/** Each page's content, inflated. */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = doc.context.lookup(page.node.get(PDFName.of('Contents')));
    const refs = contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))];
    expect(refs).toHaveLength(1);
    const stream = doc.context.lookup(refs[0]);
    if (!(stream instanceof PDFRawStream)) throw new Error('expected one raw content stream a page');
    expect(stream.dict.get(PDFName.of('Filter'))?.toString()).toBe('/FlateDecode');
    return inflateSync(stream.contents).toString('latin1');
  });
}

describe('printing with native zlib', () => {
  it('writes the same pages as the pure-JS fallback, deflating once a page', async () => {
    const batch = sampleBatch(12).map((c) => ({ character: c, derivation: derive(c), source: c.name }));
    let calls = 0;
    const native = await printCards(batch, { now, fonts, metrics, deflate: (d) => (calls++, nativeDeflate(d)) });
    const fallback = await printCards(batch, { now, fonts, metrics });
    expect(native.pages).toBeGreaterThan(2);
    expect(calls).toBe(native.pages);
    const [a, b] = [await pageContents(native.bytes), await pageContents(fallback.bytes)];
    expect(a).toHaveLength(native.pages);
    expect(a).toEqual(b);
    // Both at zlib's default level: within 5 % of each other.
    expect(Math.abs(native.bytes.length - fallback.bytes.length) / fallback.bytes.length).toBeLessThan(0.05);
    // And poppler reads the text of both alike.
    const dir = mkdtempSync(join(tmpdir(), 'qm-deflate-'));
    try {
      const text = (bytes: Uint8Array, name: string) => {
        writeFileSync(join(dir, name), bytes);
        return execFileSync('pdftotext', [join(dir, name), '-'], { encoding: 'utf8' });
      };
      const t = text(native.bytes, 'native.pdf');
      expect(t).toContain(batch[0]!.character.name);
      expect(t).toBe(text(fallback.bytes, 'fallback.pdf'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
