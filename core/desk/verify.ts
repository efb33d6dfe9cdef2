// Verifying a card at the desk: the QR text of a character card (core/pdf/card-code.ts: "QM2:" with
// the card's serial and edition, or "QM1:" from before editions) against the current files and the
// ledger. Match, changed (with what changed), void (a later edition replaced it, or it was
// withdrawn or voided: "void: replaced by edition 2 on <date>"), or a character the desk does not know.
import { parseCardCode } from '../pdf/card-code';
import type { DeskCharacter } from './characters';
import { cardLabel, type PrintedEntry } from './entries';
import type { DeskEvent } from './event';
import { cardFacts, factChanges, type Facts } from './facts';
import { foldEvent, type VoidCard } from './fold';
import { wallTime } from './sheet';
import { fileLife, outOfPlay, outOfPlayWords, type OutOfPlay } from './life';

type Who = { id: string; file: string; name: string; player: string };

export type CardCheck =
  | { kind: 'not-a-card'; message: string }
  | { kind: 'unknown'; id: string; message: string }
  /** The character is dead, permanently dead or retired: none of its cards is valid, whatever it says. */
  | (Who & { kind: 'not-valid'; state: OutOfPlay; label?: string; message: string })
  | (Who & { kind: 'match'; printedAt: string | null; label?: string; message: string })
  | (Who & {
      kind: 'changed';
      /** When the scanned card was printed for this event; null when no print of it is recorded. */
      printedAt: string | null;
      /** True when the scanned card is void: replaced by a later edition, withdrawn or voided. */
      superseded: boolean;
      /** The scanned card's label ("CH-…/1"), for cards printed with editions. */
      label?: string;
      /** The edition that replaced it. */
      replacedBy?: { label: string; edition: string; at: string };
      /** One line per difference, "armour: "3 over torso" → "5 over torso"". */
      changes: string[];
      message: string;
    });

export function verifyCard(qrText: string, characters: readonly DeskCharacter[], event: DeskEvent): CardCheck {
  const code = parseCardCode(qrText);
  if (!code) return { kind: 'not-a-card', message: 'This is not a Quartermaster card code (it should read "QM2:" or "QM1:" followed by the character id and the content hash).' };
  const found = characters.find((c) => c.readable && c.character.id.toLowerCase() === code.id);
  if (!found || !found.readable) {
    const unreadable = characters.filter((c) => !c.readable).length;
    return {
      kind: 'unknown',
      id: code.id,
      message: `No character in this folder has the id ${code.id}${unreadable ? ` (${unreadable} file${unreadable === 1 ? '' : 's'} could not be read; it may be one of them)` : ''}.`,
    };
  }
  const who: Who = { id: code.id, file: found.file, name: found.character.name, player: found.character.player };
  const out = outOfPlay({ id: code.id, ruleset: found.character.ruleset, life: fileLife(found.character) }, event);
  if (out) {
    const label = code.version === 2 ? code.label : undefined;
    return { ...who, kind: 'not-valid', state: out, ...(label ? { label } : {}), message: `Not valid: ${found.character.name || 'this character'} is ${outOfPlayWords(out, wallTime)}; hand the card${label ? ` ${label}` : ''} in to the desk.` };
  }
  const folded = foldEvent(event);
  const prints = folded.characters.get(code.id)?.prints ?? [];
  const current = folded.characters.get(code.id)?.current ?? null;
  const nowFacts = () => cardFacts(found.character, found.derivation);

  if (code.version === 2) {
    const printed = folded.printedByLabel.get(code.label);
    const dead = folded.voidByLabel.get(code.label);
    if (printed && dead) return voidCheck(who, dead, printed.print, prints, nowFacts);
    if (printed) {
      const at = printed.print.at;
      if (code.hash === found.hash) return { ...who, kind: 'match', printedAt: at, label: code.label, message: `The card ${code.label} is current and matches ${found.file} (printed ${wallTime(at)}).` };
      return {
        ...who,
        kind: 'changed',
        printedAt: at,
        superseded: false,
        label: code.label,
        changes: changesSince(printed.print.facts, nowFacts()),
        message: `The card ${code.label} is the current edition, but the character changed since it was printed (${wallTime(at)}): reprint it.`,
      };
    }
  }
  // A card from before editions, or one whose print this ledger does not hold (another desk's, not merged yet).
  const label = code.version === 2 ? code.label : undefined;
  const index = findLastIndex(prints, (p) => p.hash === code.hash);
  const record = index >= 0 ? prints[index] : undefined;
  const printedAt = record?.at ?? null;
  const unknownPrint = label ? ` This ledger has no print of ${label} (printed at a desk whose ledger is not merged here yet?).` : '';
  if (code.hash === found.hash) {
    return { ...who, kind: 'match', printedAt, ...(label ? { label } : {}), message: `The card matches ${found.file}${printedAt ? ` (printed ${wallTime(printedAt)})` : ''}.${unknownPrint}` };
  }
  const superseded = record !== undefined && record !== current;
  const changes = record ? changesSince(record.facts, nowFacts()) : ['this card was not printed for this event, so what it said is not known'];
  const when = printedAt ? `printed ${wallTime(printedAt)}` : 'not printed for this event';
  const message = superseded
    ? `This card (${when}) was replaced by a later print: it is void${current ? ` (replaced on ${wallTime(current.at)})` : ''}. The character has changed since.`
    : `The character changed since this card was made (${when}): reprint it.${unknownPrint}`;
  return { ...who, kind: 'changed', printedAt, superseded, ...(label ? { label } : {}), changes, message };
}

function voidCheck(who: Who, dead: VoidCard, print: PrintedEntry, prints: readonly PrintedEntry[], nowFacts: () => Facts): CardCheck {
  const base = { ...who, kind: 'changed' as const, printedAt: print.at, superseded: true, label: dead.label };
  if (dead.why === 'replaced' && dead.replacedBy) {
    const by = prints.find((p) => p.id === dead.replacedBy!.printEntry);
    const changes = by ? changesSince(print.facts, by.facts ?? {}, true) : changesSince(print.facts, nowFacts());
    return {
      ...base,
      replacedBy: { label: dead.replacedBy.label, edition: dead.replacedBy.edition, at: dead.replacedBy.at },
      changes,
      message: `void: replaced by edition ${dead.replacedBy.edition} on ${wallTime(dead.replacedBy.at)} (${dead.replacedBy.label}); collect ${dead.label}.`,
    };
  }
  if (dead.why === 'withdrawn') {
    const later = prints.filter((p) => Date.parse(p.at) > Date.parse(print.at) && p.cards.every((c) => c.serial !== dead.serial));
    const when = later[0]?.at;
    return { ...base, changes: changesSince(print.facts, nowFacts()), message: `void: withdrawn${when ? ` on ${wallTime(when)}` : ''} (the card is no longer printed for this character); collect ${dead.label}.` };
  }
  return { ...base, changes: changesSince(print.facts, nowFacts()), message: `void: ${dead.reason ?? 'voided at the desk'}; collect ${dead.label}.` };
}

/** What changed from the facts a card was printed with; `recorded` when `after` is another print's facts. */
function changesSince(before: Facts | undefined, after: Facts, recorded = false): string[] {
  if (!before) return ['what this card said was not recorded'];
  const changes = factChanges(before, after);
  if (changes.length > 0) return changes;
  return [recorded ? 'the new edition says the same (reprinted as it was)' : 'only details the card does not show changed'];
}

function findLastIndex<T>(xs: readonly T[], pred: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i]!)) return i;
  return -1;
}

export { cardLabel };
