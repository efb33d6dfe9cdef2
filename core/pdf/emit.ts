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
import { LaidFace, type CardFace, type DrawOp } from './draw';
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

  /**
   * Glyph hex by UTF-16 code unit for the Basic Multilingual Plane, per face: the four ASCII hex
   * digits packed in one number (first digit in the top byte), 0 until the character is first met.
   */
  private readonly glyphCodes: Record<Face, Int32Array> = { regular: new Int32Array(0x10000), bold: new Int32Array(0x10000) };
  private readonly out = new ContentBytes();
  /** A text operation's glyph hex, as ASCII bytes (reused for every operation). */
  private hexBytes = new Uint8Array(1024);

  /** `deflate` compresses the pages' content; without it pdf-lib's pako does (slower). */
  static async create(fonts: FontBytes, meta: PdfMeta, deflate?: Deflate): Promise<PdfWriter> {
    const { doc, regular, bold } = await cardDocument(fonts, meta);
    return new PdfWriter(doc, { regular, bold }, deflate);
  }

  /**
   * The glyph ids of a string as PDF hex, written into hexBytes; returns its length. Each
   * character's glyph is encoded once, on first use (which adds it to the subset in that order),
   * and then copied from its four packed digits: no string or lookup by string per operation.
   */
  private hex(face: Face, s: string): number {
    // By a test on the face rather than a lookup by its name: this runs for every text operation.
    const codes = face === 'bold' ? this.glyphCodes.bold : this.glyphCodes.regular;
    const n = s.length;
    // A glyph is 4 hex digits; a surrogate pair is one glyph for two code units.
    if (this.hexBytes.length < 4 * n) this.hexBytes = new Uint8Array(4 * n);
    let buf = this.hexBytes;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      let v = codes[c]!;
      if (v === 0 || (c >= 0xd800 && c <= 0xdbff && i + 1 < n)) {
        // A surrogate pair is one character (a lone surrogate is encoded as itself, as for...of does).
        let ch = s[i]!;
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            ch = s.slice(i, i + 2);
            i++;
          }
        }
        const h = this.glyph(face, ch);
        if (h.length === 4 && ch.length === 1) codes[c] = v = (h.charCodeAt(0) << 24) | (h.charCodeAt(1) << 16) | (h.charCodeAt(2) << 8) | h.charCodeAt(3);
        else {
          if (buf.length < k + h.length + 4 * (n - i)) {
            const next = new Uint8Array(2 * (k + h.length + 4 * (n - i)));
            next.set(buf.subarray(0, k));
            this.hexBytes = buf = next;
          }
          for (let j = 0; j < h.length; j++) buf[k++] = h.charCodeAt(j);
          continue;
        }
      }
      buf[k] = v >>> 24;
      buf[k + 1] = (v >>> 16) & 0xff;
      buf[k + 2] = (v >>> 8) & 0xff;
      buf[k + 3] = v & 0xff;
      k += 4;
    }
    return k;
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
      this.face(placed.face, keys, out);
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

  private face(face: CardFace, keys: Record<Face, string>, out: ContentBytes): void {
    // A laid-out face keeps its text in columns (draw.ts LaidFace); others are a list of objects.
    const laid = face instanceof LaidFace ? face : null;
    const items: readonly (DrawOp | number)[] = laid ? laid.items : face.ops;
    const nums = laid ? laid.nums : NO_NUMS;
    let inText = false;
    let current: Face | '' = '';
    let written = NaN;
    for (let k = 0; k < items.length; k++) {
      const it = items[k]!;
      let x: number;
      let y: number;
      let size: number;
      let text: string;
      let textFace: Face;
      if (typeof it === 'number') {
        x = nums[4 * it]!;
        y = nums[4 * it + 1]!;
        size = nums[4 * it + 2]!;
        text = laid!.texts[it]!;
        textFace = laid!.faces[it]!;
      } else if (it.op === 'text') {
        ({ x, y, size, text, face: textFace } = it);
      } else {
        if (inText) {
          out.str('\nET');
          inText = false;
        }
        out.byte(NL);
        writeGraphic(it, out);
        continue;
      }
      if (!inText) {
        out.str('\nBT 0 g');
        inText = true;
        current = '';
      }
      // The same font line as before is not repeated (sizes compared as they are written).
      const hundredths = Math.round(size * 100);
      if (textFace !== current || hundredths !== written) {
        out.byte(NL).str(keys[textFace]).byte(SP).num(size).str(' Tf');
        current = textFace;
        written = hundredths;
      }
      // Text whose glyphs are all known is written from their packed digits in one pass; otherwise
      // (a character's first use, a surrogate pair) its glyphs are encoded first.
      if (!out.textCodes(x, y, text, textFace === 'bold' ? this.glyphCodes.bold : this.glyphCodes.regular)) {
        const length = this.hex(textFace, text);
        out.textAt(x, y, this.hexBytes, length);
      }
    }
    if (inText) out.str('\nET');
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true });
  }
}

const NL = 0x0a;
const NO_NUMS: readonly number[] = [];
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
