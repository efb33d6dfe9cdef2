// Curious Pastimes spell cards: "A spell card of appropriate Rank, Sphere and Day must be torn in
// half, using both hands, when the spell is cast" (rules text 002). One card per allotted casting
// (the derived `spellCards`); both halves carry Rank, Sphere and Day, with a tear line between.
import { bold, centred } from '../flow';
import type { Block } from '../types';
import { serialFor } from '../serial';
import { footerLeft, type CardContext, type CardSpec } from './context';

export function spellCards(ctx: CardContext): CardSpec[] {
  const d = ctx.derivation.derived;
  if (d.ruleset !== 'curious-pastimes') return [];
  const L = ctx.labels;
  return d.spellCards.map((card, i) => {
    const serial = serialFor(ctx.character.id, 'spell', i);
    const header: Block[] = [
      centred('title', bold(`${L.rank} ${card.rank}`)),
      centred('small', L.sphere),
      centred('big', bold(card.sphere)),
      centred('body', bold(`${L.day}: `), card.day),
    ];
    return {
      type: 'spell',
      section: 'spells',
      serial,
      front: { header: [], body: header, footer: { left: footerLeft(L.kind.spell, serial), right: ctx.character.name }, halves: { label: L.tearToCast } },
    };
  });
}
