// An event as a desk keeps it open: the header, and a ledger that entries are added to, its fold
// kept up to date (core/desk/fold.ts LedgerFold). The main process's event log service and the desk
// view each hold one, and apply only the entries that are new.
//
// `event` is a snapshot in the shape every desk function takes (DeskEvent): a new object after each
// change, sharing the ledger's one array of entries and its fold. Entries are only ever added, so a
// snapshot kept from before a change sees the ledger as it is now.
import { canonicalJson } from '../format/hash';
import type { LedgerEntry } from './entries';
import type { DeskEvent, EventHeader } from './event';
import type { SeasonPlace } from '../season/types';
import { keepFold, LedgerFold } from './fold';
import { atInstant, deskKeyOf } from './order';

export type Added = {
  /** The entries that were new, as given. */
  added: LedgerEntry[];
  /** Entries whose id the ledger holds with other content: refused (entries are never changed). */
  clashes: LedgerEntry[];
  /** Characters whose fold changed. */
  characters: Set<string>;
};

export class EventLedger {
  readonly fold: LedgerFold;
  /** Each desk's highest `seq`, by its id (lower case), and by name for entries without one. */
  private readonly seqById = new Map<string, number>();
  private readonly seqByName = new Map<string, number>();
  private snapshot: DeskEvent | null = null;

  constructor(
    readonly header: EventHeader,
    entries: readonly LedgerEntry[] = [],
    /** The event's place in its season (core/season/): carried by every snapshot. */
    private season?: SeasonPlace,
  ) {
    this.fold = new LedgerFold();
    this.add(entries);
  }

  get size(): number {
    return this.fold.entries.length;
  }

  get(id: string): LedgerEntry | undefined {
    return this.fold.byId.get(id);
  }

  /** Adds the entries not already in the ledger; an id it holds with other content is a clash, not added. */
  add(entries: readonly LedgerEntry[]): Added {
    const added: LedgerEntry[] = [];
    const clashes: LedgerEntry[] = [];
    /** The entries of this batch by id: a second one with other content is a clash as well. */
    const batch = new Map<string, LedgerEntry>();
    for (const e of entries) {
      const same = this.fold.byId.get(e.id) ?? batch.get(e.id);
      if (same) {
        if (same !== e && canonicalJson(same) !== canonicalJson(e)) clashes.push(e);
        continue;
      }
      batch.set(e.id, e);
      added.push(e);
      const seqs = e.deskId ? this.seqById : this.seqByName;
      const key = e.deskId ? e.deskId.toLowerCase() : e.desk;
      const seq = seqs.get(key);
      if (seq === undefined || (e.seq ?? 0) > seq) seqs.set(key, e.seq ?? 0);
    }
    const characters = this.fold.add(added);
    if (added.length > 0) this.snapshot = null;
    return { added, clashes, characters };
  }

  /**
   * Entries made at this desk, as they are to be appended: each with its desk's next `seq` (one more
   * than that desk's highest, counting the entries before it in the list) and a time not before that
   * desk's latest entry, so one desk's entries keep the order it made them in. An entry that already
   * carries exactly those (stamped by the desk view) is kept as it is. The desk view stamps the
   * entries it shows at once; the main process stamps again what it appends, and where another
   * append of the same desk came first the entry gets the next number.
   */
  stamp(entries: readonly LedgerEntry[]): LedgerEntry[] {
    const seqs = new Map<string, number>();
    const lasts = new Map<string, number>();
    return entries.map((e) => {
      const key = deskKeyOf(e);
      const seq = seqs.get(key) ?? this.nextSeq(e);
      const last = lasts.get(key) ?? this.lastAt(e);
      const instant = Date.parse(e.at);
      const at = instant < last ? atInstant(e.at, last) : e.at;
      seqs.set(key, seq + 1);
      lasts.set(key, Math.max(last, instant));
      return e.seq === seq && at === e.at ? e : { ...e, at, seq };
    });
  }

  /** The next `seq` of the desk that makes `entry` (one more than its highest). */
  nextSeq(entry: Pick<LedgerEntry, 'desk' | 'deskId'>): number {
    const seq = entry.deskId ? this.seqById.get(entry.deskId.toLowerCase()) : this.seqByName.get(entry.desk);
    return (seq ?? 0) + 1;
  }

  /**
   * The latest time (ms) among the entries of the desk that makes `entry`; -Infinity when none. The
   * ledger is in time order, so it is that desk's last entry: found from the end (a desk's own
   * entries are the recent ones).
   */
  lastAt(entry: Pick<LedgerEntry, 'desk' | 'deskId'>): number {
    const key = deskKeyOf(entry);
    const all = this.fold.entries;
    for (let i = all.length - 1; i >= 0; i--) if (deskKeyOf(all[i]!) === key) return Date.parse(all[i]!.at);
    return -Infinity;
  }

  /** A new place in the season (another event file of the season changed): the next snapshot carries it. */
  setSeason(season: SeasonPlace | undefined): void {
    if (season === this.season) return;
    this.season = season;
    this.snapshot = null;
  }

  /** The event as the desk functions take it (see the top of this file). */
  get event(): DeskEvent {
    if (!this.snapshot) {
      this.snapshot = { ...this.header, entries: this.fold.entries, ...(this.season ? { season: this.season } : {}) };
      keepFold(this.snapshot, this.fold);
    }
    return this.snapshot;
  }
}
