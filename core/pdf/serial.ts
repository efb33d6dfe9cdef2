// Serial numbers printed on every card. Deterministic: the same character, card type and index
// always give the same serial, so reprinting a card reproduces it and the desk can track it.
import { sha256Hex } from '../format/hash';

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
 * "IT-7K3QM-9XD2F": the prefix, then the first 50 bits of SHA-256 over "id|type|index" in
 * Crockford base 32. The index counts from 0 within the card type (a slip's is "item.dose").
 * 50 bits keep the chance of two equal serials among a million cards below 1 in 2,000.
 */
export function serialFor(characterId: string, type: CardType, index: number | string): string {
  const hex = sha256Hex(`${characterId.toLowerCase()}|${type}|${index}`);
  // 52 bits from 13 hex digits, of which the top 50 are used (10 base-32 digits).
  let bits = BigInt(`0x${hex.slice(0, 13)}`) >> 2n;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return `${SERIAL_PREFIX[type]}-${out.slice(0, 5)}-${out.slice(5)}`;
}
