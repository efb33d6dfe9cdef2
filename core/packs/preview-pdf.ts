// A rules-change preview as a printable PDF: the report's lines (./preview-text.ts) on A4 portrait
// pages in DejaVu Sans, long lines wrapped, "page n of m" at the foot. Pure: the caller passes the
// font bytes (core/pdf/fonts.ts) and the time. The text wrapping and cutting are the check-in
// sheet's (core/desk/sheet-pdf.ts).
import { PDFDocument, grayscale, type PDFFont } from 'pdf-lib';
import { fit, wrap } from '../desk/sheet-pdf';
import { fontkit, FontMetrics, type Face, type FontBytes } from '../pdf/fonts';
import { mm, PAPERS } from '../pdf/layout';
import type { Preview } from './preview';
import { previewLines, type ReportLine } from './preview-text';

/** Sizes in PDF points unless named in mm. */
const LAYOUT = {
  marginMm: 15,
  footerPt: 14,
  lineHeight: 1.25,
  /** Lines a report line may wrap onto: a problem's words with its quote fit in a few. */
  maxWrappedLines: 12,
  style: {
    title: { size: 14, face: 'bold', indent: 0, before: 0 },
    note: { size: 9, face: 'regular', indent: 0, before: 0 },
    heading: { size: 11, face: 'bold', indent: 0, before: 8 },
    item: { size: 9, face: 'bold', indent: 10, before: 2 },
    detail: { size: 9, face: 'regular', indent: 22, before: 0 },
  } satisfies Record<ReportLine['kind'], { size: number; face: Face; indent: number; before: number }>,
  footerTextPt: 7.5,
} as const;

export async function previewPdf(preview: Preview, options: { fonts: FontBytes; now: Date }): Promise<{ bytes: Uint8Array; pages: number }> {
  const metrics = new FontMetrics(options.fonts);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts: Record<Face, PDFFont> = {
    regular: await doc.embedFont(options.fonts.regular, { subset: true }),
    bold: await doc.embedFont(options.fonts.bold, { subset: true }),
  };
  const title = `Rules-change preview: ${preview.pack.name} ${preview.pack.old.version} → ${preview.pack.new.version}`;
  doc.setTitle(title);
  doc.setProducer('Quartermaster (pdf-lib)');
  doc.setCreator('Quartermaster');
  doc.setCreationDate(options.now);
  doc.setModificationDate(options.now);

  const { widthPt: width, heightPt: height } = PAPERS.a4;
  const margin = mm(LAYOUT.marginMm);
  const bottom = margin + LAYOUT.footerPt;
  let page = doc.addPage([width, height]);
  let y = height - margin;
  const lines = [...previewLines(preview), { kind: 'note' as const, text: `Made ${options.now.toISOString().slice(0, 10)} by quartermaster packs preview.` }];
  for (const line of lines) {
    const style = LAYOUT.style[line.kind];
    const face: Face = style.face;
    const lh = style.size * LAYOUT.lineHeight;
    const wrapped = wrap(line.text, width - 2 * margin - style.indent, face, style.size, LAYOUT.maxWrappedLines, metrics);
    // A heading is not left alone at the foot of a page: it keeps the line after it.
    const needed = style.before + lh * (wrapped.length + (line.kind === 'heading' ? 1 : 0));
    if (y - needed < bottom) {
      page = doc.addPage([width, height]);
      y = height - margin;
    } else y -= style.before;
    for (const text of wrapped) {
      y -= lh;
      page.drawText(text, { x: margin + style.indent, y: y + (lh - style.size) / 2, size: style.size, font: fonts[face], color: grayscale(0) });
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const foot = fit(`${title} · page ${i + 1} of ${pages.length}`, width - 2 * margin, 'regular', LAYOUT.footerTextPt, metrics);
    p.drawText(foot, { x: margin, y: margin - LAYOUT.footerTextPt + 2, size: LAYOUT.footerTextPt, font: fonts.regular, color: grayscale(0.3) });
  });
  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pages: pages.length };
}
