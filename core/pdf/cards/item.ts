// Item cards (potions, poisons, scrolls, magic items): "the item card must be attached to the item at
// all times" (Curious Pastimes, rules text 002). Every game's items get one. bg-magic scrolls and
// role spells have their own cards (bg-magic.ts).
import type { Item } from '../../model/character';
import { bold, text } from '../flow';
import type { Block } from '../types';
import { serialFor } from '../serial';
import { footerLeft, type CardContext, type CardSpec } from './context';

/** "magic item", "Magic-Item" -> "magic-item", the key of the kind labels. */
export function kindKey(kind: string): string {
  return kind.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

export function itemKindLabel(ctx: CardContext, item: Item): string {
  return ctx.labels.itemKind[kindKey(item.kind)] ?? item.kind;
}

export function itemCard(ctx: CardContext, item: Item, index: number): CardSpec {
  const L = ctx.labels;
  const serial = item.serial?.trim() || serialFor(ctx.character.id, 'item', item.id);
  const kind = itemKindLabel(ctx, item);
  const header: Block[] = [text('title', bold(item.name || '—')), text('small', bold(kind), ` · ${ctx.character.name}`)];
  const body: Block[] = [
    text('body', bold(`${L.expires}: `), item.expires?.trim() || L.notStated),
    ...(item.game?.trim() ? [text('body', bold(`${L.game}: `), item.game)] : []),
    text('body', bold(`${L.effect}: `), item.text || '—'),
    text('small', L.attach),
  ];
  return { type: 'item', section: 'items', serial, front: { header, body, footer: { left: footerLeft(L.kind.item, serial) } } };
}
