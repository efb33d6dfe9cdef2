// The character card, for every game: who it is, the derived values that matter in play, skills,
// and a QR code with the character id and content hash. Its back is for the event desk.
import { tilesOfFate } from '../../desk/character-record';
import { LOCATIONS, type Location } from '../../model/ids';
import type { PackDerived, PackNames } from '../../rulesets/types';
import type { DrawOp } from '../draw';
import { bold, space, text } from '../flow';
import type { Block, FigureArea, FigureBlock, TextBlock } from '../types';
import { mm } from '../layout';
import { cardCodePayload } from '../card-code';
import { qrCells } from '../qr';
import { serialFor } from '../serial';
import { footerLeft, ruleErrorWords, type CardContext, type CardSpec } from './context';

export function characterCard(ctx: CardContext): CardSpec {
  const { character: c, labels: L } = ctx;
  const serial = serialFor(c.id, 'character', 0);
  // At the desk the code names this card's serial and edition (QM2), so a scanned old edition is told apart.
  const edition = ctx.editionOf?.(serial);
  const header: Block[] = [qrFigure(cardCodePayload(c.id, ctx.hash, edition ? `${serial}/${edition}` : undefined)), text('title', bold(c.name || '—')), playerLine(ctx)];
  const body: Block[] = [space(0.8), ...derivedLines(ctx)];
  const errors = ruleErrorWords(ctx);
  if (errors.length > 0) {
    body.push(text('body', bold(`⚠ ${L.ruleErrors(errors.length)}`)));
    for (const e of errors) body.push(text('small', `• ${e}`));
  }
  // Warnings are legal but change play (armour over a mage's entitlement protects as the lighter):
  // the player is told too.
  const notes = ruleErrorWords(ctx, 'warning');
  if (notes.length > 0) {
    body.push(text('body', bold(L.ruleNotes)));
    for (const n of notes) body.push(text('small', `• ${n}`));
  }
  body.push(skillsLine(ctx));
  const back: Block[] = [
    text('body', bold(`${L.characterId}: `), c.id),
    text('body', bold(`${L.contentHash}: `), ctx.hash),
    text('body', bold(`${L.printed}: `), ctx.printedOn),
    space(0.8),
    text('small', L.deskNote),
    text('small', L.onDeath),
  ];
  return {
    type: 'character',
    section: 'character',
    serial,
    front: { header, body, footer: { left: footerLeft(L.kind.character, serial) } },
    back: { header: [text('title', bold(L.kind.characterBack)), text('body', bold(c.name || '—'))], body: back, footer: { left: footerLeft(L.kind.characterBack, serial) } },
  };
}

export function playerLine(ctx: CardContext): TextBlock {
  const L = ctx.labels;
  return text('small', bold(`${L.player}: `), `${ctx.character.player || '—'} · `, bold(`${L.ruleset}: `), ctx.rulesetName);
}

export function locationList(ctx: CardContext, values: Partial<Record<Location, number>>, order: readonly Location[]): string {
  return order
    .filter((l) => values[l] !== undefined)
    .map((l) => `${ctx.labels.locations[l]} ${values[l]}`)
    .join(', ');
}

/** Fortune's Landing: the Tiles of Fate deck ("Each character begins with a clean Deck of eight cards"), from the file. */
function tilesOfFateLine(ctx: CardContext): TextBlock {
  return text('body', bold(`${ctx.labels.tilesOfFate}: `), String(tilesOfFate(ctx.character)));
}

/** The key derived values of each game, as lines for the character card. */
export function derivedLines(ctx: CardContext): TextBlock[] {
  const L = ctx.labels;
  const d = ctx.derivation.derived;
  const c = ctx.character;
  switch (d.ruleset) {
    case 'fortunes-landing': {
      const a = d.armour;
      const ultraLight = d.ultraLight.weapons.length > 0 ? [text('body', bold(`${L.ultraLight}: `), `${d.ultraLight.weapons.join(', ')} (×${d.ultraLight.costMultiplier})`)] : [];
      if (a.areas.length === 0) return [text('body', bold(`${L.armourRating}: `), `0 (${L.noArmour})`), ...ultraLight, tilesOfFateLine(ctx)];
      const lines = [
        text('body', bold(`${L.armourRating}: `), `${a.rating} · `, bold(`${L.threshold}: `), String(a.threshold)),
        text('body', bold(`${L.areas}: `), a.areas.map((x) => L.locations[x]).join(', ') + (a.chosen ? '' : ` (${L.bestAssumed})`)),
      ];
      if (a.costume.pieces.length > 0) lines.push(text('body', bold(`${L.costume}: `), `${a.costume.pieces.join(', ')} (×${a.costume.costMultiplier})`));
      lines.push(...ultraLight, tilesOfFateLine(ctx));
      return lines;
    }
    case 'curious-pastimes': {
      const order = Object.keys(d.hits) as Location[];
      return [
        text('body', bold(`${L.hits}: `), locationList(ctx, d.hits, order)),
        text('body', bold(`${L.vsArrows}: `), locationList(ctx, d.hitsVsArrows, order)),
        text('body', bold(`${L.bodyDevelopment}: `), d.bodyDevelopment ? L.yes : L.no),
      ];
    }
    case 'novitas': {
      const p = d.powerPoints;
      const lines = [text('body', bold(`${L.powerPoints}: `), `${p.pool} · `, bold(`${L.breakCap}: `), `+${p.breakCap} · `, bold(`${L.dailyCap}: `), String(p.dailyCap))];
      const spells = c.novitas?.spells ?? [];
      if (spells.length > 0) lines.push(text('body', bold(`${L.spells}: `), spells.map((s) => `${s.name} ${s.level}`).join(', ')));
      return lines;
    }
    case 'bg-magic': {
      const m = c.bgMagic;
      const lines = [
        text('body', bold(`${L.energy}: `), String(d.energy), m ? ` · ${L.path[m.path]}` : ''),
        text('body', `${L.wears} ${L.armourClass[d.worn]}; ${L.protectsAs} ${L.armourClass[d.armourProtection]}`),
      ];
      if (m?.school?.trim()) lines.push(text('body', bold(`${L.school}: `), m.school));
      if (m?.order?.trim()) lines.push(text('body', bold(`${L.order}: `), m.order + (m.style ? ` (${L.style[m.style]})` : '')));
      return lines;
    }
    case 'pack':
      return packLines(ctx, d);
  }
}

/** A game pack's game: the values the pack names, in the card's language where the pack has it. */
function packLines(ctx: CardContext, d: PackDerived): TextBlock[] {
  const L = ctx.labels;
  const words = (n: PackNames) => (ctx.language === 'bg' ? (n.bg ?? n.en) : n.en);
  const where = (location: string) => ((LOCATIONS as readonly string[]).includes(location) ? L.locations[location as Location] : location);
  const lines: TextBlock[] = [];
  if (d.hits.length > 0) lines.push(text('body', bold(`${L.hits}: `), d.hits.map((h) => `${where(h.location)} ${h.hits}`).join(', ')));
  if (d.armour.length > 0) lines.push(text('body', bold(`${L.armourPoints}: `), d.armour.map((a) => `${where(a.location)} ${words(a.names)}${a.points === undefined ? '' : ` ${a.points}`}`).join(', ')));
  const b = d.budget;
  if (b.spent !== null && b.unit !== null) lines.push(text('body', L.pointsSpent(b.spent, b.available, words(b.unit))));
  return lines;
}

export function skillsLine(ctx: CardContext): TextBlock {
  const L = ctx.labels;
  const skills = ctx.character.skills.map((s) => (s.level > 1 ? `${s.name ?? ctx.skillName(s.id)} ${s.level}` : (s.name ?? ctx.skillName(s.id))));
  return text('body', bold(`${L.skills}: `), skills.length ? skills.join(', ') : L.noSkills);
}

/** The QR code, floated at the top right: about a fifth of the card's width, never under 14 mm. */
export function qrFigure(payload: string): FigureBlock {
  return new QrFigure(payload);
}

/**
 * A class rather than an object of closures: a print makes one per character, and closures made per
 * call are what the bundler's function naming (keepNames) wraps one by one.
 */
class QrFigure implements FigureBlock {
  readonly kind = 'figure';
  readonly float = true;
  /** The code is the same at every size tried; made once. */
  private unit: ReturnType<typeof qrCells> | null = null;

  constructor(private readonly payload: string) {}

  size(area: FigureArea): { width: number; height: number } {
    const side = Math.min(area.height * 0.6, Math.max(mm(14), Math.min(area.width * 0.34, area.height * 0.45, mm(30))));
    return { width: side, height: side };
  }

  draw(x: number, y: number, w: number): DrawOp[] {
    const unit = (this.unit ??= qrCells(this.payload, 0, 0, 1));
    return [{ ...unit, x, y, unit: unit.unit * w }];
  }
}
