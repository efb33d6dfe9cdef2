// bg-magic (rules text 004, "Ролеви магии" and "Магически свитъци").
// Role-spell slips: the target "must accept the slip with the spell's text and do what it says".
// The file format has no list of role spells, so a role spell is an item of kind "role-spell" (or
// "slip") whose text is the slip's text. A Conjurer gets one slip per spell; a Witcher gets one per
// dose an alchemy casting can cover (WITCHER_ALCHEMY_MAX_DOSES), since every one who eats or drinks
// a dose receives a slip.
// Scrolls: "last one game or forever, as their maker decides": forever when the item's `expires`
// says "permanent" (or "forever", "завинаги"), else one game, the item's `game`.
import type { Item } from '../../model/character';
import { ROLE_LASTING_EFFECT_MINUTES, WITCHER_ALCHEMY_MAX_DOSES } from '../../rulesets/bg-magic';
import { bold, space, text } from '../flow';
import type { Block } from '../types';
import { serialFor } from '../serial';
import { footerLeft, type CardContext, type CardSpec } from './context';
import { kindKey } from './item';

export function isRoleSpell(item: Item): boolean {
  return ['role-spell', 'slip', 'ролева-магия'].includes(kindKey(item.kind));
}

export function isScroll(item: Item): boolean {
  return ['scroll', 'свитък'].includes(kindKey(item.kind));
}

export function isPermanentScroll(item: Item): boolean {
  return ['permanent', 'forever', 'завинаги'].includes(kindKey(item.expires ?? ''));
}

export function roleSpellSlips(ctx: CardContext, item: Item, index: number): CardSpec[] {
  const { labels: L, character: c } = ctx;
  const copies = c.bgMagic?.style === 'witcher' ? WITCHER_ALCHEMY_MAX_DOSES : 1;
  const order = c.bgMagic?.order?.trim();
  const out: CardSpec[] = [];
  for (let dose = 0; dose < copies; dose++) {
    const serial = serialFor(c.id, 'slip', `${item.id}.${dose}`);
    const header: Block[] = [text('title', bold(item.name || '—')), text('small', bold(L.kind.slip), order ? ` · ${L.order}: ${order}` : '')];
    const body: Block[] = [
      space(0.8),
      text('body', item.text || '—'),
      space(0.8),
      text('small', bold(L.slipAccept)),
      text('small', lastingNote(ctx)),
    ];
    out.push({ type: 'slip', section: 'slips', serial, front: { header, body, footer: { left: footerLeft(L.kind.slip, serial) } } });
  }
  return out;
}

function lastingNote(ctx: CardContext): string {
  return ctx.language === 'bg'
    ? `Продължителните ефекти траят ${ROLE_LASTING_EFFECT_MINUTES} минути и могат да бъдат развалени; еднократните остават.`
    : `Lasting effects last ${ROLE_LASTING_EFFECT_MINUTES} minutes and can be dispelled; one-shot effects stay.`;
}

export function scrollCard(ctx: CardContext, item: Item, index: number): CardSpec {
  const { labels: L, character: c } = ctx;
  const serial = item.serial?.trim() || serialFor(c.id, 'scroll', item.id);
  const order = c.bgMagic?.order?.trim();
  const lasts = isPermanentScroll(item) ? L.scrollForever : L.scrollOneGame(item.game?.trim() ?? '');
  const header: Block[] = [text('title', bold(item.name || '—')), text('small', bold(L.kind.scroll), order ? ` · ${L.order}: ${order}` : '')];
  const body: Block[] = [
    text('body', bold(`${L.scrollLasts}: `), lasts),
    text('body', item.text || '—'),
    text('small', L.scrollUse),
  ];
  return { type: 'scroll', section: 'items', serial, front: { header, body, footer: { left: footerLeft(L.kind.scroll, serial) } } };
}
