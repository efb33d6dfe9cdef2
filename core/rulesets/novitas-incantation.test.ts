import { describe, expect, it } from 'vitest';
import { checkIncantation, incantationWords, INCANTATION_MIN_WORDS } from './novitas-incantation';

const KNOWN = ['Heal', 'Heal Wounds', 'Fireball', 'Purify Spirit'];
const codes = (text: string, spell: string, known = KNOWN) => checkIncantation(text, spell, known).map((p) => p.code);

describe('incantation words', () => {
  it('counts spoken words, ignoring punctuation, case and apostrophes', () => {
    expect(incantationWords("By the Flame's heart — burn, FIREBALL!")).toEqual(['by', 'the', 'flames', 'heart', 'burn', 'fireball']);
  });
});

describe('checkIncantation', () => {
  it('accepts 8 words that name only the spell', () => {
    // by(1) the(2) sacred(3) flame(4) I(5) call(6) forth(7) Fireball(8)
    expect(INCANTATION_MIN_WORDS).toBe(8);
    expect(checkIncantation('By the sacred flame I call forth Fireball', 'Fireball', KNOWN)).toEqual([]);
  });

  it('rejects fewer than 8 words', () => {
    // by the flame I call Fireball = 6 words
    const problems = checkIncantation('By the flame I call Fireball', 'Fireball', KNOWN);
    expect(problems.map((p) => p.code)).toEqual(['nov.incant.too-short']);
    expect(problems[0]!.message).toContain('6 words');
    expect(problems[0]!.message).toContain('8');
  });

  it('does not count punctuation as words', () => {
    // 7 words and two dashes: still too short.
    expect(codes('By the flame — I call — forth Fireball', 'Fireball')).toEqual(['nov.incant.too-short']);
  });

  it('requires the name of the spell being cast', () => {
    const problems = checkIncantation('By the sacred flame I call forth my power', 'Fireball', KNOWN);
    expect(problems.map((p) => p.code)).toEqual(['nov.incant.missing-name']);
    expect(problems[0]!.message).toContain('"Fireball"');
  });

  it('matches the name without case, across punctuation, and as whole words only', () => {
    expect(codes('BY THE SACRED FLAME I CALL FORTH FIREBALL', 'fireball')).toEqual([]);
    expect(codes('By the sacred flame I call forth fireball!', 'Fireball')).toEqual([]);
    // "Fireballs" is not the word "Fireball".
    expect(codes('By the sacred flame I call forth fireballs', 'Fireball')).toEqual(['nov.incant.missing-name']);
    expect(codes('With the light of dawn I purify, spirit, all of you', 'Purify Spirit')).toEqual([]);
  });

  it('rejects a second known spell name (no bluffing)', () => {
    const problems = checkIncantation('Not a Fireball but Heal I cast upon you now', 'Heal', KNOWN);
    expect(problems.map((p) => p.code)).toEqual(['nov.incant.other-spell']);
    expect(problems[0]!.spell).toBe('Fireball');
    expect(problems[0]!.message).toContain('"Fireball"');
  });

  it('does not count "Heal" inside "Heal Wounds" when casting Heal Wounds', () => {
    expect(codes('With gentle light I heal wounds of this body', 'Heal Wounds')).toEqual([]);
  });

  it('hears "Heal Wounds", not "Heal", when casting Heal with those words', () => {
    const problems = checkIncantation('With gentle light I heal wounds of this body', 'Heal', KNOWN);
    expect(problems.map((p) => p.code)).toEqual(['nov.incant.missing-name', 'nov.incant.other-spell']);
    expect(problems[0]!.message).toContain('part of "Heal Wounds"');
    expect(problems[1]!.spell).toBe('Heal Wounds');
  });

  it('accepts "Heal" said apart from "wounds"', () => {
    expect(codes('By the gentle light I heal your many wounds', 'Heal')).toEqual([]);
  });

  it('flags "Heal" said on its own when casting Heal Wounds', () => {
    // "heal wounds" names the spell; the later lone "heal" names the other spell Heal.
    expect(codes('I heal wounds and then I heal you too', 'Heal Wounds')).toEqual(['nov.incant.other-spell']);
  });

  it('checks the name even when the spell is missing from the known list', () => {
    expect(codes('Hear me now spirits I cast a mighty Lightning', 'Lightning', ['Heal'])).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(codes('Heal Fireball', 'Purify Spirit')).toEqual(['nov.incant.too-short', 'nov.incant.missing-name', 'nov.incant.other-spell', 'nov.incant.other-spell']);
  });

  it('says so when no spell is chosen', () => {
    expect(codes('one two three four five six seven eight', '  ')).toEqual(['nov.incant.no-spell-name']);
  });
});
