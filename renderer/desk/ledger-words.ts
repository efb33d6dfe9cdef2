// A ledger entry's own fields in the window's language, for the ledger panel: the item by its name
// (the entry's, or a file's), the recipient, a death's cause and note, what an undo undoes. The
// command line's English is core/desk/entry-words.ts.
import type { LedgerEntry } from '../../core/desk/entries';
import { LEDGER_KINDS } from '../../core/desk/entries';
import type { StringKey, Tools } from '../app/i18n';

/** A kind in words (the ledger's own code for one this version does not know, say from a newer desk). */
const known = new Set<string>(LEDGER_KINDS);
export const kindWords = (kind: string, t: (key: StringKey) => string) => (known.has(kind) ? t(`desk.ledger.kind.${kind}` as StringKey) : kind);

export type LedgerNames = {
  character: ReadonlyMap<string, string>;
  item: ReadonlyMap<string, string>;
  byId: ReadonlyMap<string, LedgerEntry>;
};

/** The entry's details ("" when it has none). */
export function entryDetails(e: LedgerEntry, names: LedgerNames, tools: Tools): string {
  const { t } = tools;
  const who = (id: string) => names.character.get(id) ?? t('desk.ledger.detail.unknownCharacter');
  const item = (x: { item: string; name?: string }) => x.name || names.item.get(x.item) || t('desk.ledger.detail.unknownItem');
  const join = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join('; ');
  switch (e.kind) {
    case 'printed':
      return t('desk.ledger.detail.cardsPrinted', { labels: e.cards.map((c) => `${c.serial}/${c.edition}`).join(', ') });
    case 'voided':
      return join([e.cards.map((c) => (c.edition ? `${c.serial}/${c.edition}` : c.serial)).join(', '), e.reason && t('desk.ledger.detail.reason', { reason: e.reason })]);
    case 'died':
      return join([e.cause && t(e.cause === 'killing-blow' ? 'desk.record.killingBlow' : 'desk.record.bledOut'), e.shiftEnd && t('desk.ledger.detail.shiftEnd'), e.text && t('desk.ledger.detail.note', { text: e.text })]);
    case 'returned':
      return join([e.how && t('desk.ledger.detail.how', { how: e.how }), e.cards !== undefined && t('desk.ledger.detail.cards', { count: tools.num(e.cards) })]);
    case 'permanent-death':
      return join([e.when && t(e.when === 'dawn' ? 'desk.record.dawn' : 'desk.record.dusk'), e.reason && t('desk.ledger.detail.reason', { reason: e.reason })]);
    case 'retired':
      return e.reason ? t('desk.ledger.detail.reason', { reason: e.reason }) : '';
    case 'new-character':
      return join([e.from && t('desk.ledger.detail.after', { name: who(e.from) }), e.points !== undefined && t('desk.ledger.detail.points', { count: tools.num(e.points) })]);
    case 'item-handed-in':
      return join([item(e), e.why && t('desk.ledger.detail.why', { why: t(`desk.held.why.${e.why}`) })]);
    case 'item-returned':
      return t('desk.ledger.detail.itemBack', { item: item(e) });
    case 'item-transferred':
      return t('desk.ledger.detail.itemTo', { item: item(e), to: who(e.to) });
    case 'item-expired':
      return item(e);
    case 'bow-competency':
      return t('desk.ledger.detail.player', { player: e.player });
    case 'note':
      return e.text;
    case 'booking':
      return join([t('desk.ledger.detail.booking', { booking: e.booking, player: e.player }), e.characterName && t('desk.ledger.detail.bookedCharacter', { name: e.characterName }), e.paid !== undefined && t(e.paid ? 'desk.ledger.detail.paid' : 'desk.ledger.detail.unpaid')]);
    case 'award':
      // The why is the game pack's words (its quote), in the pack's language.
      return `${t('desk.values.points', { points: e.points })}: ${e.why}`;
    case 'sent-back':
      return t('desk.ledger.detail.reason', { reason: e.reason });
    case 'undo': {
      const target = names.byId.get(e.target);
      if (!target) return t('desk.ledger.detail.undoesUnknown');
      const args = { kind: kindWords(target.kind, t), when: tools.when(target.at), desk: target.desk };
      return target.character ? t('desk.ledger.detail.undoes', { ...args, name: who(target.character) }) : t('desk.ledger.detail.undoesEntry', args);
    }
    default:
      return '';
  }
}
