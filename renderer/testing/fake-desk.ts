// The main process's side of the event desk, in memory, for the desk view's component tests
// (fake-api.ts binds it to `window.quartermaster`). It follows the IPC contract (core/ipc/desk.ts)
// and what electron/desk/desk.ts and node/event-log/event-log.ts do behind it:
//
// - One log per event file (`FakeEventLog`): the file's lines in the order they were appended, and
//   the main process's EventLedger over what it has read of them.
// - appendDeskEntries validates every entry, skips those already in the ledger, gives each new one
//   its desk's next `seq` (per desk key: deskId, else the desk's name) and a time not before that
//   desk's previous entry, and answers `{ added, external }`: the entries as written, and those
//   others appended since the main process last read the file.
// - Entries made elsewhere reach the window through `onDeskEntries`: at once (the sync taking them
//   in), or when the main process next reads the file (a load or an append: another program wrote
//   it). They can also be kept from the window (`'unannounced'`), so that only a load with the
//   ledger gives them.
// - loadEventFolder honours `ledger: false` (entries null, `count` how many the main process holds).
import { vi } from 'vitest';
import type { AppendOutcome, DeskEntries, DeskEventFile, DeskFolder, DeskViewRow, EventInit, QuartermasterApi, RecordResult } from '../../core/ipc/contract';
import type { DeskIdentity } from '../../core/desk/editions';
import { ledgerEntrySchema, type LedgerEntry } from '../../core/desk/entries';
import { headerOf, newEvent, type DeskEvent, type EventHeader } from '../../core/desk/event';
import { EventLedger } from '../../core/desk/event-ledger';
import { atInstant, deskKeyOf } from '../../core/desk/order';
import { canonicalJson } from '../../core/format/hash';

/** How entries appended elsewhere reach the window. */
export type Arrival =
  /** Pushed at once (the sync's mirror took them in: main sends them as they are written). */
  | 'pushed'
  /** Another program appended them to the file: main reads them at its next load or append, and pushes them then. */
  | 'next-read'
  /** Main holds them but never tells the window (only a load with the ledger gives them). */
  | 'unannounced';

/** One event file as the main process holds it (node/event-log/event-log.ts, in memory). */
export class FakeEventLog {
  /** The file's entry lines, in the order they were appended (the header is `ledger.header`). */
  readonly lines: LedgerEntry[] = [];
  /** What the main process has read of the file: every line up to `read`. */
  readonly ledger: EventLedger;
  private read = 0;
  /** Lines another program appended that main has not read yet, with how the window hears of them once it does. */
  private pendingAnnounce = new Set<string>();

  constructor(
    readonly path: string,
    header: EventHeader,
    entries: readonly LedgerEntry[],
    private readonly push: (update: DeskEntries) => void,
  ) {
    this.ledger = new EventLedger(header, []);
    for (const e of entries) this.lines.push(ledgerEntrySchema.parse(e));
    this.catchUp(false);
  }

  get header(): EventHeader {
    return this.ledger.header;
  }

  /** The event as main holds it (ledger order). */
  get event(): DeskEvent {
    return this.ledger.event;
  }

  /** Appends entries made at a desk (see the top of this file); `external` is what main read first. */
  append(entries: readonly LedgerEntry[]): AppendOutcome {
    const checked = entries.map((e, i) => checkEntry(e, this.path, i));
    const external = this.catchUp(true);
    const fresh: LedgerEntry[] = [];
    const given = new Map<string, LedgerEntry>();
    for (const e of checked) {
      const twice = given.get(e.id);
      const same = twice ? undefined : this.ledger.get(e.id);
      if (twice || same) {
        if (twice ? canonicalJson(twice) !== canonicalJson(e) : !holds(same!, e)) throw new Error(`${this.path}: entry ${e.id} is already in the ledger with other content; entries are never changed`);
        continue;
      }
      given.set(e.id, e);
      fresh.push(this.stamped(e, fresh));
    }
    this.lines.push(...fresh);
    this.read = this.lines.length;
    this.ledger.add(fresh);
    return { added: fresh, external };
  }

  /**
   * Entries another desk or program appends to the file (stamped as its own log would: its desk's
   * next seq). Returns them as written.
   */
  appendElsewhere(entries: readonly LedgerEntry[], arrival: Arrival): LedgerEntry[] {
    const checked = entries.map((e, i) => checkEntry(e, this.path, i));
    // Stamped against the whole file, as the other writer reads it under the lock.
    const all = new EventLedger(this.header, this.lines);
    const fresh: LedgerEntry[] = [];
    for (const e of checked) {
      if (all.get(e.id) || fresh.some((f) => f.id === e.id)) continue;
      fresh.push(stampedBy(all, e, fresh));
    }
    this.lines.push(...fresh);
    if (arrival === 'unannounced') this.catchUp(false);
    else {
      for (const e of fresh) this.pendingAnnounce.add(e.id);
      if (arrival === 'pushed') this.catchUp(true);
    }
    return fresh;
  }

  /** Main reads what was appended since it last read (and pushes to the window what it should). Returns what was new to it. */
  catchUp(announce: boolean): LedgerEntry[] {
    if (this.read >= this.lines.length) return [];
    const lines = this.lines.slice(this.read);
    this.read = this.lines.length;
    const { added } = this.ledger.add(lines);
    const told = announce ? added.filter((e) => this.pendingAnnounce.has(e.id)) : [];
    for (const e of added) this.pendingAnnounce.delete(e.id);
    if (told.length > 0) this.push({ eventFile: this.path, entries: told });
    return added;
  }

  /** An entry made here, with its desk's next `seq` and a time not before that desk's last entry. */
  private stamped(e: LedgerEntry, before: readonly LedgerEntry[]): LedgerEntry {
    return stampedBy(this.ledger, e, before);
  }
}

/** As node/event-log/event-log.ts `stamped`: the desk's next seq, and a time not before its last entry. */
function stampedBy(ledger: EventLedger, e: LedgerEntry, before: readonly LedgerEntry[]): LedgerEntry {
  const mine = before.filter((b) => deskKeyOf(b) === deskKeyOf(e));
  const seq = e.seq ?? Math.max(ledger.nextSeq(e), ...mine.map((b) => (b.seq ?? 0) + 1));
  const last = Math.max(ledger.lastAt(e), ...mine.map((b) => Date.parse(b.at)));
  const at = Date.parse(e.at) < last ? atInstant(e.at, last) : e.at;
  return { ...e, at, seq };
}

/** Whether `e` (made at a desk) is the entry the ledger holds: the same, or the same once given the seq and time it was written with. */
function holds(stored: LedgerEntry, e: LedgerEntry): boolean {
  if (canonicalJson(stored) === canonicalJson(e)) return true;
  const at = Date.parse(e.at) < Date.parse(stored.at) ? atInstant(e.at, Date.parse(stored.at)) : e.at;
  return canonicalJson(stored) === canonicalJson({ ...e, at, ...(stored.seq !== undefined ? { seq: e.seq ?? stored.seq } : {}) });
}

function checkEntry(entry: LedgerEntry, path: string, i: number): LedgerEntry {
  const parsed = ledgerEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: new entry ${i}: field "${issue.path.join('.') || '(entry)'}": ${issue.message}; nothing was written`);
  }
  return parsed.data;
}

/** An event folder as the fake main process reads it. */
export type FakeEventFolder = {
  folder: string;
  /** Its character rows (a function: read again at every load, so a test can change a file "on disk"). */
  rows: DeskViewRow[] | (() => DeskViewRow[]);
  /** Its event file (there or not: `logs`). */
  eventFile: string;
  /** What a new event file would hold, while there is none. */
  suggested: EventInit;
  deskIdentity?: DeskIdentity;
};

export type FakeDesk = {
  folders: Map<string, FakeEventFolder>;
  /** The event files, by path. */
  logs: Map<string, FakeEventLog>;
  /** The folder "Open event folder…" answers with (null: cancelled). */
  chosen: string | null;
  /**
   * Adds an event folder: its rows, and its event file when `event` is given (`null`: none yet,
   * `suggested` offered). "Open event folder…" answers with it. Returns the event file's log.
   */
  addFolder(init: { folder: string; rows: FakeEventFolder['rows']; eventFile?: string; event: DeskEvent | null; suggested?: EventInit; deskIdentity?: DeskIdentity }): FakeEventLog | null;
  /** The folder as loadEventFolder answers (with the ledger unless `ledger` is false). */
  folderOf(folder: string, eventFile?: string, ledger?: boolean): DeskFolder;
  log(eventFile: string): FakeEventLog;
  /** Another desk or program appends entries (see `Arrival`); returns them as written. */
  appendElsewhere(eventFile: string, entries: readonly LedgerEntry[], arrival?: Arrival): LedgerEntry[];
  /** What Record… or a reprint answers: its entries appended by main, with what others appended meanwhile. */
  recordEntries(eventFile: string, entries: readonly LedgerEntry[]): LedgerEntry[];
  /** Record…'s answer (electron/desk/record.ts): the entries appended, and the folder read again without the ledger. */
  recordResult(folder: string, eventFile: string, entries: readonly LedgerEntry[], written?: string[]): RecordResult;
};

/** The fake main process's desk, and the desk methods of the API bound to it. */
export function fakeDesk(push: (update: DeskEntries) => void): { desk: FakeDesk; methods: Pick<QuartermasterApi, 'openEventFolder' | 'loadEventFolder' | 'createEvent' | 'appendDeskEntries'> } {
  const folders = new Map<string, FakeEventFolder>();
  const logs = new Map<string, FakeEventLog>();

  const folderNamed = (folder: string) => {
    const f = folders.get(folder);
    if (!f) throw new Error(`${folder}: the event folder does not exist (was it moved or deleted?)`);
    return f;
  };

  const eventFileOf = (f: FakeEventFolder, path: string, withEntries: boolean): DeskEventFile => {
    const log = logs.get(path);
    if (!log) return { kind: 'none', path, suggested: f.suggested };
    // Reading the file first: main's shared log catches up with other programs (and tells the window).
    log.catchUp(true);
    return { kind: 'file', path, header: log.header, entries: withEntries ? [...log.event.entries] : null, count: log.ledger.size, problems: [] };
  };

  const desk: FakeDesk = {
    folders,
    logs,
    chosen: null,
    addFolder({ folder, rows, eventFile, event, suggested, deskIdentity }) {
      const name = folder.split('/').pop() || 'Event';
      const path = eventFile ?? `${folder}/${event?.name ?? name}.event.json`;
      const today = '2026-10-02';
      folders.set(folder, { folder, rows, eventFile: path, suggested: suggested ?? { name, game: '', start: today, end: today }, ...(deskIdentity ? { deskIdentity } : {}) });
      desk.chosen = folder;
      if (!event) return null;
      const log = new FakeEventLog(path, headerOf(event), event.entries, push);
      logs.set(path, log);
      return log;
    },
    folderOf(folder, eventFile, ledger = true) {
      const f = folderNamed(folder);
      const path = eventFile ?? f.eventFile;
      if (!path.startsWith(`${folder}/`)) throw new Error(`eventFile "${path}" is not in the event folder ${folder}`);
      const rows = typeof f.rows === 'function' ? f.rows() : f.rows;
      return { folder, rows, eventFile: eventFileOf(f, path, ledger), ...(f.deskIdentity ? { deskIdentity: f.deskIdentity } : {}) };
    },
    log(eventFile) {
      const log = logs.get(eventFile);
      if (!log) throw new Error(`${eventFile}: no such event file`);
      return log;
    },
    appendElsewhere(eventFile, entries, arrival = 'next-read') {
      return desk.log(eventFile).appendElsewhere(entries, arrival);
    },
    recordEntries(eventFile, entries) {
      const { added, external } = desk.log(eventFile).append(entries);
      return structuredClone([...external, ...added]);
    },
    recordResult(folder, eventFile, entries, written = []) {
      const recorded = desk.recordEntries(eventFile, entries);
      return { ok: true, entries: recorded, made: entries.map((e) => e.id), desk: structuredClone(desk.folderOf(folder, eventFile, false)), written };
    },
  };

  // Answers cross the IPC boundary as copies (the window never shares an object with main).
  const methods = {
    openEventFolder: vi.fn(async () => (desk.chosen === null ? null : structuredClone(desk.folderOf(desk.chosen)))),
    loadEventFolder: vi.fn(async ({ folder, eventFile, ledger }: { folder: string; eventFile?: string; ledger?: boolean }) => structuredClone(desk.folderOf(folder, eventFile, ledger !== false))),
    createEvent: vi.fn(async ({ folder, ...init }: { folder: string } & EventInit) => {
      const f = folderNamed(folder);
      if (init.end < init.start) throw new Error('Cannot create the event file: field "end": must not be before the start');
      const path = `${folder}/${init.name}.event.json`;
      if (logs.has(path) || logs.has(f.eventFile)) throw new Error(`${path} already exists; reload the event folder`);
      f.eventFile = path;
      const homeDesk = f.deskIdentity?.id;
      logs.set(path, new FakeEventLog(path, headerOf(newEvent({ ...init, id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', ...(homeDesk ? { homeDesk } : {}) })), [], push));
      return structuredClone(desk.folderOf(folder, path));
    }),
    appendDeskEntries: vi.fn(async ({ folder, eventFile, entries }: { folder: string; eventFile: string; entries: LedgerEntry[] }) => {
      folderNamed(folder);
      if (!eventFile.startsWith(`${folder}/`)) throw new Error(`eventFile "${eventFile}" is not in the event folder ${folder}`);
      if (entries.length === 0) throw new Error('appendDeskEntries: at least one entry');
      return structuredClone(desk.log(eventFile).append(structuredClone(entries)));
    }),
  };
  return { desk, methods };
}
