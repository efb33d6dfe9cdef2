// The entries of the event ledger (event file format v2): immutable records, each
// `{ id, at, desk, kind, character?, … }` plus the kind's own fields. Loose objects: a field this
// version does not know survives. A kind this version does not know is refused (a newer kind comes
// with a newer file version). Names here are fixed: other desks and the replication read them.
import * as z from 'zod';
import { deskNameText } from '../model/plain-text';

/** A lower-case UUID: entry ids, character ids and item ids as the ledger keeps them. */
const lowerUuid = (what: string) => z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, `${what} (a lower-case UUID)`);
export const entryId = lowerUuid('an entry id');
export const characterId = lowerUuid('a character id');
const itemId = lowerUuid('an item id');
const isoTime = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 content hash (64 lower-case hex digits)');
const words = (max: number) => z.string().max(max);

/** Most cards one print of one character may list. */
export const MAX_CARDS_PER_PRINT = 2_000;
/** Most card labels one voided entry may name. */
export const MAX_VOIDED_PER_ENTRY = 20_000;
/** Longest an entry may be as JSON (its unknown fields included): core/desk/event-format.ts. */
export { MAX_ENTRY_CHARS } from './event-format';

/** A card serial as core/pdf/serial.ts makes them ("IT-7K3QM-9XD2F"), or a game team's own serial. */
export const serialText = z.string().min(1).max(200);
/**
 * An edition: "2" (the second print of the serial), or "2-K7QM" once it names the desk that printed
 * it (core/desk/editions.ts). The printed label is SERIAL/EDITION.
 */
export const editionText = z.string().regex(/^[1-9][0-9]{0,5}(-[0-9A-HJKMNP-TV-Z]{2,8})?$/, 'an edition ("2", or "2-K7QM" naming the desk)');

export const printedCardSchema = z.looseObject({ serial: serialText, edition: editionText });
export type PrintedCard = z.infer<typeof printedCardSchema>;

const base = {
  id: entryId,
  /** When it happened, on the desk's clock, with its UTC offset. */
  at: isoTime,
  /** The desk's name as it was when the entry was made. */
  desk: deskNameText,
  /** The desk's id (settings `desk.id`), so a renamed desk is still one desk. */
  deskId: z.uuid().optional(),
  /**
   * The desk's own count of the entries it made (1, 2, …), given when the entry is appended: entries
   * of one desk and one instant fold in the order the desk made them (core/desk/order.ts).
   */
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
};
const forCharacter = { ...base, character: characterId };
const maybeCharacter = { ...base, character: characterId.optional() };
const forItem = { ...forCharacter, item: itemId };

/** How a Fortune's Landing character died. */
export const DEATH_CAUSES = ['killing-blow', 'bled-out'] as const;

export const LEDGER_KINDS = [
  'check-in',
  'check-out',
  'printed',
  'voided',
  'died',
  'returned',
  'permanent-death',
  'retired',
  'new-character',
  'item-handed-in',
  'item-returned',
  'item-transferred',
  'item-expired',
  'bow-competency',
  'note',
  'undo',
  'convergence',
  'booking',
  'award',
  'approved',
  'sent-back',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const kinds = {
  'check-in': z.looseObject({ ...forCharacter, kind: z.literal('check-in') }),
  'check-out': z.looseObject({ ...forCharacter, kind: z.literal('check-out') }),
  /** One print of one character's cards: the content hash, every card's serial and edition, and (optional) what the cards said. */
  printed: z.looseObject({
    ...forCharacter,
    kind: z.literal('printed'),
    hash: sha256,
    cards: z.array(printedCardSchema).max(MAX_CARDS_PER_PRINT),
    facts: z.record(z.string().max(100), z.string().max(2_000)).optional(),
  }),
  /** Cards declared void by hand (or by an item changing hands): an edition, or every edition when absent. */
  voided: z.looseObject({
    ...maybeCharacter,
    kind: z.literal('voided'),
    cards: z.array(z.looseObject({ serial: serialText, edition: editionText.optional() })).max(MAX_VOIDED_PER_ENTRY),
    reason: words(500).optional(),
  }),
  /**
   * A death (core/desk/deaths.ts). `cause`: Fortune's Landing "either from having taken a Killing
   * Blow or having bled to death"; `shiftEnd`: Novitas, still Dead at the end of a shift.
   */
  died: z.looseObject({ ...forCharacter, kind: z.literal('died'), cause: z.enum(DEATH_CAUSES).optional(), shiftEnd: z.boolean().optional(), text: words(500).optional() }),
  /** Back from the dead: how, and (Fortune's Landing) how many Tiles of Fate cards were added. */
  returned: z.looseObject({ ...forCharacter, kind: z.literal('returned'), how: words(200).optional(), cards: z.number().int().min(0).max(100).optional() }),
  /** Fortune's Landing: not brought back before dawn or dusk (`when`); Novitas: Dead for 2 convergences. */
  'permanent-death': z.looseObject({ ...forCharacter, kind: z.literal('permanent-death'), when: z.enum(['dawn', 'dusk']).optional(), reason: words(500).optional() }),
  retired: z.looseObject({ ...forCharacter, kind: z.literal('retired'), reason: words(500).optional() }),
  /** A new character made after a death (`from`, the dead one), for `player`, starting at `points`. */
  'new-character': z.looseObject({ ...forCharacter, kind: z.literal('new-character'), from: characterId.optional(), player: words(200).optional(), points: z.number().int().min(0).max(1_000).optional() }),
  /** Handed in at the desk: after a theft ("hand in the Phys Rep so it can be returned to its owner") or a death. */
  'item-handed-in': z.looseObject({ ...forItem, kind: z.literal('item-handed-in'), why: z.enum(['theft', 'death', 'other']).optional(), name: words(200).optional() }),
  'item-returned': z.looseObject({ ...forItem, kind: z.literal('item-returned'), name: words(200).optional() }),
  /** The item moves from `character`'s file to `to`'s (core/desk/custody.ts). */
  'item-transferred': z.looseObject({ ...forItem, kind: z.literal('item-transferred'), to: characterId, name: words(200).optional() }),
  'item-expired': z.looseObject({ ...forItem, kind: z.literal('item-expired'), name: words(200).optional() }),
  /** Novitas: one convergence passed while the character is Dead ("if the Dead condition lasts for 2 convergences…"). */
  convergence: z.looseObject({ ...forCharacter, kind: z.literal('convergence') }),
  'bow-competency': z.looseObject({ ...maybeCharacter, kind: z.literal('bow-competency'), player: words(200).min(1) }),
  note: z.looseObject({ ...maybeCharacter, kind: z.literal('note'), text: words(2_000).min(1) }),
  /**
   * Points awarded to the character for this event by its game pack's advancement (`rule`: the
   * award's id in the pack; core/season/points-award.ts), with why in words. At most one counts per
   * character and event (core/season/points-desk.ts).
   */
  award: z.looseObject({ ...forCharacter, kind: z.literal('award'), points: z.number().int().min(0).max(1_000), rule: words(100).optional(), why: words(1_000) }),
  /** Cancels an earlier entry (which stays in the ledger): undo is never a deletion. */
  undo: z.looseObject({ ...maybeCharacter, kind: z.literal('undo'), target: entryId }),
  /**
   * One booking from an imported booking list (core/season/bookings-import.ts): its id, the player,
   * the character as the list names it (`characterName`) and as matched (`character`), and whether
   * it is paid (absent: the list did not say). A later entry of the same booking id replaces it.
   */
  booking: z.looseObject({
    ...maybeCharacter,
    kind: z.literal('booking'),
    booking: words(200).min(1),
    player: words(200).min(1),
    characterName: words(200).optional(),
    paid: z.boolean().optional(),
    amount: words(50).optional(),
    source: words(300).optional(),
  }),
  /**
   * A referee approved this edition of the character (docs/season.md, "Approval"): `hash` is the
   * content hash of the edition as the folder's file holds it (as a print records it), `received`
   * the hash of the player's file it came from (`from`, its name in the inbox), `previous` the hash
   * of the folder's file it replaced (absent for a new character).
   */
  approved: z.looseObject({ ...forCharacter, kind: z.literal('approved'), hash: sha256, received: sha256.optional(), previous: sha256.optional(), from: words(300).optional() }),
  /** A referee sent this edition back to the player, with the reason in words. */
  'sent-back': z.looseObject({ ...forCharacter, kind: z.literal('sent-back'), hash: sha256, reason: words(2_000).min(1), from: words(300).optional() }),
} satisfies Record<LedgerKind, z.ZodType>;

export const ledgerEntrySchema = z.discriminatedUnion('kind', [
  kinds['check-in'],
  kinds['check-out'],
  kinds.printed,
  kinds.voided,
  kinds.died,
  kinds.returned,
  kinds['permanent-death'],
  kinds.retired,
  kinds['new-character'],
  kinds['item-handed-in'],
  kinds['item-returned'],
  kinds['item-transferred'],
  kinds['item-expired'],
  kinds['bow-competency'],
  kinds.note,
  kinds.undo,
  kinds.convergence,
  kinds.booking,
  kinds.award,
  kinds.approved,
  kinds['sent-back'],
]);

type Kinds = typeof kinds;
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type EntryOf<K extends LedgerKind> = z.infer<Kinds[K]>;
export type PrintedEntry = EntryOf<'printed'>;
export type VoidedEntry = EntryOf<'voided'>;
export type UndoEntry = EntryOf<'undo'>;

/** The schema of one kind, for callers that check a single entry (the replication's documents). */
export const entrySchemaOf = <K extends LedgerKind>(kind: K): Kinds[K] => kinds[kind];

/** The label printed on a card: "IT-7K3QM-9XD2F/2" (core/desk/event-format.ts). */
export { cardLabel } from './event-format';
