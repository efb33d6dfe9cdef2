// Curious Pastimes spell cards ("Casting Spells", rules text 002): "A spell card of appropriate Rank,
// Sphere and Day must be torn in half ... A Rank 2 card may be used to replace a Rank 1 card of the
// same Sphere when casting, but not vice versa."

export type SpellCard = { sphere: string; rank: number; day: string };
export type SpellCardAllotment = SpellCard & { count: number };

/** One entry per card to print, in the order of the allotment. */
export function expandSpellCards(allotment: readonly SpellCardAllotment[]): SpellCard[] {
  const cards: SpellCard[] = [];
  for (const { sphere, rank, day, count } of allotment) {
    for (let i = 0; i < count; i++) cards.push({ sphere, rank, day });
  }
  return cards;
}

export type CastingOptions = {
  /**
   * The text allows only a Rank 2 card for a Rank 1 spell. Whether a card of any higher Rank may
   * stand in for a lower one is not said: false (the default) is the literal reading; true lets any
   * card of Rank >= the spell's stand in.
   */
  higherRanksReplaceLower?: boolean;
};

/** Spheres and Days are names a player types: matched ignoring case and surrounding spaces. */
function same(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The cards that may be torn to cast a spell of this Sphere, Rank and Day: exact-Rank cards first,
 * then stand-ins from the lowest Rank up (tear the cheapest). A stand-in must still be of the same
 * Sphere and Day: it replaces a Rank 1 card, which would have had to be of that Day.
 */
export function cardsThatCanCast<C extends SpellCard>(cards: readonly C[], spell: SpellCard, options: CastingOptions = {}): C[] {
  const fits = (card: C): boolean => {
    if (!same(card.sphere, spell.sphere) || !same(card.day, spell.day)) return false;
    if (card.rank === spell.rank) return true;
    if (options.higherRanksReplaceLower === true) return card.rank > spell.rank;
    return spell.rank === 1 && card.rank === 2;
  };
  return cards
    .map((card, i) => ({ card, i }))
    .filter(({ card }) => fits(card))
    .sort((x, y) => x.card.rank - y.card.rank || x.i - y.i)
    .map(({ card }) => card);
}
