// The body diagram: one shape per body location (a front view: the character's right side is on the
// viewer's left), each showing its value and whether the selected armour piece covers it. A
// location is a checkbox: click it, or Tab to the diagram (one tab stop: the location last used),
// move with the arrow keys by position (Up from a leg is the torso, Right from the torso the left
// arm) and press Enter or Space, to put the selected piece on it or take it off. With no piece to
// put on, the diagram only shows values and takes no tab stop. Locations the game does not use are
// drawn grey and skipped.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Location } from '../../core/model/ids';
import { locationName } from '../app/format';
import { useT } from '../app/i18n';

type Shape = { kind: 'circle'; cx: number; cy: number; r: number } | { kind: 'rect'; x: number; y: number; w: number; h: number };

/** Shapes in a 240 x 330 view box; the text sits at the centre of each. */
const SHAPES: Record<Location, Shape> = {
  head: { kind: 'circle', cx: 120, cy: 36, r: 28 },
  torso: { kind: 'rect', x: 78, y: 70, w: 84, h: 112 },
  'right-arm': { kind: 'rect', x: 24, y: 70, w: 48, h: 118 },
  'left-arm': { kind: 'rect', x: 168, y: 70, w: 48, h: 118 },
  'right-leg': { kind: 'rect', x: 78, y: 188, w: 40, h: 134 },
  'left-leg': { kind: 'rect', x: 122, y: 188, w: 40, h: 134 },
};

/** How far outside a shape its focus ring runs (the gaps between shapes are 4 units or more). */
const RING_GAP = 2.5;

/** Drawing and Home/End order: top to bottom, the viewer's left to right. */
const ORDER: readonly Location[] = ['head', 'right-arm', 'torso', 'left-arm', 'right-leg', 'left-leg'];

function centre(s: Shape): { x: number; y: number } {
  return s.kind === 'circle' ? { x: s.cx, y: s.cy } : { x: s.x + s.w / 2, y: s.y + s.h / 2 };
}

const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] } as const;

function box(s: Shape): { left: number; top: number; right: number; bottom: number } {
  return s.kind === 'circle' ? { left: s.cx - s.r, top: s.cy - s.r, right: s.cx + s.r, bottom: s.cy + s.r } : { left: s.x, top: s.y, right: s.x + s.w, bottom: s.y + s.h };
}

/**
 * How far a shape may reach back past the edge it is beyond and still count as lying that way: the
 * gaps between shapes are 4 units or more, and an arm's foot lines up with a leg's top.
 */
const EDGE_SLACK = 1;

/**
 * The location an arrow key goes to from `from`, as the shapes are laid out: among the shapes lying
 * wholly beyond `from`'s edge that way (below its bottom for Down, past its right side for Right…),
 * the nearest, a step across the arrow counting double. A shape merely a little that way does not
 * count: the arms' centres sit a few units below the torso's, and Down from the torso went to an arm.
 * So Down from the torso is a leg (the viewer's left one first, as the page reads), Left and Right
 * are the arms, Up from a leg is the torso. None when nothing lies that way (the focus stays).
 */
export function neighbour(from: Location, key: keyof typeof DIRECTIONS, among: readonly Location[]): Location | undefined {
  const [dx, dy] = DIRECTIONS[key];
  const a = centre(SHAPES[from]);
  const edge = box(SHAPES[from]);
  let best: { loc: Location; score: number } | undefined;
  // In drawing order, so that of two equally near (the legs under the torso) the viewer's left wins.
  for (const loc of ORDER) {
    if (loc === from || !among.includes(loc)) continue;
    const near = box(SHAPES[loc]);
    const beyond =
      key === 'ArrowDown' ? near.top >= edge.bottom - EDGE_SLACK : key === 'ArrowUp' ? near.bottom <= edge.top + EDGE_SLACK : key === 'ArrowRight' ? near.left >= edge.right - EDGE_SLACK : near.right <= edge.left + EDGE_SLACK;
    if (!beyond) continue;
    const b = centre(SHAPES[loc]);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    const across = Math.abs((b.x - a.x) * dy + (b.y - a.y) * dx);
    const score = along + 2 * across;
    if (!best || score < best.score) best = { loc, score };
  }
  return best?.loc;
}

export type LocationValue = {
  /** Short text drawn on the shape (a number, a class). */
  value: string;
  /** The words read out with it. */
  description: string;
  /** Counted in the armour rating (Fortune's Landing: among the averaged areas). */
  highlight?: boolean;
};

export function BodyDiagram(props: {
  /** The locations this game uses. */
  locations: readonly Location[];
  values: Partial<Record<Location, LocationValue>>;
  /** The name of the piece being put on, or null when there is none to put on. */
  pieceName: string | null;
  /** Locations the selected piece covers. */
  covered: readonly Location[];
  /** What the light highlight means in this game. */
  highlightLabel: string;
  readOnly: boolean;
  onToggle: (location: Location) => void;
}) {
  const { t } = useT();
  const refs = useRef(new Map<Location, SVGGElement>());
  const used = ORDER.filter((l) => props.locations.includes(l));
  const canToggle = props.pieceName !== null && !props.readOnly;
  // Roving focus: the one location in the tab order (the last one used, at first the torso).
  const [active, setActive] = useState<Location>('torso');
  const current = used.includes(active) ? active : (used[0] ?? 'torso');

  const onKeyDown = (location: Location) => (e: KeyboardEvent<SVGGElement>) => {
    let next: Location | undefined;
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        if (canToggle) props.onToggle(location);
        return;
      case 'ArrowRight':
      case 'ArrowDown':
      case 'ArrowLeft':
      case 'ArrowUp':
        next = neighbour(location, e.key, used);
        break;
      case 'Home':
        next = used[0];
        break;
      case 'End':
        next = used[used.length - 1];
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next) {
      setActive(next);
      refs.current.get(next)?.focus();
    }
  };

  return (
    <figure className="body-diagram">
      <svg viewBox="0 0 240 330" role="group" aria-label={t('diagram.label')} aria-describedby="diagram-help">
        {ORDER.map((location) => {
          const shape = SHAPES[location];
          const c = centre(shape);
          const inGame = props.locations.includes(location);
          const v = props.values[location];
          const covered = props.covered.includes(location);
          const shapeEl =
            shape.kind === 'circle' ? <circle className="shape" cx={shape.cx} cy={shape.cy} r={shape.r} /> : <rect className="shape" x={shape.x} y={shape.y} width={shape.w} height={shape.h} rx={10} />;
          // The focus ring is drawn just outside the shape, on the page, so it shows against any fill.
          const ring =
            shape.kind === 'circle' ? (
              <circle className="focus-ring" cx={shape.cx} cy={shape.cy} r={shape.r + RING_GAP} />
            ) : (
              <rect className="focus-ring" x={shape.x - RING_GAP} y={shape.y - RING_GAP} width={shape.w + 2 * RING_GAP} height={shape.h + 2 * RING_GAP} rx={10 + RING_GAP} />
            );
          if (!inGame) {
            return (
              <g key={location} className="body-part is-unused" aria-hidden="true">
                {shapeEl}
              </g>
            );
          }
          const name = locationName(location);
          // The name starts with the words drawn on the shape, in their order (the location, then
          // its value: WCAG 2.5.3 Label in Name), so "Right arm" said by voice control finds it.
          const label = [
            v?.description ? `${name}, ${v.description}` : name,
            props.pieceName === null ? t('diagram.noPiece') : t(covered ? 'diagram.coveredBy' : 'diagram.notCoveredBy', { piece: props.pieceName }),
          ].join('. ');
          // The full name, on two lines where the shape is narrow (an arm, a leg).
          const words = name.split(' ');
          const lines = shape.kind === 'rect' && shape.w < 60 && words.length > 1 ? [words.slice(0, -1).join(' '), words[words.length - 1]!] : [name];
          return (
            <g
              key={location}
              ref={(el) => {
                if (el) refs.current.set(location, el);
                else refs.current.delete(location);
              }}
              className={`body-part${covered ? ' is-covered' : ''}${v?.highlight ? ' is-counted' : ''}`}
              role="checkbox"
              aria-checked={covered}
              aria-disabled={!canToggle || undefined}
              aria-label={label}
              tabIndex={canToggle && location === current ? 0 : -1}
              data-location={location}
              onFocus={() => setActive(location)}
              onClick={() => canToggle && props.onToggle(location)}
              onKeyDown={onKeyDown(location)}
            >
              {ring}
              {shapeEl}
              <text x={c.x} y={c.y + 16} className="part-name" textAnchor="middle" aria-hidden="true">
                {lines.map((line, k) => (
                  <tspan key={k} x={c.x} dy={k === 0 ? 0 : 12}>
                    {/* A space after each line, so the text reads "Right arm 2", not "Right arm2". */}
                    {`${line} `}
                  </tspan>
                ))}
              </text>
              <text x={c.x} y={c.y - 2} className={`part-value${(v?.value.length ?? 1) > 3 ? ' is-word' : ''}`} textAnchor="middle" aria-hidden="true">
                {v?.value ?? '–'}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="diagram-legend">
          {props.pieceName !== null && (
            <li>
              <span className="swatch swatch-covered" aria-hidden="true" />
              {t('diagram.legendCovered', { piece: props.pieceName })}
            </li>
          )}
          <li>
            <span className="swatch swatch-counted" aria-hidden="true" />
            {props.highlightLabel}
          </li>
        </ul>
        <p id="diagram-help" className="hint">
          {props.pieceName === null ? t('diagram.helpNoPiece') : t('diagram.help', { piece: props.pieceName })}
        </p>
      </figcaption>
    </figure>
  );
}
