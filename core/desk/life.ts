// Whether a character is out of play — dead, permanently dead or retired — and since when, from
// this event's ledger (within its season, the earlier events' records first: core/season/) or, when
// that records nothing of its life, from its file (a status set at an event outside the season). Such a character's cards are never valid: the desk does not print them
// ("reprint changed" leaves the character out and names it) and every card of theirs verifies as
// not valid, to be handed in at the desk. Pure.
//
// Per game (docs/desk.md, the rule texts): a Curious Pastimes death retires the character ("Your
// character card and all items carried at the time should be handed to a Referee or the Event
// Desk immediately"); a Novitas character is Dead until revived and permanently dead (retired)
// after two convergences; a Fortune's Landing character is dead until returned, permanently dead
// when Plot says so; any character can be retired at the desk.
import type { Character } from '../model/character';
import type { GameId } from '../model/ids';
import { foldDeaths, NOVITAS_PERMANENT_CONVERGENCES, type DeathFold } from './deaths';
import type { DeskEvent } from './event';
import { inSameSeason, seasonEntries } from '../season/entries';

/** The entry kinds that decide a character's life at an event. */
const LIFE_KINDS: ReadonlySet<string> = new Set(['died', 'returned', 'permanent-death', 'retired', 'convergence']);

export type OutOfPlay = {
  /** What the desk says: dead (a death in force), permanently dead, or retired. */
  shown: 'dead' | 'permanent' | 'retired';
  /** The character file is (or becomes) retired: read-only, kept in the library. */
  retired: boolean;
  /** When it began, as recorded (a ledger entry's time, or a history record's); null when not known. */
  since: string | null;
  /** Novitas: the dead convergences counted so far (while Dead). */
  convergences?: number;
  /** What the desk must say as well (Novitas: "permanent: tell the plot marshal"). */
  alert: string | null;
  reason: string | null;
};

/** The parts of a desk row (or character) this needs: its id, game and the file's status. */
export type LifeSource = {
  id: string | null;
  ruleset: GameId | null;
  life?: { status: 'dead' | 'retired'; reason?: string; since?: string; sinceEvent?: string };
};

/** A character's file status as a desk row carries it (absent when active). */
export function fileLife(c: Pick<Character, 'status' | 'statusReason' | 'history'>): LifeSource['life'] {
  if (c.status !== 'dead' && c.status !== 'retired') return undefined;
  const since = statusSince(c.history);
  return { status: c.status, ...(c.statusReason ? { reason: c.statusReason } : {}), ...(since ? { since: since.at, ...(since.eventId ? { sinceEvent: since.eventId } : {}) } : {}) };
}

/** Null when the character is in play (alive, or returned). */
export function outOfPlay(row: LifeSource, event: DeskEvent | null): OutOfPlay | null {
  if (row.id === null || row.ruleset === null) return null;
  // Within a season (core/season/), the earlier events' records first: a death at one event still
  // stands at the next.
  const entries = event ? seasonEntries(event, row.id) : [];
  if (entries.some((e) => LIFE_KINDS.has(e.kind))) return fromFold(foldDeaths(entries, row.ruleset), row.ruleset);
  // A status this season's ledger wrote, and no longer says (the death was undone, or a later event
  // of the season wrote it): the file is not what this event says.
  if (!row.life || (event && row.life.sinceEvent !== undefined && inSameSeason(event, row.life.sinceEvent))) return null;
  const permanent = row.life.status === 'dead' && /permanent/i.test(row.life.reason ?? '');
  return { shown: row.life.status === 'retired' ? 'retired' : permanent ? 'permanent' : 'dead', retired: row.life.status === 'retired', since: row.life.since ?? null, alert: null, reason: row.life.reason ?? null };
}

function fromFold(f: DeathFold, ruleset: GameId): OutOfPlay | null {
  const base = { since: f.since, alert: f.alert, reason: f.reason };
  switch (f.state) {
    case 'alive':
      return null;
    case 'dead':
      return { ...base, shown: 'dead', retired: false, ...(ruleset === 'novitas' ? { convergences: f.convergences } : {}) };
    case 'permanent':
      return { ...base, shown: 'permanent', retired: false };
    case 'retired':
      // A Curious Pastimes death and a Novitas permanent death retire the file; the desk says what happened.
      if (f.lastDeath) return { ...base, shown: ruleset === 'novitas' ? 'permanent' : 'dead', retired: true };
      return { ...base, shown: 'retired', retired: true };
  }
}

/** When a file's status began, from its history: the last death, permanent death or retirement recorded. */
export function statusSince(history: readonly { kind: string; at: string; eventId?: unknown }[] | undefined): { at: string; eventId?: string } | undefined {
  if (!history) return undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i]!;
    if (h.kind === 'died' || h.kind === 'permanent-death' || h.kind === 'retired' || h.kind === 'convergence') return { at: h.at, ...(typeof h.eventId === 'string' ? { eventId: h.eventId } : {}) };
  }
  return undefined;
}

const STATE_WORDS = { dead: 'dead', permanent: 'permanently dead', retired: 'retired' } as const;

/** The state in English words, as the command line and the verify messages say it: "dead since 2 Oct 2026 14:02 (retired)". */
export function outOfPlayWords(o: OutOfPlay, when: (iso: string) => string): string {
  const state = STATE_WORDS[o.shown];
  const since = o.since ? ` since ${when(o.since)}` : '';
  const extra = o.retired && o.shown !== 'retired' ? ' (retired)' : o.convergences !== undefined ? ` (${o.convergences} of ${NOVITAS_PERMANENT_CONVERGENCES} convergences)` : '';
  return `${state}${since}${extra}${o.alert ? `: ${o.alert}` : ''}`;
}

/** As outOfPlayWords with the state in capitals, for a report or sheet line that must stand out: "DEAD since 2026-10-03 14:00 (retired)". */
export function outOfPlayLoud(o: OutOfPlay, when: (iso: string) => string): string {
  const state = STATE_WORDS[o.shown];
  return `${state.toUpperCase()}${outOfPlayWords(o, when).slice(state.length)}`;
}
