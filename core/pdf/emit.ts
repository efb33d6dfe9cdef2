// Writing sheets into a PDF with pdf-lib. Fonts are embedded subsetted (only the glyphs used).
// Each page's content is written as one compressed content stream of plain PDF drawing operators
// (pdf-lib's low-level `flateStream`), rather than through pdf-lib's drawing helpers that build an
// object for every operator and number: a 1,000-character run has some 300,000 QR squares.
// The content streams are compressed by a deflate function the caller passes in: Node's native zlib
// in the command line and the main process (the core itself may not import node:*), pdf-lib's
// pure-JS pako where none is given. Deflating is most of the cost of writing a large print.
// Strings are encoded character by character (each character's glyph looked up once): the glyphs
// are exactly the ones measured in layout (fonts.ts), with no ligatures, so text is never wider than
// laid out and reads back letter for letter.
import { PDFDocument, PrintScaling, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DrawOp } from './draw';
import { faceMatrix, type Sheet } from './impose';
import { fontkit, type Face, type FontBytes } from './fonts';

export type PdfMeta = { title: string; now: Date };

/** Compresses bytes into a zlib (RFC 1950) stream, as PDF's FlateDecode filter reads it. */
export type Deflate = (data: Uint8Array) => Uint8Array;

const ascii = new TextEncoder();

/** A number for a content stream: at most 2 decimals (1/7200 inch), never in exponent form. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? '0' : String(r);
}

const ELLIPSE_K = 0.5522847498;

export class PdfWriter {
  private readonly glyphHex: Record<Face, Map<string, string>> = { regular: new Map(), bold: new Map() };

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<Face, PDFFont>,
    private readonly deflate: Deflate | undefined,
  ) {}

  /** `deflate` compresses the pages' content; without it pdf-lib's pako does (slower). */
  static async create(fonts: FontBytes, meta: PdfMeta, deflate?: Deflate): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const regular = await doc.embedFont(fonts.regular, { subset: true });
    const bold = await doc.embedFont(fonts.bold, { subset: true });
    doc.setTitle(meta.title);
    doc.setProducer('Quartermaster (pdf-lib)');
    doc.setCreator('Quartermaster');
    doc.setCreationDate(meta.now);
    doc.setModificationDate(meta.now);
    // Cards must print at their real size on card stock: ask viewers not to fit the page to the
    // printer's printable area (PDF 1.6 viewer preference /PrintScaling /None).
    doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
    return new PdfWriter(doc, { regular, bold }, deflate);
  }

  /** The glyph ids of a string as PDF hex, one cached lookup per character. */
  private hex(face: Face, s: string): string {
    const cache = this.glyphHex[face];
    let out = '';
    for (const ch of s) {
      let h = cache.get(ch);
      if (h === undefined) {
        h = this.fonts[face].encodeText(ch).asString();
        cache.set(ch, h);
      }
      out += h;
    }
    return out;
  }

  addSheet(sheet: Sheet, width: number, height: number): PDFPage {
    const page = this.doc.addPage([width, height]);
    const keys: Record<Face, string> = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref).toString(),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref).toString(),
    };
    const content = ascii.encode(this.sheetContent(sheet, keys));
    const stream = this.deflate
      ? this.doc.context.stream(this.deflate(content), { Filter: 'FlateDecode' })
      : this.doc.context.flateStream(content);
    page.node.addContentStream(this.doc.context.register(stream));
    return page;
  }

  /** A sheet's page content, uncompressed (plain ASCII: text is written as glyph ids in hex). */
  sheetContent(sheet: Sheet, keys: Record<Face, string>): string {
    const parts: string[] = [];
    for (const placed of sheet.faces) {
      parts.push(`q ${faceMatrix(placed).map(num).join(' ')} cm`);
      this.face(placed.face.ops, keys, parts);
      parts.push('Q');
    }
    if (sheet.cutMarks.length > 0) {
      parts.push('q 0.3 w 0 G');
      for (const m of sheet.cutMarks) parts.push(`${num(m.x1)} ${num(m.y1)} m ${num(m.x2)} ${num(m.y2)} l`);
      parts.push('S Q');
    }
    return parts.join('\n');
  }

  private face(ops: readonly DrawOp[], keys: Record<Face, string>, out: string[]): void {
    let inText = false;
    let font = '';
    for (const o of ops) {
      if (o.op === 'text') {
        if (!inText) {
          out.push('BT 0 g');
          inText = true;
          font = '';
        }
        const tf = `${keys[o.face]} ${num(o.size)} Tf`;
        if (tf !== font) {
          out.push(tf);
          font = tf;
        }
        out.push(`1 0 0 1 ${num(o.x)} ${num(o.y)} Tm <${this.hex(o.face, o.text)}> Tj`);
        continue;
      }
      if (inText) {
        out.push('ET');
        inText = false;
      }
      out.push(graphic(o));
    }
    if (inText) out.push('ET');
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true });
  }
}

function paint(fillGray: number | undefined, strokeGray: number | undefined, lineWidth: number | undefined): { setup: string; op: string } {
  const setup = [fillGray !== undefined ? `${num(fillGray)} g` : '', strokeGray !== undefined ? `${num(strokeGray)} G ${num(lineWidth ?? 0.5)} w` : ''].filter(Boolean).join(' ');
  const op = fillGray !== undefined && strokeGray !== undefined ? 'B' : fillGray !== undefined ? 'f' : 'S';
  return { setup, op };
}

/** A non-text drawing operation as PDF content. */
export function graphic(o: Exclude<DrawOp, { op: 'text' }>): string {
  switch (o.op) {
    case 'rect': {
      const p = paint(o.fill, o.stroke, o.lineWidth);
      return `q ${p.setup} ${num(o.x)} ${num(o.y)} ${num(o.w)} ${num(o.h)} re ${p.op} Q`;
    }
    case 'line':
      return `q ${num(o.gray)} G ${num(o.width)} w ${o.dash ? `[${o.dash.map(num).join(' ')}] 0 d ` : ''}${num(o.x1)} ${num(o.y1)} m ${num(o.x2)} ${num(o.y2)} l S Q`;
    case 'ellipse': {
      const { cx, cy, rx, ry } = o;
      const k = ELLIPSE_K;
      const c = (...v: number[]) => v.map(num).join(' ');
      const p = paint(o.fill, o.stroke, o.lineWidth);
      return (
        `q ${p.setup} ${c(cx + rx, cy)} m ` +
        `${c(cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry)} c ` +
        `${c(cx - rx * k, cy + ry, cx - rx, cy + ry * k, cx - rx, cy)} c ` +
        `${c(cx - rx, cy - ry * k, cx - rx * k, cy - ry, cx, cy - ry)} c ` +
        `${c(cx + rx * k, cy - ry, cx + rx, cy - ry * k, cx + rx, cy)} c h ${p.op} Q`
      );
    }
    case 'cells': {
      // One filled path in grid units: the smallest content for a QR code.
      const unit = Math.round(o.unit * 1e5) / 1e5;
      const runs: string[] = [];
      for (let i = 0; i < o.runs.length; i += 3) runs.push(`${o.runs[i]} ${o.runs[i + 1]} ${o.runs[i + 2]} 1 re`);
      return `q 0 g ${unit} 0 0 ${unit} ${num(o.x)} ${num(o.y)} cm\n${runs.join('\n')}\nf Q`;
    }
  }
}
