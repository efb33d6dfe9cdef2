// Editions of card serials. A card's serial names the card (character, card type, card key:
// core/pdf/serial.ts); its edition counts its prints: the first print is edition 1, every reprint
// the next. The label printed on the card is SERIAL/EDITION ("IT-7K3QM-9XD2F/2").
//
// Several desks share one event and work apart for hours, so two desks must never issue the same
// label for two different physical cards. The desk that made the event file (its `homeDesk`) numbers
// editions plainly; every other desk's editions name the desk with a code from its id
// ("IT-7K3QM-9XD2F/2-K7QM"). Each desk counts the prints it knows of, which only grows, so no desk
// repeats its own label, and no two desks share a form. An event without a home desk (migrated from
// version 1, made before desks had ids) has every desk name itself. When the ledgers meet, the fold
// decides which print is current (the later); the others are void (core/desk/fold.ts).
import { sha256Hex } from '../format/hash';
import { uuidFromText } from '../format/uuid';
import { withoutControlCharacters } from '../format/visible';
import type { DeskEvent } from './event';
import { foldEvent } from './fold';

/** A desk: its id (random, once per installation) and its name (editable; the host name at first). */
export type DeskIdentity = { id: string; name: string };

// Crockford's base 32, as the serials.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters of the desk code: 20 bits, so two of five desks share a code about once in 100,000 events. */
export const DESK_CODE_LENGTH = 4;

/** The desk's code in editions: from SHA-256 of its id. */
export function deskCode(deskId: string): string {
  let n = parseInt(sha256Hex(`quartermaster-desk|${deskId.toLowerCase()}`).slice(0, 8), 16);
  let out = '';
  for (let i = 0; i < DESK_CODE_LENGTH; i++) {
    out = ALPHABET[n & 31]! + out;
    n >>>= 5;
  }
  return out;
}

/** A desk identity for the command line, which has no settings: the id is made from the name. */
export function namedDesk(name: string): DeskIdentity {
  // A host name is not checked by anyone: its control characters (never valid in a desk's name) become spaces.
  const trimmed = withoutControlCharacters(name).trim().slice(0, 60) || 'desk';
  return { id: uuidFromText(`quartermaster-desk-name|${trimmed}`), name: trimmed };
}

/** Whether this desk numbers editions plainly (it made the event file). */
export function isHomeDesk(event: DeskEvent, desk: Pick<DeskIdentity, 'id'>): boolean {
  return event.homeDesk !== undefined && event.homeDesk.toLowerCase() === desk.id.toLowerCase();
}

/**
 * The edition the next print of each serial gets at this desk: one more than the prints of it in the
 * ledger, naming the desk unless it is the home desk.
 */
export function nextEditions(event: DeskEvent, desk: Pick<DeskIdentity, 'id'>): (serial: string) => string {
  const serials = foldEvent(event).serials;
  const suffix = isHomeDesk(event, desk) ? '' : `-${deskCode(desk.id)}`;
  return (serial) => `${(serials.get(serial)?.prints ?? 0) + 1}${suffix}`;
}

/** "2" -> 2, "2-K7QM" -> 2. */
export const editionNumber = (edition: string) => parseInt(edition, 10);
