// Verifying a card at the desk: the QR text of a character card ("QM1:<ID>:<HASH>", core/pdf/qr.ts)
// against the current files. Match, changed (with what changed, from the facts stored with the
// print), or a character the desk does not know.
import { parseQrPayload } from '../pdf/qr';
import type { DeskCharacter } from './characters';
import { entryOf, type DeskEvent, type PrintRecord } from './event';
import { cardFacts, factChanges } from './facts';

type Who = { id: string; file: string; name: string; player: string };

export type CardCheck =
  | { kind: 'not-a-card'; message: string }
  | { kind: 'unknown'; id: string; message: string }
  | (Who & { kind: 'match'; printedAt: string | null; message: string })
  | (Who & {
      kind: 'changed';
      /** When the scanned card was printed for this event; null when no print with its hash is recorded. */
      printedAt: string | null;
      /** True when a later print replaced the scanned card: it is void. */
      superseded: boolean;
      /** One line per difference, "armour: "3 over torso" → "5 over torso"". */
      changes: string[];
      message: string;
    });

export function verifyCard(qrText: string, characters: readonly DeskCharacter[], event: DeskEvent): CardCheck {
  const parsed = parseQrPayload(qrText);
  if (!parsed) return { kind: 'not-a-card', message: 'This is not a Quartermaster card code (it should read "QM1:" followed by the character id and the content hash).' };
  const found = characters.find((c) => c.readable && c.character.id.toLowerCase() === parsed.id);
  if (!found || !found.readable) {
    const unreadable = characters.filter((c) => !c.readable).length;
    return {
      kind: 'unknown',
      id: parsed.id,
      message: `No character in this folder has the id ${parsed.id}${unreadable ? ` (${unreadable} file${unreadable === 1 ? '' : 's'} could not be read; it may be one of them)` : ''}.`,
    };
  }
  const who: Who = { id: parsed.id, file: found.file, name: found.character.name, player: found.character.player };
  const printed = entryOf(event, parsed.id).printed ?? [];
  const index = findLastIndex(printed, (p) => p.hash === parsed.hash);
  const record: PrintRecord | undefined = index >= 0 ? printed[index] : undefined;
  const printedAt = record?.at ?? null;
  if (parsed.hash === found.hash) {
    return { ...who, kind: 'match', printedAt, message: `The card matches ${found.file}${printedAt ? ` (printed ${printedAt})` : ''}.` };
  }
  const superseded = index >= 0 && index < printed.length - 1;
  const changes = record?.facts
    ? nonEmpty(factChanges(record.facts, cardFacts(found.character, found.derivation)))
    : [record ? 'the character changed since this card was printed; what the card said was not recorded' : 'this card was not printed for this event, so what it said is not known'];
  const when = printedAt ? `printed ${printedAt}` : 'not printed for this event';
  const message = superseded
    ? `This card (${when}) was replaced by a later print: it is void. The character has changed since.`
    : `The character changed since this card was made (${when}): reprint it.`;
  return { ...who, kind: 'changed', printedAt, superseded, changes, message };
}

function nonEmpty(changes: string[]): string[] {
  return changes.length > 0 ? changes : ['only details the card does not show changed'];
}

function findLastIndex<T>(xs: readonly T[], pred: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i]!)) return i;
  return -1;
}
