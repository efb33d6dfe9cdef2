// Every card a character gets, in print order, for the chosen sections.
import type { Character } from '../../model/character';
import { isBuiltinRuleset, type RulesetId } from '../../model/ids';
import { RULESETS } from '../../rulesets/index';
import { SKILLS_BG } from '../../rulesets/skills-bg';
import type { Derivation } from '../../rulesets/types';
import { contentHash } from '../../format/hash';
import type { FontMetrics } from '../fonts';
import { labelsFor, languageFor, type CardLanguage } from '../labels';
import { armourTags } from './armour-tag';
import { isRoleSpell, isScroll, roleSpellSlips, scrollCard } from './bg-magic';
import { characterCard } from './character';
import { CARD_SECTIONS, type CardContext, type CardSection, type CardSpec } from './context';
import { itemCard } from './item';
import { spellCards } from './spell';
import { powerPointTracker } from './tracker';
import { bodyDevelopmentToken } from './token';

export { CARD_SECTIONS, type CardSection, type CardSpec, type CardContext };

/** A game's skill names by id in a card language, made once per game and language (a print makes a context for every character). */
const skillNames = new Map<string, (id: string) => string>();

function skillNameOf(rulesetId: RulesetId, language: CardLanguage): (id: string) => string {
  const key = `${rulesetId} ${language}`;
  let name = skillNames.get(key);
  if (!name) {
    const names = new Map(RULESETS[rulesetId].skills.map((s) => [s.id, s.name]));
    // A card printed in Bulgarian lists the catalogue skills by their Bulgarian names, as the
    // editor shows them (the mage rules call them "бойни магии" and "ролеви магии").
    if (language === 'bg') for (const [id, words] of Object.entries(SKILLS_BG[rulesetId])) names.set(id, words.name);
    skillNames.set(key, (name = (id) => names.get(id) ?? id));
  }
  return name;
}

/** What every card of the character is made from; `hash` is contentHash(character) when the caller has it. */
export function cardContext(character: Character, derivation: Derivation, metrics: FontMetrics, printedOn: string, language: CardLanguage | 'auto' = 'auto', hash?: string): CardContext {
  const lang = languageFor(character.ruleset, language);
  const d = derivation.derived;
  if (d.ruleset === 'pack') {
    // A pack's game names itself and its skills, in English and Bulgarian where the pack does.
    const inLang = (n: { en: string; bg?: string }) => (lang === 'bg' ? (n.bg ?? n.en) : n.en);
    const names = new Map(d.skills.map((s) => [s.id, inLang(s.names)]));
    return { character, derivation, hash: hash ?? contentHash(character), language: lang, labels: labelsFor(lang), metrics, printedOn, rulesetName: inLang(d.game.names), skillName: (id) => names.get(id) ?? id };
  }
  if (!isBuiltinRuleset(character.ruleset)) throw new Error(`ruleset: '${character.ruleset}' is no built-in game and its derivation is not a pack's`);
  const ruleset = RULESETS[character.ruleset];
  return {
    character,
    derivation,
    hash: hash ?? contentHash(character),
    language: lang,
    labels: labelsFor(lang),
    metrics,
    printedOn,
    // The game's name in the card's language (the Bulgarian game's own players read it in Bulgarian).
    rulesetName: labelsFor(lang).games[character.ruleset] ?? ruleset.name,
    skillName: skillNameOf(character.ruleset, lang),
  };
}

/** The character's cards in the chosen sections, in section order. */
export function cardsFor(ctx: CardContext, sections: readonly CardSection[] = CARD_SECTIONS): CardSpec[] {
  const want = new Set(sections);
  const c = ctx.character;
  const bg = c.ruleset === 'bg-magic';
  const out: CardSpec[] = [];
  if (want.has('character')) out.push(characterCard(ctx));
  if (want.has('armour') && isBuiltinRuleset(c.ruleset)) out.push(...armourTags(ctx, RULESETS[c.ruleset].locations));
  if (want.has('items')) {
    c.items.forEach((item, i) => {
      if (bg && isRoleSpell(item)) return;
      out.push(bg && isScroll(item) ? scrollCard(ctx, item, i) : itemCard(ctx, item, i));
    });
  }
  if (want.has('spells')) out.push(...spellCards(ctx));
  if (want.has('slips') && bg) c.items.forEach((item, i) => isRoleSpell(item) && out.push(...roleSpellSlips(ctx, item, i)));
  if (want.has('tracker')) out.push(...powerPointTracker(ctx));
  if (want.has('token')) out.push(...bodyDevelopmentToken(ctx));
  return out;
}
