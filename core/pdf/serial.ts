// Serial numbers printed on every card. Deterministic: the same character, card type and card key
// always give the same serial, so a reprint carries the serial of the card it replaces and the desk
// tells the two apart by the edition (core/desk/editions.ts: "IT-7K3QM-9XD2F/2"). An item's cards
// are keyed by the item's stable id (character file v2), so removing an item above another does not
// change the other's serial; one-of-a-kind cards (character, armour tag, tracker, token) use 0 and
// spell cards their place in the allotment.
import { sha256Bytes } from '../format/hash';

export type CardType = 'character' | 'armour' | 'item' | 'spell' | 'slip' | 'scroll' | 'tracker' | 'token';

/** Two-letter prefixes, so a referee can tell a card's type from its serial alone. */
export const SERIAL_PREFIX: Record<CardType, string> = {
  character: 'CH',
  armour: 'AR',
  item: 'IT',
  spell: 'SP',
  slip: 'SL',
  scroll: 'SC',
  tracker: 'PP',
  token: 'BD',
};

// Crockford's base 32: no I, L, O or U, so serials read aloud or copied by hand stay unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * "IT-7K3QM-9XD2F": the prefix, then the first 50 bits of SHA-256 over "id|type|key" in
 * Crockford base 32. The key is the item's id for item, scroll and slip cards (a slip's is
 * "<item id>.<dose>"), otherwise a number counting from 0 within the card type.
 * 50 bits keep the chance of two equal serials among a million cards below 1 in 2,000.
 */
export function serialFor(characterId: string, type: CardType, key: number | string): string {
  const h = sha256Bytes(`${characterId.toLowerCase()}|${type}|${typeof key === 'string' ? key.toLowerCase() : key}`);
  // The top 50 bits of the hash (the first 13 hex digits shifted right by 2): 32 from the first
  // word, 18 from the second, read as two 25-bit halves of 5 base-32 digits each.
  const word = (i: number) => ((h[i]! << 24) | (h[i + 1]! << 16) | (h[i + 2]! << 8) | h[i + 3]!) >>> 0;
  const w0 = word(0);
  const w1 = word(4);
  const high = w0 >>> 7;
  const low = ((w0 & 0x7f) << 18) | (w1 >>> 14);
  return `${SERIAL_PREFIX[type]}-${base32(high)}-${base32(low)}`;
}

/** Five base-32 digits of a 25-bit number, most significant first. */
function base32(v: number): string {
  return ALPHABET[(v >>> 20) & 31]! + ALPHABET[(v >>> 15) & 31]! + ALPHABET[(v >>> 10) & 31]! + ALPHABET[(v >>> 5) & 31]! + ALPHABET[v & 31]!;
}
