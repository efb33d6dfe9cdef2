// The event desk's part of the IPC contract (core/ipc/contract.ts assembles the whole).
import * as z from 'zod';
import type { GameId, RulesetId } from '../model/ids';
import type { DeskRow } from '../desk/types';
import type { Location } from '../model/ids';
import type { EventHeader } from '../desk/event';
import type { SeasonEventRef, SeasonPlace } from '../season/types';
import type { LedgerEntry } from '../desk/entries';
import type { OutOfPlayEntry, ReprintReason, Voids } from '../desk/lifecycle';
import type { CardCheck } from '../desk/verify';
import type { DeskIdentity } from '../desk/editions';
import type { RecordRequest } from '../desk/record';
import type { AwardSkip } from '../season/points-desk';
import type { PrintChoice } from './print';
import { printChoice } from './print';
import { loose, path } from './args';

// ---- the event desk (electron/desk/desk.ts, renderer/desk/) ----

/** A new event's name, game (a ruleset id or free text) and dates (YYYY-MM-DD). */
export type EventInit = { name: string; game: string; start: string; end: string };

/** The event file of an opened event folder. */
export type DeskEventFile =
  /**
   * Read: its header and (when asked for: on opening) every entry in ledger order; `count` is how
   * many the main process holds. `problems`: entry lines left out and a torn last line, in words.
   */
  | { kind: 'file'; path: string; header: EventHeader; entries: LedgerEntry[] | null; count: number; problems: string[]; migratedFrom?: number; season?: DeskSeason }
  /**
   * None yet: `suggested` is what it would hold and `path` where (createEvent names the file after
   * the event's name). `tied`: as many characters play each of these games, so `suggested.game` is
   * empty and the volunteer chooses.
   */
  | { kind: 'none'; path: string; suggested: EventInit; tied?: RulesetId[] }
  /**
   * Cannot be read or is not valid: it is never overwritten, except by restoreEventBackup.
   * `backups`: the folder of its backups; `backup`: the newest one that opens, or null.
   */
  | { kind: 'bad'; path: string; message: string; backups: string; backup: EventBackupOffer | null }
  /**
   * Several `*.event.json` in the folder (a season): loadEventFolder with one of them. `events`: those
   * that open, in season order (core/season/); `files` every one.
   */
  | { kind: 'several'; files: string[]; events?: SeasonEventRef[] };

/**
 * The season an event was opened in (a folder of several events, core/season/): its events in
 * season order, and what the events before the opened one left (the view folds them first).
 */
export type DeskSeason = { events: SeasonEventRef[]; place: SeasonPlace };

/**
 * The newest backup of an event file that does not open: when it was saved, its entries, and what
 * restoring it would take from the broken file: `addedBack` entries that still read and the backup
 * lacks, `unreadable` line numbers that do not read (their entries are lost unless the backup has
 * them). `readable` false: the broken file cannot be read at all; `otherEvent`: its header names
 * another event, so none of its lines are taken.
 */
export type EventBackupOffer = { id: string; savedMs: number; entries: number; addedBack: number; unreadable: number[]; readable: boolean; otherEvent: boolean };

/** What restoreEventBackup did: the offer as carried out, where the broken file is kept, and the folder read again. */
export type EventRestore = { restored: EventBackupOffer; keptAs: string; desk: DeskFolder };

/** A game's armour as the desk view puts it in words (the derived values it needs, nothing more). */
export type ArmourDetail =
  | { ruleset: 'fortunes-landing'; rating: number; areas: Location[]; threshold: number; chosen: boolean }
  | { ruleset: 'curious-pastimes'; points: Partial<Record<Location, number>> }
  | { ruleset: 'bg-magic'; worn: 'metal' | 'leather' | 'none'; protection: 'metal' | 'leather' | 'none'; areas: Location[] }
  | { ruleset: 'novitas'; areas: Location[] };

/** The fields of a `DeskRow` the desk view makes itself: from the event it holds, or from the row. */
export type DeskViewOwnFields = 'checkedInAt' | 'tag' | 'lastPrintedAt' | 'search' | 'armour' | 'rulesetName' | 'out';

/**
 * One character file as the main process sends it to the desk view: core/desk/rows.ts `DeskRow`
 * without what depends on the event (the view applies the event it holds: check-in, card state) or
 * what the view builds itself (search text, game name, armour words from `detail`), and its armour
 * in detail. Half the bytes of the whole row at 2,000 characters. The files themselves stay in the
 * main process (verify, reprint).
 */
export type DeskViewRow = Omit<DeskRow, DeskViewOwnFields> & { detail: ArmourDetail | null };

/** An opened event folder: a row per character file in it (loaded, or why not) and its event file. */
export type DeskFolder = {
  folder: string;
  rows: DeskViewRow[];
  eventFile: DeskEventFile;
  /** This desk (settings `desk`): the name and id its ledger entries carry. */
  deskIdentity?: DeskIdentity;
};

/** What an append did: the entries written (as written: with their `seq`) and those other desks or programs appended meanwhile. */
export type AppendOutcome = { added: LedgerEntry[]; external: LedgerEntry[] };

/** Entries that reached the event file from elsewhere (another desk by sharing, another program): the main process sends them to the desk view. */
export type DeskEntries = { eventFile: string; entries: LedgerEntry[] };


export type SheetExport = { path: string; rows: number; pages: number };

/** How "reprint changed" ended (null from reprintChanged: the save dialog was cancelled). */
export type ReprintOutcome =
  | { kind: 'nothing'; unchanged: number; skipped: { file: string; reason: string }[]; outOfPlay?: OutOfPlayEntry[] }
  | {
      kind: 'printed';
      path: string;
      cards: number;
      pages: number;
      printed: { id: string; file: string; name: string; player: string; reason: ReprintReason; previousAt: string | null }[];
      /** The serials of the replaced prints, per character. */
      voids: Voids[];
      skipped: { file: string; reason: string }[];
      /** Characters left out because they are dead or retired: none of their cards is valid (`collect`: the labels to take back). */
      outOfPlay?: OutOfPlayEntry[];
      /** Characters whose cards could not be laid out (not printed, not recorded). */
      problems: string[];
      /** The print entries recorded (and any others found appended meanwhile). */
      entries: LedgerEntry[];
    };

/** What Record… asks the main process to add to the ledger (core/desk/record.ts). */
export type { RecordRequest };

/** How a Record…, an item transfer or a new character after a death ended (electron/desk/record.ts). */
export type RecordResult = {
  ok: true;
  /** The entries recorded (and any others found appended meanwhile). */
  entries: LedgerEntry[];
  /** The ids of the entries this call recorded, in the order made (the desk's undo history names them). */
  made: string[];
  /** The folder's rows as they are now (without the ledger: `entries` says what is new). */
  desk: DeskFolder;
  /** The character files changed to agree with the ledger. */
  written: string[];
  path?: string;
  points?: number;
};

/** What "print changed" would print, laid out but not written: the desk asks before printing. */
export type ReprintPlan = {
  characters: number;
  /** True when it prints every character of the folder (nobody printed for this event yet). */
  everyone: boolean;
  unchanged: number;
  cards: number;
  pages: number;
  /** The games of the characters it prints (the card groups offered). */
  rulesets: GameId[];
  problems: string[];
  /** The characters it leaves out because they are dead or retired. */
  outOfPlay?: OutOfPlayEntry[];
};

const words = (max: number) => z.string().max(max);
/** Most entries one append may carry (a player's whole group checked in at once, undone at once). */
const MAX_APPEND = 1_000;
const id = z.uuid();
/** Record…'s requests (the ledger validates the entry again when it is made). */
const recordRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('died'), character: id, cause: z.enum(['killing-blow', 'bled-out']).optional(), shiftEnd: z.boolean().optional(), text: words(500).optional() }),
  z.strictObject({ kind: z.literal('returned'), character: id, how: words(200).optional(), cards: z.number().int().min(0).max(100).optional() }),
  z.strictObject({ kind: z.literal('convergence'), character: id }),
  z.strictObject({ kind: z.literal('permanent-death'), character: id, when: z.enum(['dawn', 'dusk']).optional(), reason: words(500).optional() }),
  z.strictObject({ kind: z.literal('retired'), character: id, reason: words(500).optional() }),
  z.strictObject({ kind: z.literal('item-handed-in'), character: id, item: id, why: z.enum(['theft', 'death', 'other']).optional(), name: words(200).optional() }),
  z.strictObject({ kind: z.literal('item-returned'), character: id, item: id, name: words(200).optional() }),
  z.strictObject({ kind: z.literal('item-expired'), character: id, item: id, name: words(200).optional() }),
  z.strictObject({ kind: z.literal('bow-competency'), character: id.optional(), player: words(200).min(1) }),
  z.strictObject({ kind: z.literal('note'), character: id.optional(), text: words(2_000).min(1) }),
  z.strictObject({ kind: z.literal('undo'), character: id.optional(), target: id }),
]);

export interface DeskApi {
  /** The event desk: asks for an event folder (it is granted, like the library) and reads it; null when cancelled. */
  openEventFolder(): Promise<DeskFolder | null>;
  /**
   * Reads an opened event folder again, with the named event file (when it holds several). `ledger:
   * false` leaves the entries out (the view has them, and is sent every new one).
   */
  loadEventFolder(args: { folder: string; eventFile?: string; ledger?: boolean }): Promise<DeskFolder>;
  /** Creates the folder's event file (never over an existing one). */
  createEvent(args: { folder: string } & EventInit): Promise<DeskFolder>;
  /**
   * Appends entries made at this desk (check-ins, check-outs, undos) to the event file: each
   * validated, given its desk's `seq`, written and synced before the answer; entries already there
   * are skipped. Answers with what is new, nothing else.
   */
  appendDeskEntries(args: { folder: string; eventFile: string; entries: LedgerEntry[] }): Promise<AppendOutcome>;
  /** Asks where, and writes the check-in sheet as PDF or CSV from the files and the saved event file. */
  exportCheckInSheet(args: { folder: string; eventFile?: string; format: 'pdf' | 'csv' }): Promise<SheetExport | null>;
  /** How many characters, cards and pages "print changed" would print with this choice. */
  previewReprint(args: { folder: string; eventFile: string; print?: PrintChoice }): Promise<ReprintPlan>;
  /**
   * Prints only characters never printed for this event or changed since, with the volunteer's
   * choice (every group on the settings' paper without one); records the print and the serials it
   * voids, and opens the PDF.
   */
  reprintChanged(args: { folder: string; eventFile: string; print?: PrintChoice }): Promise<ReprintOutcome | null>;
  /** A card's QR text against the folder's files and the event's prints. */
  verifyCard(args: { folder: string; eventFile?: string; text: string }): Promise<CardCheck>;
  /**
   * Records a death, return, convergence, retirement, item handed in/returned/expired, bow
   * competency, note or undo; then the files follow the ledger. Several requests (an undo of each
   * entry of a step, and a consequence with it) are one append and one settling of the files.
   */
  recordDesk(args: { folder: string; eventFile: string; request: RecordRequest | RecordRequest[] }): Promise<RecordResult>;
  /** Moves an item from one character file to another: the ledger entry first (and the void of the giver's card), then both files. */
  transferItem(args: { folder: string; eventFile: string; from: string; item: string; to: string }): Promise<RecordResult>;
  /**
   * "Close the event": an `award` entry (the game pack's advancement) for every character checked in
   * that has none for this event, then the files' points records follow the ledger. `skipped` says
   * who got none and why (already awarded, dead or retired, a game publishing no advancement).
   */
  closeEvent(args: { folder: string; eventFile: string }): Promise<RecordResult & { skipped: AwardSkip[] }>;
  /** Curious Pastimes: a new character for the dead character's player, at 20 less one per death at this event. */
  newCharacterAfterDeath(args: { folder: string; eventFile: string; from: string; name: string }): Promise<RecordResult>;
  /**
   * Puts the event file's backup `backupId` back in place of the event file, which must not open:
   * the broken file is kept in the backups folder, byte for byte; its entry lines that still read
   * and the backup lacks are written after the backup's. Answers with the folder read again.
   */
  restoreEventBackup(args: { folder: string; eventFile: string; backupId: string }): Promise<EventRestore>;
}

export const deskArgs = {
  openEventFolder: z.tuple([]),
  loadEventFolder: z.tuple([z.strictObject({ folder: path, eventFile: path.optional(), ledger: z.boolean().optional() })]),
  createEvent: z.tuple([z.strictObject({ folder: path, name: z.string().max(200), game: z.string().max(200), start: z.string().max(10), end: z.string().max(10) })]),
  appendDeskEntries: z.tuple([z.strictObject({ folder: path, eventFile: path, entries: z.array(loose).min(1).max(MAX_APPEND) })]),
  exportCheckInSheet: z.tuple([z.strictObject({ folder: path, eventFile: path.optional(), format: z.enum(['pdf', 'csv']) })]),
  previewReprint: z.tuple([z.strictObject({ folder: path, eventFile: path, print: printChoice.optional() })]),
  reprintChanged: z.tuple([z.strictObject({ folder: path, eventFile: path, print: printChoice.optional() })]),
  verifyCard: z.tuple([z.strictObject({ folder: path, eventFile: path.optional(), text: z.string().max(1_000) })]),
  recordDesk: z.tuple([z.strictObject({ folder: path, eventFile: path, request: z.union([recordRequest, z.array(recordRequest).min(1).max(MAX_APPEND)]) })]),
  transferItem: z.tuple([z.strictObject({ folder: path, eventFile: path, from: z.uuid(), item: z.uuid(), to: z.uuid() })]),
  closeEvent: z.tuple([z.strictObject({ folder: path, eventFile: path })]),
  newCharacterAfterDeath: z.tuple([z.strictObject({ folder: path, eventFile: path, from: z.uuid(), name: z.string().max(200) })]),
  restoreEventBackup: z.tuple([z.strictObject({ folder: path, eventFile: path, backupId: z.string().regex(/^\d{1,16}-\d{1,6}$/) })]),
};
