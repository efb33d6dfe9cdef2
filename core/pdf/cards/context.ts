// What every card builder gets: the character, its derived values, the words to print and the
// font metrics (figures that carry text measure it).
import type { Character } from '../../model/character';
import type { Derivation } from '../../rulesets/types';
import type { CardContent } from '../types';
import type { FontMetrics } from '../fonts';
import type { CardLanguage, Labels } from '../labels';
import type { CardType } from '../serial';

/** The groups `quartermaster print --cards` chooses from. */
export const CARD_SECTIONS = ['character', 'armour', 'items', 'spells', 'slips', 'tracker', 'token'] as const;
export type CardSection = (typeof CARD_SECTIONS)[number];

export type CardContext = {
  character: Character;
  derivation: Derivation;
  /** contentHash(character): SHA-256 of the character's canonical JSON (core/format/hash.ts contentView). */
  hash: string;
  language: CardLanguage;
  labels: Labels;
  metrics: FontMetrics;
  /** The print date, "YYYY-MM-DD" (injected: the core has no clock). */
  printedOn: string;
  rulesetName: string;
  skillName(id: string): string;
  /** At the event desk: the edition a serial gets in this print (core/desk/editions.ts). */
  editionOf?(serial: string): string;
};

/** One card to print, before layout. A card with a `back` gets it printed on the reverse. */
export type CardSpec = {
  type: CardType;
  section: CardSection;
  serial: string;
  /** The edition, when printed at the event desk; `label` is then "SERIAL/EDITION". */
  edition?: string;
  label?: string;
  front: CardContent;
  back?: CardContent;
};

/** The footer's left part: the card kind and its serial. */
export function footerLeft(kind: string, serial: string): string {
  return `${kind} · ${serial}`;
}

export function ruleErrorCount(ctx: CardContext): number {
  return ruleErrorWords(ctx).length;
}

/**
 * The character's rule errors in words, in the card's language: a player reads what is wrong
 * (never a command to run). A code the language has no words for prints the core's own words.
 */
export function ruleErrorWords(ctx: CardContext, severity: 'error' | 'warning' = 'error'): string[] {
  return ctx.derivation.violations.filter((v) => v.severity === severity).map((v) => {
    const words = ctx.labels.violation[v.code];
    return words && v.params ? words(v.params) : v.message;
  });
}
