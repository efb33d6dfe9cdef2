// The tag lifecycle: which characters need their cards (re)printed for this event, and recording a
// print as a ledger entry. A character is printed when it was never printed for this event or its
// content hash differs from its current print's; the cards of that print are then void.
//
// A card's serial is stable (core/pdf/serial.ts: character, card type, card key) and every print of
// it is a new edition (core/desk/editions.ts), so the void list names exactly the cards to collect:
// "IT-7K3QM-9XD2F/1" void, "IT-7K3QM-9XD2F/2" issued. A serial not printed again is withdrawn.
import type { DeskCharacter } from './characters';
import { duplicateIds } from './characters';
import { cardLabel, type LedgerEntry, type PrintedCard, type PrintedEntry } from './entries';
import { idKey, type DeskEvent } from './event';
import { nextEditions, type DeskIdentity } from './editions';
import { cardFacts, type Facts } from './facts';
import { currentPrint } from './fold';
import { stampOf, withEntries, type Stamp } from './ledger';
import { fileLife, outOfPlay, type OutOfPlay } from './life';

/** A print as the views show it: when, the content hash, the card labels ("IT-…/2") and what the cards said. */
export type PrintRecord = Pick<PrintedEntry, 'at' | 'hash' | 'facts' | 'cards' | 'id' | 'desk'>;

export type ReprintReason = 'never-printed' | 'changed';

export type ReprintEntry = {
  id: string;
  file: string;
  name: string;
  player: string;
  hash: string;
  reason: ReprintReason;
  /** The print it replaces (for "changed"). */
  previous?: PrintRecord;
};

export type ReprintPlan = {
  /** Characters to print, in the files' order. */
  print: ReprintEntry[];
  /** Characters whose last print still matches their content. */
  unchanged: { id: string; file: string; name: string; printedAt: string }[];
  /** Files that cannot be printed: unreadable, or sharing an id with another file. */
  skipped: { file: string; reason: string }[];
  /**
   * Characters not printed because they are dead, permanently dead or retired: their cards are not
   * valid, and `collect` lists the labels of their current print ("CH-…/1") to take back.
   */
  outOfPlay: OutOfPlayEntry[];
};

export type OutOfPlayEntry = { id: string; file: string; name: string; player: string; state: OutOfPlay; collect: string[] };

/** Which characters to print. `only` limits it to those ids (the app's "reprint this one"). */
export function planReprint(characters: readonly DeskCharacter[], event: DeskEvent, only?: readonly string[]): ReprintPlan {
  const wanted = only ? new Set(only.map(idKey)) : null;
  const duplicates = duplicateIds(characters);
  const plan: ReprintPlan = { print: [], unchanged: [], skipped: [], outOfPlay: [] };
  for (const c of characters) {
    if (!c.readable) {
      if (!wanted) plan.skipped.push({ file: c.file, reason: c.problem.message });
      continue;
    }
    const id = idKey(c.character.id);
    if (wanted && !wanted.has(id)) continue;
    const shared = duplicates.get(id);
    if (shared) {
      plan.skipped.push({ file: c.file, reason: `${c.file}: its character id is also in ${shared.filter((f) => f !== c.file).join(', ')}; give the copy a new id first` });
      continue;
    }
    const last = currentPrint(event, id);
    const base = { id, file: c.file, name: c.character.name, player: c.character.player, hash: c.hash };
    // A dead or retired character's cards are never printed as valid (docs/desk.md): left out, named.
    const out = outOfPlay({ id, ruleset: c.character.ruleset, life: fileLife(c.character) }, event);
    if (out) {
      plan.outOfPlay.push({ id, file: c.file, name: base.name, player: base.player, state: out, collect: last ? last.cards.map(cardLabel) : [] });
      continue;
    }
    if (last === undefined) plan.print.push({ ...base, reason: 'never-printed' });
    else if (last.hash !== c.hash) plan.print.push({ ...base, reason: 'changed', previous: last });
    else plan.unchanged.push({ id, file: c.file, name: c.character.name, printedAt: last.at });
  }
  return plan;
}

/**
 * One character's new print: its content hash, the cards printed (serial and edition; an edition
 * left out is the desk's next one), what they say.
 */
export type NewPrint = { id: string; hash: string; cards: readonly (Pick<PrintedCard, 'serial'> & { edition?: string })[]; facts?: Facts };

/** The new print of a loaded character, with its facts. `cards` may be bare serials. */
export function newPrint(c: Extract<DeskCharacter, { readable: true }>, cards: readonly (string | (Pick<PrintedCard, 'serial'> & { edition?: string }))[]): NewPrint {
  return { id: idKey(c.character.id), hash: c.hash, cards: cards.map((x) => (typeof x === 'string' ? { serial: x } : x)), facts: cardFacts(c.character, c.derivation) };
}

export type Voids = {
  id: string;
  /** When the voided cards were printed. */
  printedAt: string;
  /** Labels of cards whose serial is printed again now: that edition is void, the new one is good. */
  reissued: string[];
  /** Labels of cards whose serial is not printed again: void, with no replacement. */
  withdrawn: string[];
  /** The labels the new print issued (absent in results made before editions). */
  issued?: string[];
};

/** What a print voids of the character's print before it. Null for a first print. */
export function voidsOf(previous: PrintedEntry | undefined, print: PrintedEntry): Voids | null {
  if (!previous) return null;
  const now = new Set(print.cards.map((c) => c.serial));
  const old = previous.cards;
  return {
    id: print.character,
    printedAt: previous.at,
    reissued: old.filter((c) => now.has(c.serial)).map(cardLabel),
    withdrawn: old.filter((c) => !now.has(c.serial)).map(cardLabel),
    issued: print.cards.map(cardLabel),
  };
}

/**
 * Records new prints: a "printed" entry each, its cards' editions the desk's next ones where the
 * print does not give them. Returns the new event, the entries and what each print voided.
 */
export function recordPrints(event: DeskEvent, prints: readonly NewPrint[], stamp: Stamp & { deskId?: string }): { event: DeskEvent; entries: LedgerEntry[]; voids: Voids[] } {
  const voids: Voids[] = [];
  const entries: PrintedEntry[] = [];
  const desk: Pick<DeskIdentity, 'id'> = { id: stamp.deskId ?? stamp.desk };
  // One fold of the ledger as it was; prints made in this batch are counted here, so a batch of
  // 2,000 characters does not fold the growing ledger 2,000 times.
  const next = nextEditions(event, desk);
  const extra = new Map<string, number>();
  const latest = new Map<string, PrintedEntry>();
  for (const p of prints) {
    const character = idKey(p.id);
    const seen = new Set<string>();
    const cards = p.cards
      .filter((c) => !seen.has(c.serial) && seen.add(c.serial))
      .map((c) => {
        if (c.edition) return { serial: c.serial, edition: c.edition };
        const base = next(c.serial);
        const n = parseInt(base, 10) + (extra.get(c.serial) ?? 0);
        return { serial: c.serial, edition: `${n}${base.slice(String(parseInt(base, 10)).length)}` };
      });
    for (const c of cards) extra.set(c.serial, (extra.get(c.serial) ?? 0) + 1);
    const entry: PrintedEntry = { ...stampOf(stamp), kind: 'printed', character, hash: p.hash, cards, ...(p.facts ? { facts: p.facts } : {}) };
    const v = voidsOf(latest.get(character) ?? currentPrint(event, character), entry);
    if (v) voids.push(v);
    latest.set(character, entry);
    entries.push(entry);
  }
  return withEntries(event, entries, { entries, voids });
}

/** The cards a print laid out, per source file, once per serial (a card continued on a second card counts once). */
export function cardsBySource(cards: readonly { source: string; spec: { serial: string; edition?: string } }[]): Map<string, { serial: string; edition?: string }[]> {
  const out = new Map<string, { serial: string; edition?: string }[]>();
  for (const card of cards) {
    const list = out.get(card.source) ?? [];
    if (!list.some((c) => c.serial === card.spec.serial)) list.push(card.spec.edition ? { serial: card.spec.serial, edition: card.spec.edition } : { serial: card.spec.serial });
    out.set(card.source, list);
  }
  return out;
}
