// Writing sheets into a PDF with pdf-lib. Fonts are embedded subsetted (only the glyphs used).
// Text goes out as one text object per card with the font set only when it changes, and each
// distinct string is encoded once; this keeps a 1,000-character run small and fast.
import {
  PDFDocument,
  PDFName,
  PDFHexString,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  appendBezierCurve,
  beginText,
  closePath,
  concatTransformationMatrix,
  endText,
  fill,
  fillAndStroke,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setDashPattern,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  setStrokingGrayscaleColor,
  setTextMatrix,
  showText,
  stroke,
} from 'pdf-lib';
import type { DrawOp } from './draw';
import { faceMatrix, type Sheet } from './impose';
import { fontkit, type Face, type FontBytes } from './fonts';

export type PdfMeta = { title: string; now: Date };

const r2 = (v: number) => Math.round(v * 100) / 100;

export class PdfWriter {
  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<Face, PDFFont>,
  ) {}

  private readonly encoded: Record<Face, Map<string, PDFHexString>> = { regular: new Map(), bold: new Map() };

  static async create(fonts: FontBytes, meta: PdfMeta): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const regular = await doc.embedFont(fonts.regular, { subset: true });
    const bold = await doc.embedFont(fonts.bold, { subset: true });
    doc.setTitle(meta.title);
    doc.setProducer('Quartermaster (pdf-lib)');
    doc.setCreator('Quartermaster');
    doc.setCreationDate(meta.now);
    doc.setModificationDate(meta.now);
    return new PdfWriter(doc, { regular, bold });
  }

  private encode(face: Face, s: string): PDFHexString {
    const cache = this.encoded[face];
    let hex = cache.get(s);
    if (!hex) {
      hex = this.fonts[face].encodeText(s);
      cache.set(s, hex);
    }
    return hex;
  }

  addSheet(sheet: Sheet, width: number, height: number): PDFPage {
    const page = this.doc.addPage([width, height]);
    const keys: Record<Face, PDFName> = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref),
    };
    const ops: PDFOperator[] = [];
    for (const placed of sheet.faces) {
      ops.push(pushGraphicsState(), concatTransformationMatrix(...faceMatrix(placed).map(r2) as [number, number, number, number, number, number]));
      this.faceOps(placed.face.ops, keys, ops);
      ops.push(popGraphicsState());
    }
    if (sheet.cutMarks.length > 0) {
      ops.push(pushGraphicsState(), setLineWidth(0.3), setStrokingGrayscaleColor(0));
      for (const m of sheet.cutMarks) ops.push(moveTo(r2(m.x1), r2(m.y1)), lineTo(r2(m.x2), r2(m.y2)));
      ops.push(stroke(), popGraphicsState());
    }
    page.pushOperators(...ops);
    return page;
  }

  private faceOps(drawOps: readonly DrawOp[], keys: Record<Face, PDFName>, out: PDFOperator[]): void {
    let inText = false;
    let face: Face | null = null;
    let size = 0;
    for (const o of drawOps) {
      if (o.op === 'text') {
        if (!inText) {
          out.push(beginText(), setFillingGrayscaleColor(0));
          inText = true;
          face = null;
        }
        if (face !== o.face || size !== o.size) {
          out.push(setFontAndSize(keys[o.face], r2(o.size)));
          face = o.face;
          size = o.size;
        }
        out.push(setTextMatrix(1, 0, 0, 1, r2(o.x), r2(o.y)), showText(this.encode(o.face, o.text)));
        continue;
      }
      if (inText) {
        out.push(endText());
        inText = false;
      }
      graphicOps(o, out);
    }
    if (inText) out.push(endText());
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true });
  }
}

/** A non-text drawing operation as PDF operators. */
export function graphicOps(o: Exclude<DrawOp, { op: 'text' }>, out: PDFOperator[]): void {
  switch (o.op) {
    case 'rect': {
      out.push(pushGraphicsState());
      if (o.fill !== undefined) out.push(setFillingGrayscaleColor(o.fill));
      if (o.stroke !== undefined) out.push(setStrokingGrayscaleColor(o.stroke), setLineWidth(o.lineWidth ?? 0.5));
      out.push(rectangle(r2(o.x), r2(o.y), r2(o.w), r2(o.h)));
      out.push(o.fill !== undefined && o.stroke !== undefined ? fillAndStroke() : o.fill !== undefined ? fill() : stroke());
      out.push(popGraphicsState());
      return;
    }
    case 'line':
      out.push(pushGraphicsState(), setStrokingGrayscaleColor(o.gray), setLineWidth(o.width));
      if (o.dash) out.push(setDashPattern(o.dash.map(r2), 0));
      out.push(moveTo(r2(o.x1), r2(o.y1)), lineTo(r2(o.x2), r2(o.y2)), stroke(), popGraphicsState());
      return;
    case 'ellipse': {
      const k = 0.5522847498;
      const { cx, cy, rx, ry } = o;
      out.push(pushGraphicsState());
      if (o.fill !== undefined) out.push(setFillingGrayscaleColor(o.fill));
      if (o.stroke !== undefined) out.push(setStrokingGrayscaleColor(o.stroke), setLineWidth(o.lineWidth ?? 0.5));
      out.push(
        moveTo(r2(cx + rx), r2(cy)),
        appendBezierCurve(r2(cx + rx), r2(cy + ry * k), r2(cx + rx * k), r2(cy + ry), r2(cx), r2(cy + ry)),
        appendBezierCurve(r2(cx - rx * k), r2(cy + ry), r2(cx - rx), r2(cy + ry * k), r2(cx - rx), r2(cy)),
        appendBezierCurve(r2(cx - rx), r2(cy - ry * k), r2(cx - rx * k), r2(cy - ry), r2(cx), r2(cy - ry)),
        appendBezierCurve(r2(cx + rx * k), r2(cy - ry), r2(cx + rx), r2(cy - ry * k), r2(cx + rx), r2(cy)),
        closePath(),
      );
      out.push(o.fill !== undefined && o.stroke !== undefined ? fillAndStroke() : o.fill !== undefined ? fill() : stroke());
      out.push(popGraphicsState());
      return;
    }
    case 'cells': {
      // One filled path in grid units: the smallest content for a QR code.
      out.push(pushGraphicsState(), setFillingGrayscaleColor(0), concatTransformationMatrix(Math.round(o.unit * 1e5) / 1e5, 0, 0, Math.round(o.unit * 1e5) / 1e5, r2(o.x), r2(o.y)));
      for (let i = 0; i < o.runs.length; i += 3) out.push(rectangle(o.runs[i]!, o.runs[i + 1]!, o.runs[i + 2]!, 1));
      out.push(fill(), popGraphicsState());
      return;
    }
  }
}
