// What this event's ledger (within its season: core/season/) says about a character, written into
// its file (format v2): its status (dead, retired), its history of deaths, returns and Tiles of Fate
// across events, and (Fortune's Landing) its deck size. Pure and idempotent: the records of this
// event and the season's earlier ones (by the event's id) are made again from the ledgers each time, so a record written twice, an undo, or a write cut off by a
// crash all come out the same the next time the folder is opened.
import type { Character, HistoryEntry } from '../model/character';
import { FL_TILES_OF_FATE_CLEAN_DECK } from '../rulesets/fortunes-landing-wounds';
import { canonicalJson } from '../format/hash';
import { foldDeaths, type DeathFold } from './deaths';
import type { LedgerEntry } from './entries';
import type { DeskEvent } from './event';
import { foldEvent } from './fold';
import { earlierOf } from '../season/entries';

/** The ledger kinds that go into a character's history. */
const HISTORY_KINDS = new Set(['died', 'returned', 'permanent-death', 'retired', 'convergence', 'new-character']);

type Record_ = HistoryEntry & { eventId?: string; entry?: string; cards?: number; deck?: number };

/** The character's Tiles of Fate deck as its file holds it (8, clean, when absent). */
export function tilesOfFate(c: Character): number {
  const n = (c.fortunesLanding as { tilesOfFate?: unknown } | undefined)?.tilesOfFate;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : FL_TILES_OF_FATE_CLEAN_DECK;
}

/**
 * The character as this event's ledger leaves it — within its season (core/season/), as the
 * season's ledger through this event leaves it: the records of this event and of every earlier one
 * are made again from their ledgers, the status from all of them together, so settling a later
 * event never undoes what an earlier one recorded. The same object when nothing changes. A status
 * set at an event outside the season is left alone unless the season records a death, return or
 * retirement; a status a later event of the season wrote is left alone.
 */
export function applyLedger(c: Character, event: DeskEvent): Character {
  const id = c.id.toLowerCase();
  const own = (foldEvent(event).characters.get(id)?.entries ?? []).filter((e) => HISTORY_KINDS.has(e.kind));
  const parts: { event: Pick<DeskEvent, 'id' | 'name'>; entries: readonly LedgerEntry[] }[] = [
    ...(event.season ? earlierOf(event.season, id).map((b) => ({ event: b.event, entries: b.entries.filter((e) => HISTORY_KINDS.has(e.kind)) })) : []),
    { event, entries: own },
  ];
  const remade = new Set(parts.map((p) => p.event.id.toLowerCase()));
  const later = new Set((event.season?.later ?? []).map((l) => l.toLowerCase()));
  const history = (c.history ?? []) as Record_[];
  const eventOf = (h: Record_) => (typeof h.eventId === 'string' ? h.eventId.toLowerCase() : '');
  const before = history.filter((h) => !remade.has(eventOf(h)) && !later.has(eventOf(h)));
  const after = history.filter((h) => later.has(eventOf(h)));
  const mine = history.filter((h) => remade.has(eventOf(h)));
  const entries = parts.flatMap((p) => p.entries);
  if (entries.length === 0 && mine.length === 0) return c;
  const fl = c.ruleset === 'fortunes-landing';
  // The deck before these events: the file's deck less the cards their records (and a later
  // event's) added; a later event's cards come back on top.
  const cardsOf = (list: readonly Record_[]) => list.reduce((n, h) => n + (h.kind === 'returned' && typeof h.cards === 'number' ? h.cards : 0), 0);
  const deckBefore = tilesOfFate(c) - cardsOf(mine) - cardsOf(after);
  const f = foldDeaths(entries, c.ruleset, deckBefore);
  const deck = { n: deckBefore };
  const records = parts.flatMap((p) => recordsOf(p.entries, p.event, deck, fl ? f.cardReturns : null));
  const next: Character = { ...c, history: [...before, ...records, ...after] };
  if (next.history!.length === 0) delete next.history;
  if (fl) {
    const size = (f.tilesOfFate ?? deckBefore) + cardsOf(after);
    const block = { ...(c.fortunesLanding ?? {}) } as Record<string, unknown>;
    if (size === FL_TILES_OF_FATE_CLEAN_DECK && block.tilesOfFate === undefined) {
      // A clean deck stays implicit.
    } else block.tilesOfFate = size;
    next.fortunesLanding = block as Character['fortunesLanding'];
  }
  // A later event of the season settled this file: its status is that event's to say.
  const status = after.length > 0 ? null : statusOf(f, entries);
  if (status) {
    if (status.status === 'active') {
      delete next.status;
      delete next.statusReason;
    } else {
      next.status = status.status;
      next.statusReason = status.reason;
    }
  }
  return canonicalJson(next) === canonicalJson(c) ? c : next;
}

function statusOf(f: DeathFold, entries: readonly LedgerEntry[]): { status: 'active' | 'dead' | 'retired'; reason?: string } | null {
  if (entries.length === 0) return { status: 'active' };
  switch (f.state) {
    case 'alive':
      return { status: 'active' };
    case 'dead':
      return { status: 'dead', reason: `Died at the event${f.lastDeath?.cause ? ` (${f.lastDeath.cause === 'killing-blow' ? 'killing blow' : 'bled out'})` : ''}; not yet returned` };
    case 'permanent':
      return { status: 'dead', reason: f.reason ?? 'Permanently dead' };
    case 'retired':
      return { status: 'retired', reason: f.reason ?? 'Retired' };
  }
}

/** The history records of one event's entries; `deck` runs on across events (Fortune's Landing). */
function recordsOf(entries: readonly LedgerEntry[], event: Pick<DeskEvent, 'id' | 'name'>, deck: { n: number }, cardReturns: ReadonlySet<string> | null): Record_[] {
  return entries.map((e) => {
    const r: Record_ = { kind: e.kind, at: e.at, event: event.name.slice(0, 200), eventId: event.id, entry: e.id };
    if (e.kind === 'died' && e.cause) r.cause = e.cause;
    if (e.kind === 'returned') {
      if (e.how) r.how = e.how;
      // Only a return from death adds cards (the deck in the file is the fold's; the records agree with it).
      if (cardReturns?.has(e.id) && e.cards !== undefined) {
        deck.n += e.cards;
        r.cards = e.cards;
        r.deck = deck.n;
      }
    }
    if (e.kind === 'permanent-death' && e.when) r.when = e.when;
    if ((e.kind === 'permanent-death' || e.kind === 'retired') && e.reason) r.reason = e.reason;
    if (e.kind === 'new-character') {
      if (e.from) r.from = e.from;
      if (e.points !== undefined) r.points = e.points;
    }
    return r;
  });
}

/** Why a character opens read-only: retired, or permanently dead (null when it may be edited). */
export function readOnlyReasonOf(c: Pick<Character, 'status' | 'statusReason'>): string | null {
  if (c.status === 'retired') return `This character is retired${c.statusReason ? `: ${c.statusReason}` : ''}. It is kept in the library, read-only.`;
  if (c.status === 'dead' && /permanent/i.test(c.statusReason ?? '')) return `This character is permanently dead${c.statusReason ? `: ${c.statusReason}` : ''}. It is kept in the library, read-only.`;
  return null;
}
