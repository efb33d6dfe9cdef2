// What the print dialogs offer: the card groups that apply to each game, the layout numbers a person
// types (whole or decimal millimetres), and the choice remembered between dialogs in one session.
import { CARD_SECTIONS, type CardSection } from '../core/pdf/cards/context';
import type { Paper, PrintChoice } from '../core/ipc/contract';
import { defaultPrintChoice } from '../core/ipc/contract';
import type { RulesetId } from '../core/model/ids';

/**
 * The card groups that can give a character of each game any card (core/pdf/cards/*: the armour tag
 * is Fortune's Landing's, spell cards and the Body Development token Curious Pastimes', role-spell
 * slips bg-magic's, the power-point tracker Novitas'; character and item cards every game's).
 * electron/print-pack.test.ts checks this against the card builders.
 */
export const SECTIONS_FOR_RULESET: Record<RulesetId, readonly CardSection[]> = {
  'fortunes-landing': ['character', 'armour', 'items'],
  'curious-pastimes': ['character', 'items', 'spells', 'token'],
  novitas: ['character', 'items', 'tracker'],
  'bg-magic': ['character', 'items', 'slips'],
};

/** The groups that apply to any of these games, in the core's order (every group when none is known). */
export function sectionsFor(rulesets: Iterable<RulesetId | null>): CardSection[] {
  const wanted = new Set<CardSection>();
  for (const r of rulesets) if (r !== null) for (const s of SECTIONS_FOR_RULESET[r]) wanted.add(s);
  return wanted.size === 0 ? [...CARD_SECTIONS] : CARD_SECTIONS.filter((s) => wanted.has(s));
}

/** The choice for a print of these games: the remembered one, limited to their groups (all of them when none remain). */
export function choiceFor(remembered: PrintChoice | null, paper: Paper, offered: readonly CardSection[]): PrintChoice {
  const base = remembered ?? defaultPrintChoice(paper);
  const sections = base.sections.filter((s) => offered.includes(s));
  return { ...base, sections: sections.length > 0 ? sections : [...offered] };
}

/** Millimetres as typed: "5", "2.5", "2,5" (a decimal comma, as Bulgarian writes it), "-1". Null when not a number. */
export function parseMm(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d{0,2})?$/.test(t)) return null;
  return Number(t);
}
