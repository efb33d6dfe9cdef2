// What the print dialogs offer: the card groups that apply to each game, the layout numbers a person
// types (whole or decimal millimetres), and the choice remembered between dialogs in one session.
//
// A card that silently is not printed is worse than an error (a Curious Pastimes player without
// their Body Development token does not get the extra hits; a caster without spell cards cannot
// cast). So every print starts with every group that applies to each character's game ticked; what
// is remembered is only which groups the user unticked themselves, per game, and only those stay
// unticked next time, and the dialog says so.
import { CARD_SECTIONS, type CardSection } from '../../core/pdf/cards/context';
import { calibrationFor, defaultPrintChoice, sheetKey, type Calibration, type Paper, type PrintChoice } from '../../core/ipc/contract';
import { isBuiltinRuleset, type GameId, type RulesetId } from '../../core/model/ids';

/**
 * The card groups that can give a character of each game any card (core/pdf/cards/*: the armour tag
 * is Fortune's Landing's, spell cards and the Body Development token Curious Pastimes', role-spell
 * slips bg-magic's, the power-point tracker Novitas'; character and item cards every game's).
 * electron/print/print-pack.test.ts checks this against the card builders.
 */
export const SECTIONS_FOR_RULESET: Record<RulesetId, readonly CardSection[]> = {
  'fortunes-landing': ['character', 'armour', 'items'],
  'curious-pastimes': ['character', 'items', 'spells', 'token'],
  novitas: ['character', 'items', 'tracker'],
  'bg-magic': ['character', 'items', 'slips'],
};

/** The groups that apply to any of these games, in the core's order (every group when none is known). */
/** A game defined only by its pack gets the cards every game gets (core/pdf/cards/index.ts). */
export const SECTIONS_FOR_PACK_GAME: readonly CardSection[] = ['character', 'items'];

const sectionsOf = (r: GameId): readonly CardSection[] => (isBuiltinRuleset(r) ? SECTIONS_FOR_RULESET[r] : SECTIONS_FOR_PACK_GAME);

export function sectionsFor(rulesets: Iterable<GameId | null>): CardSection[] {
  const wanted = new Set<CardSection>();
  for (const r of rulesets) if (r !== null) for (const s of sectionsOf(r)) wanted.add(s);
  return wanted.size === 0 ? [...CARD_SECTIONS] : CARD_SECTIONS.filter((s) => wanted.has(s));
}

/** What a session remembers of the last print: its layout, and the groups the user unticked, per game. */
export type RememberedPrint = {
  layout: Omit<PrintChoice, 'sections'>;
  /** Per game, the groups that applied to it and that the user left out. */
  leftOut: Partial<Record<GameId, CardSection[]>>;
};

/** Which groups were left unticked because the user unticked them before, and for which games. */
export type Narrowed = { section: CardSection; games: GameId[] }[];

const known = (rulesets: Iterable<GameId | null>): GameId[] => [...new Set([...rulesets].filter((r): r is GameId => r !== null))];

/**
 * The choice for a print of these games. Every group that applies is ticked, except one the user
 * unticked for every game here it applies to (a group left out of a Fortune's Landing print stays
 * ticked for a Curious Pastimes character). The layout is the remembered one, else the default on
 * the settings' paper.
 */
export function choiceFor(
  remembered: RememberedPrint | null,
  paper: Paper,
  rulesets: Iterable<GameId | null>,
  printers: { calibrations: readonly Calibration[]; printer: string } = { calibrations: [], printer: '' },
): { choice: PrintChoice; offered: CardSection[]; narrowed: Narrowed } {
  const games = known(rulesets);
  const offered = sectionsFor(games);
  const base = withSavedCorrections(remembered ? { ...remembered.layout, sections: [] } : { ...defaultPrintChoice(paper), printer: printers.printer }, printers.calibrations);
  const narrowed: Narrowed = [];
  const sections = offered.filter((s) => {
    const applies = games.filter((g) => sectionsOf(g).includes(s));
    const leftOutBy = applies.filter((g) => remembered?.leftOut[g]?.includes(s));
    if (applies.length > 0 && leftOutBy.length === applies.length) {
      narrowed.push({ section: s, games: leftOutBy });
      return false;
    }
    return true;
  });
  return { choice: { ...base, sections }, offered, narrowed };
}

/** The choice with the corrections saved for its printer and sheet (unchanged when none are saved). */
export function withSavedCorrections(choice: PrintChoice, calibrations: readonly Calibration[]): PrintChoice {
  const saved = calibrationFor(calibrations, choice.printer, sheetKey(choice));
  return saved ? { ...choice, offsetMm: { ...saved.offsetMm }, backOffsetMm: { ...saved.backOffsetMm } } : choice;
}

/**
 * What to remember after printing `choice` for characters of these games: the layout, and per game
 * the groups of that game the user left unticked (a group ticked again is forgotten as left out).
 */
export function rememberPrint(previous: RememberedPrint | null, choice: PrintChoice, rulesets: Iterable<GameId | null>): RememberedPrint {
  const { sections, ...layout } = choice;
  const leftOut: Partial<Record<GameId, CardSection[]>> = { ...(previous?.leftOut ?? {}) };
  for (const game of known(rulesets)) {
    const out = sectionsOf(game).filter((s) => !sections.includes(s));
    if (out.length > 0) leftOut[game] = out;
    else delete leftOut[game];
  }
  return { layout, leftOut };
}

/** Millimetres as typed: "5", "2.5", "2,5" (a decimal comma, as Bulgarian writes it), "-1". Null when not a number. */
export function parseMm(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d{0,2})?$/.test(t)) return null;
  return Number(t);
}
