// A ledger entry's own fields in English words, for `quartermaster desk log`: the item by its
// name (not its id), who received it, what a death's note said, and what an undo undoes ("undoes
// the death of Brannoc (Alex), recorded 2026-10-03 14:02 at Gate"). The desk view words the same
// entries in the window's language (renderer/desk/DeskLedgerPanels.tsx). Pure.
import { cardLabel, type LedgerEntry } from './entries';
import { wallTime } from './sheet';

/** What each kind is called in a sentence ("undoes the death of …"). */
export const KIND_WORDS: Record<LedgerEntry['kind'], string> = {
  'check-in': 'check-in',
  'check-out': 'check-out',
  printed: 'print',
  voided: 'voiding',
  died: 'death',
  returned: 'return',
  'permanent-death': 'permanent death',
  retired: 'retirement',
  'new-character': 'new character',
  'item-handed-in': 'item handed in',
  'item-returned': 'item returned',
  'item-transferred': 'item transfer',
  'item-expired': 'item expiry',
  'bow-competency': 'bow competency',
  note: 'note',
  undo: 'undo',
  convergence: 'convergence',
  booking: 'booking',
  award: 'points award',
  approved: 'approval',
  'sent-back': 'sending back',
};

export type EntryNames = {
  /** A character's name ("Brannoc (Alex)") by its id; undefined when no file in the folder has it. */
  character: (id: string) => string | undefined;
  /** An item's name by its id, from the folder's files. */
  item: (id: string) => string | undefined;
  byId: ReadonlyMap<string, LedgerEntry>;
};

const HANDED_IN_WHY = { theft: 'after a theft', death: 'after a death', other: 'for another reason' } as const;

/** The entry's own fields in words ("" when it has none). */
export function entryDetail(e: LedgerEntry, names: EntryNames): string {
  const who = (id: string) => names.character(id) ?? `a character not in the folder (${id})`;
  const item = (x: { item: string; name?: string }) => x.name ?? names.item(x.item) ?? `an item not in the folder (${x.item})`;
  switch (e.kind) {
    case 'printed':
      return `cards ${e.cards.map(cardLabel).join(', ')}`;
    case 'voided':
      return `void ${e.cards.map((c) => (c.edition ? `${c.serial}/${c.edition}` : `${c.serial} (every edition)`)).join(', ')}${e.reason ? `: ${e.reason}` : ''}`;
    case 'died':
      return join([e.cause === 'killing-blow' ? 'a killing blow' : e.cause === 'bled-out' ? 'bled out' : '', e.shiftEnd ? 'dead at the end of a shift' : '', e.text ? `note: ${e.text}` : '']);
    case 'returned':
      return join([e.how ? `how: ${e.how}` : '', e.cards !== undefined ? `${e.cards} Tiles of Fate card${e.cards === 1 ? '' : 's'} added` : '']);
    case 'permanent-death':
      return join([e.when ? `at ${e.when}` : '', e.reason ?? '']);
    case 'retired':
      return e.reason ? `reason: ${e.reason}` : '';
    case 'new-character':
      return join([e.from ? `after the death of ${who(e.from)}` : '', e.points !== undefined ? `${e.points} starting points` : '']);
    case 'item-handed-in':
      return `${item(e)}${e.why ? `, ${HANDED_IN_WHY[e.why]}` : ''}`;
    case 'item-returned':
      return `${item(e)}, back to its owner`;
    case 'item-transferred':
      return `${item(e)} to ${who(e.to)}`;
    case 'item-expired':
      return item(e);
    case 'bow-competency':
      return `player ${e.player}`;
    case 'note':
      return e.text;
    case 'booking':
      return join([`${e.booking}: ${e.player}`, e.characterName ? `character ${e.characterName}` : '', e.paid === undefined ? '' : e.paid ? `paid${e.amount ? ` (${e.amount})` : ''}` : 'unpaid']);
    case 'award':
      return `${e.points} point${e.points === 1 ? '' : 's'}: ${e.why}`;
    case 'approved':
      return join([e.from ? `from ${e.from}` : '', `edition ${e.hash.slice(0, 12)}`]);
    case 'sent-back':
      return join([`reason: ${e.reason}`, e.from ? `from ${e.from}` : '']);
    case 'undo': {
      const t = names.byId.get(e.target);
      if (!t) return `undoes an entry not in this ledger (${e.target})`;
      const of = t.character ? ` of ${who(t.character)}` : '';
      return `undoes the ${KIND_WORDS[t.kind]}${of} (recorded ${wallTime(t.at)} at ${t.desk})`;
    }
    default:
      return '';
  }
}

const join = (parts: string[]) => parts.filter(Boolean).join('; ');
