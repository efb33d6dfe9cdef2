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
import { ContentBytes } from './content';
import { fontkit, type Face, type FontBytes } from './fonts';

export type PdfMeta = { title: string; now: Date };

/** Compresses bytes into a zlib (RFC 1950) stream, as PDF's FlateDecode filter reads it. */
export type Deflate = (data: Uint8Array) => Uint8Array;


/** A number for a content stream: at most 2 decimals (1/7200 inch), never in exponent form. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? '0' : String(r);
}

const ELLIPSE_K = 0.5522847498;

/**
 * An empty card PDF: the two fonts embedded (subset when saved), the metadata and the viewer
 * preferences. The print benchmark's floor starts from the same document.
 */
export async function cardDocument(fonts: FontBytes, meta: PdfMeta): Promise<{ doc: PDFDocument; regular: PDFFont; bold: PDFFont }> {
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
  return { doc, regular, bold };
}

export class PdfWriter {
  private readonly glyphHex: Record<Face, Map<string, string>> = { regular: new Map(), bold: new Map() };

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<Face, PDFFont>,
    private readonly deflate: Deflate | undefined,
  ) {}

  private readonly stringHex: Record<Face, Map<string, string>> = { regular: new Map(), bold: new Map() };
  /** Glyph hex by UTF-16 code unit for the Basic Multilingual Plane. */
  private readonly bmpHex: Record<Face, (string | undefined)[]> = { regular: new Array<string | undefined>(0x10000).fill(undefined), bold: new Array<string | undefined>(0x10000).fill(undefined) };
  private readonly out = new ContentBytes();
  private readonly parts: string[] = [];

  /** `deflate` compresses the pages' content; without it pdf-lib's pako does (slower). */
  static async create(fonts: FontBytes, meta: PdfMeta, deflate?: Deflate): Promise<PdfWriter> {
    const { doc, regular, bold } = await cardDocument(fonts, meta);
    return new PdfWriter(doc, { regular, bold }, deflate);
  }

  /** The glyph ids of a string as PDF hex, one cached lookup per character (and per whole string). */
  private hex(face: Face, s: string): string {
    // By a test on the face rather than a lookup by its name: this runs for every text operation.
    const bold = face === 'bold';
    const strings = bold ? this.stringHex.bold : this.stringHex.regular;
    const known = strings.get(s);
    if (known !== undefined) return known;
    const bmp = bold ? this.bmpHex.bold : this.bmpHex.regular;
    // Joined from parts rather than added up: `+=` makes a tree of 4-character pieces that every
    // copy of the string into the page content would walk; join() makes one flat string.
    const parts = this.parts;
    parts.length = 0;
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      // A surrogate pair is one character (a lone surrogate is encoded as itself, as for...of does).
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          parts.push(this.glyph(face, s.slice(i, i + 2)));
          i++;
          continue;
        }
      }
      let h = bmp[c];
      if (h === undefined) bmp[c] = h = this.glyph(face, s[i]!);
      parts.push(h);
    }
    const out = parts.join('');
    if (strings.size >= 50_000) strings.clear();
    strings.set(s, out);
    return out;
  }

  /** One character's glyph id in hex, encoded once (which also adds the glyph to the subset). */
  private glyph(face: Face, ch: string): string {
    const cache = this.glyphHex[face];
    let h = cache.get(ch);
    if (h === undefined) {
      h = this.fonts[face].encodeText(ch).asString();
      cache.set(ch, h);
    }
    return h;
  }

  addSheet(sheet: Sheet, width: number, height: number): PDFPage {
    const page = this.doc.addPage([width, height]);
    const keys: Record<Face, string> = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref).toString(),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref).toString(),
    };
    // The content's memory is reused for the next page: deflate reads it and returns new bytes.
    const content = this.sheetContent(sheet, keys);
    const stream = this.deflate
      ? this.doc.context.stream(this.deflate(content), { Filter: 'FlateDecode' })
      : this.doc.context.flateStream(content);
    page.node.addContentStream(this.doc.context.register(stream));
    return page;
  }

  /**
   * A sheet's page content, uncompressed (plain ASCII: text is written as glyph ids in hex), one
   * operation a line. The bytes are valid until the next sheet is written.
   */
  sheetContent(sheet: Sheet, keys: Record<Face, string>): Uint8Array {
    const out = this.out;
    out.reset();
    for (const placed of sheet.faces) {
      if (out.length > 0) out.byte(NL);
      const [a, b, c, d, e, f] = faceMatrix(placed);
      out.str('q ').num(a).byte(SP).num(b).byte(SP).num(c).byte(SP).num(d).byte(SP).num(e).byte(SP).num(f).str(' cm');
      this.face(placed.face.ops, keys, out);
      out.str('\nQ');
    }
    if (sheet.cutMarks.length > 0) {
      if (out.length > 0) out.byte(NL);
      out.str('q 0.3 w 0 G');
      for (const m of sheet.cutMarks) out.byte(NL).num(m.x1).byte(SP).num(m.y1).str(' m ').num(m.x2).byte(SP).num(m.y2).str(' l');
      out.str('\nS Q');
    }
    return out.bytes();
  }

  private face(ops: readonly DrawOp[], keys: Record<Face, string>, out: ContentBytes): void {
    let inText = false;
    let face: Face | '' = '';
    let size = NaN;
    for (const o of ops) {
      if (o.op === 'text') {
        if (!inText) {
          out.str('\nBT 0 g');
          inText = true;
          face = '';
        }
        // The same font line as before is not repeated (sizes compared as they are written).
        const written = Math.round(o.size * 100);
        if (o.face !== face || written !== size) {
          out.byte(NL).str(keys[o.face]).byte(SP).num(o.size).str(' Tf');
          face = o.face;
          size = written;
        }
        out.textAt(o.x, o.y, this.hex(o.face, o.text));
        continue;
      }
      if (inText) {
        out.str('\nET');
        inText = false;
      }
      out.byte(NL);
      writeGraphic(o, out);
    }
    if (inText) out.str('\nET');
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true });
  }
}

const NL = 0x0a;
const SP = 0x20;

/** The colour and line-width setup of a filled and/or stroked shape, and the operator that paints it. */
function paint(out: ContentBytes, fillGray: number | undefined, strokeGray: number | undefined, lineWidth: number | undefined): string {
  if (fillGray !== undefined) out.num(fillGray).str(' g');
  if (strokeGray !== undefined) {
    if (fillGray !== undefined) out.byte(SP);
    out.num(strokeGray).str(' G ').num(lineWidth ?? 0.5).str(' w');
  }
  return fillGray !== undefined && strokeGray !== undefined ? 'B' : fillGray !== undefined ? 'f' : 'S';
}

/** A non-text drawing operation as PDF content. */
export function writeGraphic(o: Exclude<DrawOp, { op: 'text' }>, out: ContentBytes): void {
  switch (o.op) {
    case 'rect': {
      out.str('q ');
      const op = paint(out, o.fill, o.stroke, o.lineWidth);
      out.byte(SP).num(o.x).byte(SP).num(o.y).byte(SP).num(o.w).byte(SP).num(o.h).str(' re ').str(op).str(' Q');
      return;
    }
    case 'line':
      out.str('q ').num(o.gray).str(' G ').num(o.width).str(' w ');
      if (o.dash) {
        out.byte(0x5b);
        o.dash.forEach((d, i) => (i > 0 ? out.byte(SP) : out).num(d));
        out.str('] 0 d ');
      }
      out.num(o.x1).byte(SP).num(o.y1).str(' m ').num(o.x2).byte(SP).num(o.y2).str(' l S Q');
      return;
    case 'ellipse': {
      const { cx, cy, rx, ry } = o;
      const k = ELLIPSE_K;
      const pts = (...v: number[]) => v.forEach((x, i) => (i > 0 ? out.byte(SP) : out).num(x));
      out.str('q ');
      const op = paint(out, o.fill, o.stroke, o.lineWidth);
      out.byte(SP);
      pts(cx + rx, cy);
      out.str(' m ');
      pts(cx + rx, cy + ry * k, cx + rx * k, cy + ry, cx, cy + ry);
      out.str(' c ');
      pts(cx - rx * k, cy + ry, cx - rx, cy + ry * k, cx - rx, cy);
      out.str(' c ');
      pts(cx - rx, cy - ry * k, cx - rx * k, cy - ry, cx, cy - ry);
      out.str(' c ');
      pts(cx + rx * k, cy - ry, cx + rx, cy - ry * k, cx + rx, cy);
      out.str(' c h ').str(op).str(' Q');
      return;
    }
    case 'cells': {
      // One filled path in grid units: the smallest content for a QR code.
      const unit = String(Math.round(o.unit * 1e5) / 1e5);
      out.str('q 0 g ').str(unit).str(' 0 0 ').str(unit).byte(SP).num(o.x).byte(SP).num(o.y).str(' cm');
      out.unitRuns(o.runs);
      out.str('\nf Q');
      return;
    }
  }
}
