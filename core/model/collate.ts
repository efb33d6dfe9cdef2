// The order names and players are listed in: English alphabetical order (case and accents ignored,
// numbers by value, so "Character 9" comes before "Character 10").
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Negative, zero or positive as `a` comes before, with or after `b` in a list of names. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}
