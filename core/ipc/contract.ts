// The one IPC contract between the renderer and the main process.
// Each method of `QuartermasterApi` is one channel (`qm:<method>`); `ipcArgs` validates its
// arguments in the main process. The preload exposes exactly these named methods
// (`satisfies QuartermasterApi`); the renderer never sees a channel string.
import { z } from 'zod';
import type { Character } from '../model/character';
import { RULESET_IDS, type RulesetId } from '../model/ids';
import type { LoadProblem } from '../format/load';
import { CARD_SECTIONS, type CardSection } from '../pdf/cards/context';
import type { DrawOp } from '../pdf/draw';
import { CARD_SIZES, CARD_STOCK_IDS, DEFAULT_LAYOUT, type CardSizeId, type CardStockId, type Segment } from '../pdf/layout';
import type { DeskRow } from '../desk/rows';
import type { SessionState } from '../session/session';
import type { Location } from '../model/ids';
import type { DeskEvent } from '../desk/event';
import type { ReprintReason, Voids } from '../desk/lifecycle';
import type { CardCheck } from '../desk/verify';
import type { DeskIdentity } from '../desk/editions';
import type { RecordRequest } from '../desk/record';

export type LibraryStatus = 'clean' | 'violations' | 'unreadable';

export type LibraryEntry = {
  path: string;
  fileName: string;
  name: string;
  player: string;
  ruleset: RulesetId | null;
  status: LibraryStatus;
  errors: number;
  warnings: number;
  /** Why an unreadable file could not be read. */
  reason?: string;
  /** The character's id (lower case), for flagging two files with the same id; absent when unreadable. */
  id?: string;
  modifiedMs: number;
  size: number;
};

export type LibraryListing = { folder: string; entries: LibraryEntry[] };

export type OpenedCharacter = {
  path: string;
  character: Character;
  /** SHA-256 of the file's bytes when it was read; sent back on save to detect changes on disk. */
  hash: string;
  readOnly: boolean;
  readOnlyReason?: string;
};

export type OpenResult = { ok: true; opened: OpenedCharacter } | { ok: false; problem: LoadProblem; path: string };

export type SaveResult =
  | { ok: true; path: string; hash: string }
  | { ok: false; reason: 'conflict'; message: string }
  | { ok: false; reason: 'read-only' | 'invalid' | 'io'; message: string };

export type Backup = { id: string; savedMs: number; size: number };

/** Unsaved edits of one character file, autosaved by the renderer (see electron/drafts.ts). */
export type Draft = {
  path: string;
  savedMs: number;
  character: Character;
  /** The character file's modified time now, or null when it no longer exists. */
  fileModifiedMs: number | null;
};

export type Paper = 'a4' | 'letter';
export type Language = 'en' | 'bg';

export type Settings = {
  libraryFolder: string;
  recentFiles: string[];
  paper: Paper;
  language: Language;
  /** How dates, times and numbers are written (a BCP 47 tag such as "en-GB"); '' follows the system. */
  locale: string;
  /** The printer corrections measured on calibration pages, per printer and sheet (newest first). */
  calibrations?: Calibration[];
  /** The printer named in the last print ('' when none). */
  printer?: string;
};

/**
 * A printer's measured correction for one sheet: `printer` is the name the user gives it (the PDF
 * is printed from a viewer, so the app cannot know the printer), `sheet` is `sheetKey` of the choice.
 */
export type Calibration = { printer: string; sheet: string; offsetMm: { x: number; y: number }; backOffsetMm: { x: number; y: number } };

/** How many calibrations the settings keep. */
export const MAX_CALIBRATIONS = 50;

/** The sheet a correction belongs to: the card stock, or the paper and card size of a custom sheet. */
export function sheetKey(choice: Pick<PrintChoice, 'stock' | 'paper' | 'size'>): string {
  return choice.stock ?? `custom:${choice.paper}:${choice.size}`;
}

/** The saved correction for this printer and sheet, if any. */
export function calibrationFor(calibrations: readonly Calibration[] | undefined, printer: string, sheet: string): Calibration | null {
  const name = printer.trim().toLowerCase();
  return calibrations?.find((c) => c.printer.trim().toLowerCase() === name && c.sheet === sheet) ?? null;
}

/** The calibrations with this choice's correction saved first (replacing the same printer and sheet). */
export function withCalibration(calibrations: readonly Calibration[] | undefined, choice: PrintChoice): Calibration[] {
  const sheet = sheetKey(choice);
  const entry: Calibration = { printer: choice.printer.trim(), sheet, offsetMm: { ...choice.offsetMm }, backOffsetMm: { ...choice.backOffsetMm } };
  const others = (calibrations ?? []).filter((c) => c !== calibrationFor(calibrations, entry.printer, sheet));
  return [entry, ...others].slice(0, MAX_CALIBRATIONS);
}

/**
 * What Export PDF… and Print event pack… print: card groups, paper, card size and the printer's
 * corrections (core/pdf/layout.ts PrintLayoutSettings; the core checks the ranges and names the field).
 */
export type PrintChoice = {
  sections: CardSection[];
  /** A card stock by product code (its sheet replaces paper, size and margin); null: a custom sheet. */
  stock: CardStockId | null;
  /** The printer's name as the user calls it, for its saved corrections ('' when none). */
  printer: string;
  paper: Paper;
  size: CardSizeId;
  marginMm: number;
  offsetMm: { x: number; y: number };
  backOffsetMm: { x: number; y: number };
  /** Print character-card backs for duplex. */
  backs: boolean;
};

/** Every card group on `paper`, with the core's default layout (what the command line prints by default). */
export function defaultPrintChoice(paper: Paper): PrintChoice {
  const { size, marginMm, offsetMm, backOffsetMm } = DEFAULT_LAYOUT;
  return { sections: [...CARD_SECTIONS], stock: null, printer: '', paper, size, marginMm, offsetMm: { ...offsetMm }, backOffsetMm: { ...backOffsetMm }, backs: true };
}

/** The first page of a print as drawing data (points, origin bottom-left), for the preview. */
export type PrintPreview = {
  widthPt: number;
  heightPt: number;
  /** Each card face on the page: its own drawing and the matrix that places it (as in the PDF). */
  faces: { matrix: [number, number, number, number, number, number]; width: number; height: number; ops: DrawOp[] }[];
  cutMarks: Segment[];
  cards: number;
  pages: number;
  perPage: number;
  /** Why cards were left out, and characters the font lacks. */
  problems: string[];
  warnings: string[];
};

/** Sent while an event pack prints: per file read, per character laid out, per page written. */
export type PrintProgress = { phase: 'reading' | 'laying-out' | 'writing'; done: number; total: number };

export type PackProblem = { path: string; message: string };

/** How Print event pack… ended (null from printPack: the save dialog was cancelled). */
export type PackResult =
  | { outcome: 'written'; path: string; characters: number; cards: number; pages: number; problems: PackProblem[] }
  | { outcome: 'cancelled'; problems: PackProblem[] }
  /** Nothing could be printed: no PDF was written. */
  | { outcome: 'nothing'; problems: PackProblem[] };

// ---- the event desk (electron/desk.ts, renderer/components/desk/) ----

/** A new event's name, game (a ruleset id or free text) and dates (YYYY-MM-DD). */
export type EventInit = { name: string; game: string; start: string; end: string };

/** The event file of an opened event folder. */
export type DeskEventFile =
  /** Read and valid; `hash` is the SHA-256 of its bytes, sent back on save to detect changes on disk. */
  | { kind: 'file'; path: string; event: DeskEvent; hash: string }
  /** None yet: `suggested` is what it would hold and `path` where (createEvent names the file after the event's name). */
  | { kind: 'none'; path: string; suggested: EventInit }
  /** Cannot be read or is not valid: it is never overwritten. */
  | { kind: 'bad'; path: string; message: string }
  /** Several `*.event.json` in the folder: loadEventFolder with one of them. */
  | { kind: 'several'; files: string[] };

/** A game's armour as the desk view puts it in words (the derived values it needs, nothing more). */
export type ArmourDetail =
  | { ruleset: 'fortunes-landing'; rating: number; areas: Location[]; threshold: number; chosen: boolean }
  | { ruleset: 'curious-pastimes'; points: Partial<Record<Location, number>> }
  | { ruleset: 'bg-magic'; worn: 'metal' | 'leather' | 'none'; protection: 'metal' | 'leather' | 'none'; areas: Location[] }
  | { ruleset: 'novitas'; areas: Location[] };

/** The fields of a `DeskRow` the desk view makes itself: from the event it holds, or from the row. */
export type DeskViewOwnFields = 'checkedInAt' | 'tag' | 'lastPrintedAt' | 'search' | 'armour' | 'rulesetName';

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

export type EventSaveResult = { ok: true; hash: string } | { ok: false; reason: 'conflict' | 'read-only' | 'invalid' | 'io'; message: string };

/** A character file given a new id (giveNewId): the id it had, the one it has now, its new content hash. */
export type NewIdResult = { path: string; previousId: string; id: string; hash: string };

export type SheetExport = { path: string; rows: number; pages: number };

/** How "reprint changed" ended (null from reprintChanged: the save dialog was cancelled). */
export type ReprintOutcome =
  | { kind: 'nothing'; unchanged: number; skipped: { file: string; reason: string }[] }
  | {
      kind: 'printed';
      path: string;
      cards: number;
      pages: number;
      printed: { id: string; file: string; name: string; player: string; reason: ReprintReason; previousAt: string | null }[];
      /** The serials of the replaced prints, per character. */
      voids: Voids[];
      skipped: { file: string; reason: string }[];
      /** Characters whose cards could not be laid out (not printed, not recorded). */
      problems: string[];
      /** The folder as it is now (the event file with the print recorded). */
      desk: DeskFolder;
    }
  /** The event file changed on disk since it was read: nothing was printed or recorded. */
  | { kind: 'conflict'; message: string };

/** What Record… asks the main process to add to the ledger (core/desk/record.ts). */
export type { RecordRequest };

/** How a Record…, an item transfer or a new character after a death ended (electron/desk-record.ts). */
export type RecordResult =
  /** Recorded; `desk` is the folder as it is now, `written` the character files changed to agree with the ledger. */
  | { ok: true; desk: DeskFolder; written: string[]; path?: string; points?: number }
  /** The event file changed on disk since it was read: nothing was recorded. */
  | { ok: false; reason: 'conflict'; message: string };

/** What "print changed" would print, laid out but not written: the desk asks before printing. */
export type ReprintPlan = {
  characters: number;
  /** True when it prints every character of the folder (nobody printed for this event yet). */
  everyone: boolean;
  unchanged: number;
  cards: number;
  pages: number;
  /** The games of the characters it prints (the card groups offered). */
  rulesets: RulesetId[];
  problems: string[];
};

export type MenuCommand = 'new' | 'open' | 'save' | 'save-as' | 'export-pdf' | 'show-in-folder' | 'undo' | 'redo' | 'print-event-pack' | 'event-desk';

export interface QuartermasterApi {
  listLibrary(): Promise<LibraryListing>;
  chooseLibraryFolder(): Promise<LibraryListing | null>;
  newCharacter(args: { ruleset: RulesetId; name: string; player: string }): Promise<OpenedCharacter>;
  openCharacter(args: { path: string }): Promise<OpenResult>;
  openCharacterDialog(): Promise<OpenResult | null>;
  openExamples(): Promise<LibraryListing>;
  saveCharacter(args: { path: string; character: Character; expectedHash: string; force?: boolean }): Promise<SaveResult>;
  saveCharacterAs(args: { character: Character }): Promise<SaveResult | null>;
  duplicateCharacter(args: { path: string }): Promise<OpenedCharacter>;
  renameCharacter(args: { path: string; fileName: string }): Promise<{ path: string }>;
  deleteCharacter(args: { path: string }): Promise<void>;
  importCharacters(): Promise<string[]>;
  listBackups(args: { path: string }): Promise<Backup[]>;
  restoreBackup(args: { path: string; backupId: string }): Promise<OpenResult>;
  showInFolder(args: { path: string }): Promise<void>;
  getSettings(): Promise<Settings>;
  setSettings(args: Partial<Pick<Settings, 'paper' | 'language' | 'locale'>>): Promise<Settings>;
  /** Asks where to save, writes the PDF atomically and opens it; `print` defaults to every group on the settings' paper. */
  exportPdf(args: { path: string; character: Character; print?: PrintChoice }): Promise<{ path: string } | null>;
  /** The first page of the character's cards, for the export dialog's preview. */
  previewPrint(args: { path: string; character: Character; print: PrintChoice }): Promise<PrintPreview>;
  /** Prints the cards of several library files into one PDF (asks where, reports progress, opens it). */
  printPack(args: { paths: string[]; print: PrintChoice }): Promise<PackResult | null>;
  /** Asks where, writes the calibration page for the choice's sheet and corrections, and opens it; saves the corrections for the printer and sheet. */
  printCalibration(args: { print: PrintChoice }): Promise<{ path: string } | null>;
  /** Stops a running printPack (it then resolves with outcome 'cancelled'). */
  cancelPrint(): Promise<void>;
  /** Autosaves the unsaved edits of the open character (never touches the file itself). */
  saveDraft(args: { path: string; character: Character }): Promise<{ savedMs: number }>;
  /** Every draft left from earlier sessions, newest first. */
  listDrafts(): Promise<Draft[]>;
  discardDraft(args: { path: string }): Promise<void>;
  /**
   * The play session of a character file (undo history, condition trackers), kept beside its draft
   * and never in the file; the oldest undo steps are dropped when it would be too large.
   */
  saveSession(args: { path: string; session: SessionState }): Promise<{ savedMs: number; steps: number }>;
  loadSession(args: { path: string }): Promise<(SessionState & { savedMs: number }) | null>;
  /** The day is over: the session of the file is removed. */
  discardSession(args: { path: string }): Promise<void>;
  /** The event desk: asks for an event folder (it is granted, like the library) and reads it; null when cancelled. */
  openEventFolder(): Promise<DeskFolder | null>;
  /** Reads an opened event folder again, with the named event file (when it holds several). */
  loadEventFolder(args: { folder: string; eventFile?: string }): Promise<DeskFolder>;
  /** Creates the folder's event file (never over an existing one). */
  createEvent(args: { folder: string } & EventInit): Promise<DeskFolder>;
  /** Saves the event file (check-ins): validated, atomically, the previous version backed up; refused when it changed on disk. */
  saveEvent(args: { folder: string; eventFile: string; event: DeskEvent; expectedHash: string }): Promise<EventSaveResult>;
  /** Asks where, and writes the check-in sheet as PDF or CSV from the files and the saved event file. */
  exportCheckInSheet(args: { folder: string; eventFile?: string; format: 'pdf' | 'csv' }): Promise<SheetExport | null>;
  /** How many characters, cards and pages "print changed" would print with this choice. */
  previewReprint(args: { folder: string; eventFile: string; print?: PrintChoice }): Promise<ReprintPlan>;
  /**
   * Prints only characters never printed for this event or changed since, with the volunteer's
   * choice (every group on the settings' paper without one); records the print and the serials it
   * voids, and opens the PDF.
   */
  reprintChanged(args: { folder: string; eventFile: string; expectedHash: string; print?: PrintChoice }): Promise<ReprintOutcome | null>;
  /**
   * Gives a character file a new random id (a copy that shares its id with another file): validated,
   * the previous version backed up, written atomically; refused when the file changed since `expectedHash`.
   * `folder` is the granted event folder holding the file (files of the library need none).
   */
  giveNewId(args: { path: string; folder?: string }): Promise<NewIdResult>;
  /** A card's QR text against the folder's files and the event's prints. */
  verifyCard(args: { folder: string; eventFile?: string; text: string }): Promise<CardCheck>;
  /** Records a death, return, convergence, retirement, item handed in/returned/expired, bow competency, note or undo; then the files follow the ledger. */
  recordDesk(args: { folder: string; eventFile: string; expectedHash: string; request: RecordRequest }): Promise<RecordResult>;
  /** Moves an item from one character file to another: the ledger entry first (and the void of the giver's card), then both files. */
  transferItem(args: { folder: string; eventFile: string; expectedHash: string; from: string; item: string; to: string }): Promise<RecordResult>;
  /** Curious Pastimes: a new character for the dead character's player, at 20 less one per death at this event. */
  newCharacterAfterDeath(args: { folder: string; eventFile: string; expectedHash: string; from: string; name: string }): Promise<RecordResult>;
  /** "Share this event…": hosts the opened event folder for other desks on `host` (a LAN address of this laptop). */
  shareEvent(args: { folder: string; host: string; port?: number }): Promise<SyncStatus>;
  /** "Join an event…": replicates a shared event (join code, or a game's CouchDB address) into the opened folder. */
  joinEvent(args: { folder: string; code: string; username?: string; password?: string }): Promise<SyncStatus>;
  /** Stops sharing or replicating the folder (its files stay as they are). */
  stopSync(args: { folder: string }): Promise<void>;
  /** The folder's sharing state; null when it is not shared in this session. */
  syncStatus(args: { folder: string }): Promise<SyncStatus | null>;
  /** Ends a conflict: `keep` (one version, or a merge) becomes the character at every desk. */
  resolveSyncConflict(args: { folder: string; characterId: string; keep: Character }): Promise<SyncStatus>;
  /** This laptop's LAN addresses, for "Share this event…". */
  lanAddresses(): Promise<string[]>;
  /** Subscribes to library changes on disk and menu commands; returns an unsubscribe function. */
  onLibraryChanged(listener: () => void): () => void;
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /**
   * Files to open that come from outside the window: the command line, a double-click in the file
   * manager (open-file / second instance) and File > Open Recent. The main process has already
   * granted the path, so the renderer passes it to `openCharacter` (after its unsaved-changes prompt).
   * Optional so that test doubles of the API need not provide it; the preload always does.
   */
  onOpenFile?(listener: (path: string) => void): () => void;
  /** Progress of a running printPack. Optional for test doubles; the preload always has it. */
  onPrintProgress?(listener: (progress: PrintProgress) => void): () => void;
}

// ---- sharing an event between desks (node/sync/, electron/sync-handlers.ts) ----

/** A desk's link to the event's hub, as the desk view shows it. */
export type SyncLink =
  | { kind: 'hub'; url: string; since: string }
  | { kind: 'connecting'; since: string }
  | { kind: 'connected'; since: string; lastChangeAt?: string }
  | { kind: 'offline'; since: string; waiting: number; reason: string }
  | { kind: 'refused'; since: string; reason: string }
  | { kind: 'stopped'; since: string };

/** One version of a character edited at two desks (CouchDB keeps the losing revision). */
export type SyncConflictVersion = { rev: string; file: string; character: Character };

export type SyncStatus = {
  folder: string;
  role: 'hub' | 'desk';
  eventId: string;
  link: SyncLink;
  /** The join code other desks use (the hub desk only), and the same as a QR code (SVG). */
  joinCode?: string;
  joinQrSvg?: string;
  /** Documents or files that could not be shared, with the reason. */
  problems: { file: string; message: string }[];
  /** Characters edited at two desks while apart: both versions side by side, until one is kept. */
  conflicts: { id: string; versions: SyncConflictVersion[] }[];
  /** Every desk of the event as its presence document says (this one included); a desk not heard from for a while is offline since it was last seen. */
  desks?: SyncDesk[];
};

export type SyncDesk = { id: string; name: string; state: 'hub' | 'connecting' | 'connected' | 'offline' | 'refused' | 'stopped'; since: string; seenAt: string; waiting: number };

/** The request/response methods (the subscriptions are events, not requests). */
export type InvokeMethod = Exclude<keyof QuartermasterApi, 'onLibraryChanged' | 'onMenuCommand' | 'onOpenFile' | 'onPrintProgress'>;

/** The events the main process sends to the window. */
export type EventChannel = 'libraryChanged' | 'menuCommand' | 'openFile' | 'printProgress';

export const channelOf = (method: InvokeMethod | EventChannel) => `qm:${method}` as const;

const path = z.string().min(1).max(4096);
const loose = z.looseObject({});
const mmPair = z.strictObject({ x: z.number(), y: z.number() });
const printChoice = z.strictObject({
  sections: z.array(z.enum(CARD_SECTIONS)).min(1).max(CARD_SECTIONS.length),
  stock: z.enum(CARD_STOCK_IDS as [CardStockId, ...CardStockId[]]).nullable(),
  printer: z.string().max(100),
  paper: z.enum(['a4', 'letter']),
  size: z.enum(Object.keys(CARD_SIZES) as [CardSizeId, ...CardSizeId[]]),
  marginMm: z.number(),
  offsetMm: mmPair,
  backOffsetMm: mmPair,
  backs: z.boolean(),
});
const words = (max: number) => z.string().max(max);
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
/** How many files one event pack may name (the library lists thousands). */
export const MAX_PACK_FILES = 10_000;

/** Argument schemas, one per invoke method: the main process validates every call with these. */
export const ipcArgs = {
  listLibrary: z.tuple([]),
  chooseLibraryFolder: z.tuple([]),
  newCharacter: z.tuple([z.strictObject({ ruleset: z.enum(RULESET_IDS), name: z.string().max(200), player: z.string().max(200) })]),
  openCharacter: z.tuple([z.strictObject({ path })]),
  openCharacterDialog: z.tuple([]),
  openExamples: z.tuple([]),
  saveCharacter: z.tuple([z.strictObject({ path, character: loose, expectedHash: z.string().max(128), force: z.boolean().optional() })]),
  saveCharacterAs: z.tuple([z.strictObject({ character: loose })]),
  duplicateCharacter: z.tuple([z.strictObject({ path })]),
  renameCharacter: z.tuple([z.strictObject({ path, fileName: z.string().min(1).max(200) })]),
  deleteCharacter: z.tuple([z.strictObject({ path })]),
  importCharacters: z.tuple([]),
  listBackups: z.tuple([z.strictObject({ path })]),
  restoreBackup: z.tuple([z.strictObject({ path, backupId: z.string().min(1).max(200) })]),
  showInFolder: z.tuple([z.strictObject({ path })]),
  getSettings: z.tuple([]),
  setSettings: z.tuple([z.strictObject({ paper: z.enum(['a4', 'letter']).optional(), language: z.enum(['en', 'bg']).optional(), locale: z.string().max(35).optional() })]),
  exportPdf: z.tuple([z.strictObject({ path, character: loose, print: printChoice.optional() })]),
  previewPrint: z.tuple([z.strictObject({ path, character: loose, print: printChoice })]),
  printPack: z.tuple([z.strictObject({ paths: z.array(path).min(1).max(MAX_PACK_FILES), print: printChoice })]),
  printCalibration: z.tuple([z.strictObject({ print: printChoice })]),
  cancelPrint: z.tuple([]),
  saveDraft: z.tuple([z.strictObject({ path, character: loose })]),
  listDrafts: z.tuple([]),
  discardDraft: z.tuple([z.strictObject({ path })]),
  saveSession: z.tuple([z.strictObject({ path, session: loose })]),
  loadSession: z.tuple([z.strictObject({ path })]),
  discardSession: z.tuple([z.strictObject({ path })]),
  openEventFolder: z.tuple([]),
  loadEventFolder: z.tuple([z.strictObject({ folder: path, eventFile: path.optional() })]),
  createEvent: z.tuple([z.strictObject({ folder: path, name: z.string().max(200), game: z.string().max(200), start: z.string().max(10), end: z.string().max(10) })]),
  saveEvent: z.tuple([z.strictObject({ folder: path, eventFile: path, event: loose, expectedHash: z.string().max(128) })]),
  exportCheckInSheet: z.tuple([z.strictObject({ folder: path, eventFile: path.optional(), format: z.enum(['pdf', 'csv']) })]),
  previewReprint: z.tuple([z.strictObject({ folder: path, eventFile: path, print: printChoice.optional() })]),
  reprintChanged: z.tuple([z.strictObject({ folder: path, eventFile: path, expectedHash: z.string().max(128), print: printChoice.optional() })]),
  giveNewId: z.tuple([z.strictObject({ path, folder: path.optional() })]),
  verifyCard: z.tuple([z.strictObject({ folder: path, eventFile: path.optional(), text: z.string().max(1_000) })]),
  recordDesk: z.tuple([z.strictObject({ folder: path, eventFile: path, expectedHash: z.string().max(128), request: recordRequest })]),
  transferItem: z.tuple([z.strictObject({ folder: path, eventFile: path, expectedHash: z.string().max(128), from: z.uuid(), item: z.uuid(), to: z.uuid() })]),
  newCharacterAfterDeath: z.tuple([z.strictObject({ folder: path, eventFile: path, expectedHash: z.string().max(128), from: z.uuid(), name: z.string().max(200) })]),
  shareEvent: z.tuple([z.strictObject({ folder: path, host: z.string().min(1).max(100), port: z.number().int().min(0).max(65_535).optional() })]),
  joinEvent: z.tuple([z.strictObject({ folder: path, code: z.string().min(1).max(2_000), username: z.string().max(200).optional(), password: z.string().max(500).optional() })]),
  stopSync: z.tuple([z.strictObject({ folder: path })]),
  syncStatus: z.tuple([z.strictObject({ folder: path })]),
  resolveSyncConflict: z.tuple([z.strictObject({ folder: path, characterId: z.uuid(), keep: loose })]),
  lanAddresses: z.tuple([]),
} satisfies Record<InvokeMethod, z.ZodTuple>;
