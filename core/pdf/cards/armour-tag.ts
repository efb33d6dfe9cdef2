// Fortune's Landing armour tag: type, rating, Threshold, and the body with every area that is not
// counted filled in ("filling in any areas that are not protected", rules text 001, Armor).
import type { Location } from '../../model/ids';
import type { FortunesLandingDerived } from '../../rulesets/types';
import { bold, space, text } from '../flow';
import type { Block, FigureBlock } from '../types';
import { mm } from '../layout';
import { words } from '../labels';
import { serialFor } from '../serial';
import { silhouette, SILHOUETTE_ASPECT } from '../silhouette';
import { footerLeft, type CardContext, type CardSpec } from './context';
import { playerLine } from './character';

/** One tag per Fortune's Landing character that wears any armour. */
export function armourTags(ctx: CardContext, areasOfGame: readonly Location[]): CardSpec[] {
  const d = ctx.derivation.derived;
  if (d.ruleset !== 'fortunes-landing' || ctx.character.armour.length === 0) return [];
  const { labels: L, character: c } = ctx;
  const a = d.armour;
  const serial = serialFor(c.id, 'armour', 0);
  const counted = new Set<Location>(a.areas);
  const pieces = c.armour.filter((p) => p.locations.some((l) => counted.has(l))).map((p) => `${words(p.type)} (${p.name})`);
  const header: Block[] = [silhouetteFigure(a, areasOfGame, ctx), text('title', bold(c.name || '—')), playerLine(ctx)];
  const body: Block[] = [
    space(0.8),
    text('title', bold(`${L.armourRating}: ${a.rating}`)),
    text('body', bold(`${L.threshold}: `), String(a.threshold)),
    text('body', bold(`${L.armourType}: `), pieces.length ? pieces.join(', ') : L.noArmour),
    text('body', bold(`${L.areas}: `), a.areas.length ? a.areas.map((x) => L.locations[x]).join(', ') + (a.chosen ? '' : ` (${L.bestAssumed})`) : L.noArmour),
  ];
  if (a.costume.pieces.length > 0) body.push(text('body', bold(`${L.costume}: `), `${a.costume.pieces.join(', ')} (×${a.costume.costMultiplier})`));
  body.push(text('small', L.tagLegend));
  return [{ type: 'armour', section: 'armour', serial, front: { header, body, footer: { left: footerLeft(L.kind.armour, serial) } } }];
}

function silhouetteFigure(a: FortunesLandingDerived['armour'], areasOfGame: readonly Location[], ctx: CardContext): FigureBlock {
  return {
    kind: 'figure',
    float: true,
    size: (area) => {
      const height = Math.min(area.height * 0.8, mm(60));
      const width = Math.min(height * SILHOUETTE_ASPECT, area.width * 0.4);
      return { width, height: width / SILHOUETTE_ASPECT };
    },
    draw: (x, y, w, h) => silhouette(x, y, w, h, a.areas, areasOfGame, ctx.metrics),
  };
}
