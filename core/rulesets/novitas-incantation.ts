// Novitas incantation checker: "An incantation must be a minimum of 8 words, which must include the
// name of the spell being performed", and "You may not bluff one spell and then cast a different one,
// such as by putting multiple spell names into the incantation."
//
// Incantations are spoken, so the check works on the words a listener hears: case, punctuation and
// apostrophes are ignored ("Heal, wounds" sounds like "Heal Wounds"). A spell name inside a longer
// spell name that is also said is not heard as a name of its own ("Heal" inside "Heal Wounds").
// The rest of the requirements (loud, clear, not gibberish) are for the referee, not the sheet.

import { packNumber } from '../packs/builtin';

/** "An incantation must be a minimum of 8 words." (the game pack) */
export const INCANTATION_MIN_WORDS = packNumber('novitas', 'incantation-min-words');

export type IncantationProblem = {
  code: 'nov.incant.too-short' | 'nov.incant.no-spell-name' | 'nov.incant.missing-name' | 'nov.incant.other-spell';
  message: string;
  /** For other-spell: the other spell named. */
  spell?: string;
};

/** The spoken words: lower case, apostrophes dropped, split on anything not a letter or digit. */
export function incantationWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

type Occurrence = { key: string; start: number; length: number };

function occurrences(words: readonly string[], key: string, nameWords: readonly string[]): Occurrence[] {
  const found: Occurrence[] = [];
  for (let start = 0; start + nameWords.length <= words.length; start++) {
    if (nameWords.every((w, j) => words[start + j] === w)) found.push({ key, start, length: nameWords.length });
  }
  return found;
}

function within(inner: Occurrence, outer: Occurrence): boolean {
  return outer.length > inner.length && outer.start <= inner.start && inner.start + inner.length <= outer.start + outer.length;
}

/** Checks an incantation for `spellName` against the character's known spell names; [] when it is fine. */
export function checkIncantation(text: string, spellName: string, knownSpellNames: readonly string[]): IncantationProblem[] {
  const problems: IncantationProblem[] = [];
  const words = incantationWords(text);
  if (words.length < INCANTATION_MIN_WORDS) {
    problems.push({
      code: 'nov.incant.too-short',
      message: `The incantation has ${words.length} word${words.length === 1 ? '' : 's'}; Novitas requires at least ${INCANTATION_MIN_WORDS}.`,
    });
  }
  const castWords = incantationWords(spellName);
  if (castWords.length === 0) {
    problems.push({ code: 'nov.incant.no-spell-name', message: 'No spell is chosen, so the incantation cannot be checked for its name.' });
    return problems;
  }
  const castKey = castWords.join(' ');

  // Every distinct spell name, keyed by its spoken words; the display name is the first spelling seen.
  const names = new Map<string, string>([[castKey, spellName.trim()]]);
  for (const name of knownSpellNames) {
    const key = incantationWords(name).join(' ');
    if (key !== '' && !names.has(key)) names.set(key, name.trim());
  }
  const all: Occurrence[] = [];
  for (const key of names.keys()) all.push(...occurrences(words, key, key.split(' ')));
  const heard = all.filter((o) => !all.some((other) => other.key !== o.key && within(o, other)));
  const heardKeys = new Set(heard.map((o) => o.key));

  if (!heardKeys.has(castKey)) {
    const swallowed = all.find((o) => o.key === castKey);
    const inside = swallowed && all.find((other) => other.key !== castKey && within(swallowed, other));
    problems.push({
      code: 'nov.incant.missing-name',
      message: inside
        ? `"${names.get(castKey)}" is only said as part of "${names.get(inside.key)}"; Novitas: the incantation must include the name of the spell being cast.`
        : `The incantation does not say the spell's name, "${names.get(castKey)}"; Novitas: it must include the name of the spell being cast.`,
    });
  }
  for (const key of names.keys()) {
    if (key === castKey || !heardKeys.has(key)) continue;
    const other = names.get(key)!;
    problems.push({
      code: 'nov.incant.other-spell',
      spell: other,
      message: `The incantation also names "${other}", another spell; Novitas: you may not put more than one spell name into an incantation, it must convey exactly what you are casting.`,
    });
  }
  return problems;
}
