// The desk's undo history, as ledger entries. The ledger is append-only, so undoing and redoing a
// step both append: undo appends an `undo` aimed at each entry the step made; redo appends an
// `undo` aimed at each of those undos.
//
// Why redo is an undo of the undo, not a copy of the undone entry under a new id: the fold already
// reads an undo of an undo as putting its entry back (fold.ts), so the entry keeps its id. The
// records a death writes into a character file name that id (character-record.ts), so a redone
// death is the same record again, not a second death; the ledger shows one death, cancelled and
// back; and a desk merging this ledger sees the same entry come back. Undoing a step again aims new
// undos at the step's own entries (not at the redo), so every undo reads "undoes the death of …".
// Pure.
import type { LedgerEntry } from './entries';
import type { DeskEvent } from './event';
import { foldEvent } from './fold';
import { compareEntries } from './order';
import { newCharacterPoints, normalPlayer } from './deaths';

/** An entry of a step, and the character it names (an undo aimed at it names the same). */
export type StepTarget = { id: string; character?: string };

/** One action of this desk, undone or not. */
export type DeskStep = {
  /** The entries the action made, in the order made (a transfer: the transfer and the void of the giver's card). */
  made: StepTarget[];
  /** While undone: the entries the undo appended (its undos, and what was undone with it as a consequence). */
  undone: StepTarget[];
  /**
   * Check-ins and check-outs are made in the window and appended as they are; everything else goes
   * through Record… in the main process, so that the character files follow the ledger.
   */
  via: 'window' | 'record';
  /** Whose action, when it is a group's (a player's characters checked in at once); otherwise the entry's character names it. */
  label?: string;
};

export const targetsOf = (entries: readonly LedgerEntry[]): StepTarget[] => entries.map((e) => (e.character ? { id: e.id, character: e.character } : { id: e.id }));

/** A check-in or check-out's step (made in the window), or null when it made no entry (checked in already). */
export const windowStep = (entries: readonly LedgerEntry[], label?: string): DeskStep | null => (entries.length === 0 ? null : { made: targetsOf(entries), undone: [], via: 'window', ...(label ? { label } : {}) });

/** What undoing a step cancels (its entries, newest first) and redoing it cancels (the undo's entries, newest first). */
export function cancelsOf(step: DeskStep, doing: 'undo' | 'redo'): StepTarget[] {
  return [...(doing === 'undo' ? step.made : step.undone)].reverse();
}

/** The step once undone by `entries`, and once redone (its undo's entries are cancelled: it stands again). */
export const undoneStep = (step: DeskStep, entries: readonly StepTarget[]): DeskStep => ({ ...step, undone: [...step.undone, ...entries] });
export const redoneStep = (step: DeskStep): DeskStep => ({ ...step, undone: [] });

/** The first entry of a step, by which it is named; null when the ledger no longer holds it. */
export function stepEntry(step: DeskStep, event: DeskEvent): LedgerEntry | null {
  const first = step.made[0];
  return first ? (foldEvent(event).byId.get(first.id) ?? null) : null;
}

/** A new character left standing once the death it followed is undone. */
export type LeftAfterDeath = {
  /** The `new-character` entry. */
  entry: Extract<LedgerEntry, { kind: 'new-character' }>;
  /** The starting points it was made with. */
  points: number;
  /** The starting points a new character of that player would get now (one more per death undone). */
  pointsNow: number;
};

/**
 * Curious Pastimes: the new characters still standing (their `new-character` entry not cancelled)
 * that a player made after one of `deaths` — the deaths just undone. Their starting points counted
 * that death ("One point is deducted from your starting total each time you die and create a new
 * character at an event"), so the desk names them and offers to undo them too. A new character
 * follows a death when it names the dead character (`from`), or when its player is the dead
 * character's and it comes after the death in ledger order (any death of the player counts).
 * `event` is the ledger with the deaths undone; `playerOf` gives a character id's player.
 */
export function leftAfterDeaths(event: DeskEvent, deaths: readonly string[], playerOf: (character: string) => string | undefined): LeftAfterDeath[] {
  const folded = foldEvent(event);
  const dead = deaths.map((id) => folded.byId.get(id)).filter((e): e is LedgerEntry => e?.kind === 'died' && folded.cancelled.has(e.id));
  if (dead.length === 0) return [];
  const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && normalPlayer(a) === normalPlayer(b);
  const out: LeftAfterDeath[] = [];
  for (const e of folded.entries) {
    if (e.kind !== 'new-character' || folded.cancelled.has(e.id)) continue;
    const player = e.player ?? playerOf(e.character);
    const follows = dead.some((d) => compareEntries(d, e) < 0 && (e.from === d.character || same(player, d.character ? playerOf(d.character) : undefined)));
    if (!follows) continue;
    const pointsNow = player === undefined ? (e.points ?? 0) : newCharacterPoints(event, player, playerOf).points;
    out.push({ entry: e, points: e.points ?? pointsNow, pointsNow });
  }
  return out;
}

/** Why a new character undone after its death was undone is retired (kept in the folder, out of play). */
export const RETIRED_AFTER_UNDONE_DEATH = 'Made after a death that was undone';
