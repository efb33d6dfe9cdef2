// A step of the desk's undo history in the window's language, for "Undo …" and "Redo …": named by
// the first entry it made ("death of Brannoc", "transfer of Healing potion to Aldric", "new character
// Brannoc the Younger"), a group's check-in by its player.
import type { LedgerEntry } from '../../core/desk/entries';
import type { DeskStep } from '../../core/desk/undo-redo';
import { foldEvent } from '../../core/desk/fold';
import type { DeskState } from './store';
import type { StringKey, Tools } from '../app/i18n';

export type StepNames = {
  character: (id: string) => string | undefined;
  item: (id: string) => string | undefined;
  entry: (id: string) => LedgerEntry | undefined;
};

/** Names from the rows on screen and entries from the ledger. */
export function stepNames(s: Pick<DeskState, 'desk' | 'event'>): StepNames {
  const rows = s.desk?.rows ?? [];
  const byId = s.event ? foldEvent(s.event).byId : null;
  return {
    character: (id) => rows.find((r) => r.id?.toLowerCase() === id.toLowerCase())?.name,
    item: (id) => rows.flatMap((r) => r.items ?? []).find((i) => i.id.toLowerCase() === id.toLowerCase())?.name,
    entry: (id) => byId?.get(id),
  };
}

/** The step in words, lower case as it goes after "Undo" ("check-in of Priya"). */
export function stepWords(step: DeskStep, names: StepNames, t: Tools['t']): string {
  const first = step.made[0];
  const e = first ? names.entry(first.id) : undefined;
  if (!e) return t('desk.step.unknown');
  const who = (id: string | undefined) => (id ? (names.character(id) ?? t('desk.ledger.detail.unknownCharacter')) : '');
  const name = step.label ?? who(e.character);
  const item = (x: { item: string; name?: string }) => x.name || names.item(x.item) || t('desk.ledger.detail.unknownItem');
  switch (e.kind) {
    case 'check-in':
    case 'check-out':
    case 'died':
    case 'returned':
    case 'convergence':
    case 'permanent-death':
    case 'retired':
    case 'new-character':
    case 'note':
      return t(`desk.step.${e.kind}` as StringKey, { name });
    case 'item-handed-in':
    case 'item-returned':
    case 'item-expired':
      return t(`desk.step.${e.kind}` as StringKey, { name, item: item(e) });
    case 'item-transferred':
      return t('desk.step.item-transferred', { item: item(e), to: who(e.to) });
    case 'bow-competency':
      return t('desk.step.bow-competency', { name: e.player });
    case 'booking':
      return t('desk.step.booking', { count: step.made.length });
    case 'undo': {
      const target = names.entry(e.target);
      return target ? t('desk.step.undo', { step: stepWords({ made: [{ id: target.id }], undone: [], via: 'record' }, names, t) }) : t('desk.step.unknown');
    }
    default:
      return t('desk.step.entry', { kind: t(`desk.ledger.kind.${e.kind}` as StringKey), name });
  }
}

/** The same words starting with a capital, for a sentence of their own ("Death of Brannoc undone"). */
export const capitalised = (words: string) => words.charAt(0).toLocaleUpperCase() + words.slice(1);
