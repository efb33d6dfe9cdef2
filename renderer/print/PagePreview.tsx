// The first printed page, drawn as SVG from the core's layout data (the same card faces, drawing
// operations and placement matrices the PDF writer uses), so no PDF has to be embedded in the page:
// the Content-Security-Policy keeps objects, frames and blob: URLs out. Coordinates are PDF points
// with y up, so the page is flipped once and each text run flipped back. Text is stretched to the
// width the core measured with the card font, so lines break where they do on paper.
import { memo } from 'react';
import type { PrintPreview } from '../../core/ipc/contract';
import type { DrawOp } from '../../core/pdf/draw';
import { useT } from '../app/i18n';

/** 0 black … 1 white, as an SVG colour. */
const gray = (g: number) => {
  const v = Math.round(Math.max(0, Math.min(1, g)) * 255);
  return `rgb(${v},${v},${v})`;
};

const r2 = (n: number) => Math.round(n * 100) / 100;

function paint(fill: number | undefined, stroke: number | undefined, lineWidth: number | undefined) {
  return {
    fill: fill === undefined ? 'none' : gray(fill),
    ...(stroke === undefined ? {} : { stroke: gray(stroke), strokeWidth: lineWidth ?? 0.5 }),
  };
}

function Op({ op }: { op: DrawOp }) {
  switch (op.op) {
    case 'text':
      return (
        <text
          transform={`matrix(1 0 0 -1 ${r2(op.x)} ${r2(op.y)})`}
          fontSize={op.size}
          fontWeight={op.face === 'bold' ? 700 : 400}
          {...(op.width > 0 && op.text.trim() !== '' ? { textLength: r2(op.width), lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {op.text}
        </text>
      );
    case 'rect':
      return <rect x={r2(op.x)} y={r2(op.y)} width={r2(op.w)} height={r2(op.h)} {...paint(op.fill, op.stroke, op.lineWidth)} />;
    case 'line':
      return <line x1={r2(op.x1)} y1={r2(op.y1)} x2={r2(op.x2)} y2={r2(op.y2)} stroke={gray(op.gray)} strokeWidth={op.width} {...(op.dash ? { strokeDasharray: op.dash.join(' ') } : {})} />;
    case 'ellipse':
      return <ellipse cx={r2(op.cx)} cy={r2(op.cy)} rx={r2(op.rx)} ry={r2(op.ry)} {...paint(op.fill, op.stroke, op.lineWidth)} />;
    case 'cells': {
      // Runs of QR squares: [column, row, length] in grid units from (x, y).
      let d = '';
      for (let i = 0; i + 2 < op.runs.length; i += 3) d += `M${op.runs[i]} ${op.runs[i + 1]}h${op.runs[i + 2]}v1h-${op.runs[i + 2]}z`;
      return <path transform={`matrix(${op.unit} 0 0 ${op.unit} ${r2(op.x)} ${r2(op.y)})`} d={d} fill="#000" />;
    }
  }
}

export const PagePreview = memo(function PagePreview({ preview }: { preview: PrintPreview }) {
  const { t, tn } = useT();
  const { widthPt: w, heightPt: h } = preview;
  const label = t('print.previewLabel', { cards: tn('print.cardCount', preview.cards), pages: tn('print.pageCount', preview.pages) });
  return (
    <svg className="page-preview" viewBox={`0 0 ${r2(w)} ${r2(h)}`} role="img" aria-label={label} fontFamily="'DejaVu Sans', 'Noto Sans', sans-serif">
      <rect x={0} y={0} width={r2(w)} height={r2(h)} fill="#fff" />
      <g transform={`matrix(1 0 0 -1 0 ${r2(h)})`}>
        {preview.faces.map((face, i) => (
          <g key={i} className="preview-card" transform={`matrix(${face.matrix.map(r2).join(' ')})`}>
            {face.ops.map((op, j) => (
              <Op key={j} op={op} />
            ))}
          </g>
        ))}
        {preview.cutMarks.map((m, i) => (
          <line key={`cut${i}`} x1={r2(m.x1)} y1={r2(m.y1)} x2={r2(m.x2)} y2={r2(m.y2)} stroke="#000" strokeWidth={0.3} />
        ))}
      </g>
    </svg>
  );
});
