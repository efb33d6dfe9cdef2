// The order names and players are listed in: English alphabetical order as Intl.Collator('en',
// { sensitivity: 'base', numeric: true }) gives it (case and accents ignored, "Character 9" before
// "Character 10"). The first Intl.Collator (or localeCompare) of a process loads ICU's collation
// data, about 7 ms, a twentieth of the desk's whole report over 2,000 characters, which has nothing
// else for ICU to do. Names in printable ASCII (nearly all of them) are therefore compared here, in
// the order ICU gives them (core/model/collate.test.ts compares the two over thousands of random
// names); any other name goes to the collator, made on first need.

let collator: Intl.Collator | undefined;
const icu = () => (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

/**
 * Each printable ASCII character's place in the root collation order ICU uses for English (its
 * primary weight): spaces, then punctuation and symbols in ICU's order, digits, then letters with
 * upper and lower case alike. Digits are compared as numbers (below) and only need their group.
 */
const ORDER = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz`;
const RANK = new Int8Array(128).fill(-1);
for (let i = 0; i < ORDER.length; i++) RANK[ORDER.charCodeAt(i)] = i;
for (let c = 65; c <= 90; c++) RANK[c] = RANK[c + 32]!;
const DIGITS = RANK[48]!;

/** Printable ASCII only (what ORDER places). */
function plain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 126) return false;
  }
  return true;
}

/** Longer numbers go to the collator. */
const MAX_DIGITS = 30;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Negative, zero or positive as `a` comes before, with or after `b` in a list of names. */
export function compareNames(a: string, b: string): number {
  if (!plain(a) || !plain(b)) return icu().compare(a, b);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      // A run of digits is one number: leading zeros do not count, a longer number is larger.
      let ea = i;
      while (ea < a.length && isDigit(a.charCodeAt(ea))) ea++;
      let eb = j;
      while (eb < b.length && isDigit(b.charCodeAt(eb))) eb++;
      let sa = i;
      while (sa < ea - 1 && a.charCodeAt(sa) === 48) sa++;
      let sb = j;
      while (sb < eb - 1 && b.charCodeAt(sb) === 48) sb++;
      // ICU weighs a long number in pieces; none of a character's names needs that.
      if (ea - sa > MAX_DIGITS || eb - sb > MAX_DIGITS) return icu().compare(a, b);
      if (ea - sa !== eb - sb) return ea - sa - (eb - sb);
      for (let k = 0; k < ea - sa; k++) {
        const d = a.charCodeAt(sa + k) - b.charCodeAt(sb + k);
        if (d !== 0) return d;
      }
      i = ea;
      j = eb;
      continue;
    }
    const ra = isDigit(ca) ? DIGITS : RANK[ca]!;
    const rb = isDigit(cb) ? DIGITS : RANK[cb]!;
    if (ra !== rb) return ra - rb;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}
