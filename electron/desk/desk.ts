// The event desk's main-process side (the desk view's handlers): open an event folder (it becomes a
// granted folder, like the library), read every character in it and its event file, create the
// event file, append the desk's entries and verify a card's QR text. The check-in sheet and
// "Reprint changed" are ./desk-prints.ts; Record… (deaths, transfers) is ./desk-record.ts.
//
// Every entry reaches the event file through its one log (node/event-log/, shared in this process
// with the sync's file mirror): appended, synced, and answered with what is new. Nothing here
// rewrites the event file, and no save can be refused for a change made meanwhile: the ledger only
// grows. Entries that reach the file from elsewhere (another desk, another program) are sent to the
// window as they arrive (`onDeskEntries`). Character files are only ever read here.
//
// Like ipc-handlers.ts, nothing here imports electron: dialogs, the clock, the settings and the
// fonts are injected, so the same handlers run in Electron, in Node tests and behind the e2e harness.
import { eventGame } from '../../core/desk/event-game';
import { randomUUID } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { DeskEntries, DeskEventFile, DeskFolder } from '../../core/ipc/contract';
import { fieldPath } from '../../core/format/paths';
import type { DeskCharacter } from '../../core/desk/characters';
import { EVENT_FILE_SUFFIX, headerOf, newEvent, type DeskEvent } from '../../core/desk/event';
import { isoLocal } from '../../core/desk/sheet';
import type { CardCheck } from '../../core/desk/verify';
import { appRoot } from '../../node/fs/app-root';
import { EventLog, EventLogError, eventFileName } from '../../node/event-log/event-log';
import { sharedEventLog } from '../../node/event-log/registry';
import { ioProblem } from '../../node/fs/files';
import type { DeskFonts } from '../ipc/types';
import type { DeskDeps, DeskHandlers } from './types';
import { DeskCharacters } from './characters';
import { viewRows } from '../../core/desk/view-rows';
import { checkOwnFolder, checkShape, isInside, PathError, realTarget, type PathGuard } from '../app/paths';
import type { SettingsStore } from '../app/settings';
import { createDeskRecordHandlers, settleFolder } from './record';
import { createApprovalHandlers } from '../season/approval';
import { createDeskPrintHandlers } from './prints';
import { createDeskBookingHandlers } from './bookings';
import { backupFolderOf } from '../../node/fs/files';
import { backupOffer, eventCopies, restoreEventBackup } from '../../node/event-log/restore';
import { eventFilesIn, SeasonReader } from '../../node/season/season';

/** The shipped fonts under `root` (the folder holding assets/), loaded on first use and kept (with fontkit, which measures them). */
export function deskFonts(root?: string): DeskFonts {
  let loaded: ReturnType<DeskFonts> | null = null;
  return () =>
    (loaded ??= (async () => {
      const { FONT_FILES, FontMetrics } = await import('../../core/pdf/fonts');
      const base = root ?? appRoot(import.meta.url);
      const [regular, bold] = await Promise.all([readFile(join(base, FONT_FILES.regular)), readFile(join(base, FONT_FILES.bold))]);
      const bytes = { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
      return { bytes, metrics: new FontMetrics(bytes) };
    })().catch((e: unknown) => {
      loaded = null;
      throw e;
    }));
}

/** How often an open event file is looked at for lines other programs or computers appended (a stat; read only when it grew). */
export const OTHERS_EVERY_MS = 2_000;

/**
 * Entries other processes append (the command line, another desk on a network share, where change
 * notices do not arrive) reach the window: the file's change notices, and a look at its size every
 * OTHERS_EVERY_MS. This process's own appends move the log's offset, so they are never read back.
 */
function watchForOthers(log: EventLog): void {
  let watcher: FSWatcher | null = null;
  const timer = setInterval(() => look(), OTHERS_EVERY_MS).unref();
  // Stops once the file is gone (the folder closed and deleted, the file replaced: a new log is opened).
  const look = () =>
    void log.refresh().catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' && !(e instanceof EventLogError)) return;
      clearInterval(timer);
      watcher?.close();
    });
  try {
    watcher = watch(log.path, { persistent: false }, look).on('error', () => undefined);
  } catch {
    /* the look every few seconds alone */
  }
}

/** Arguments of createEvent, checked again here (the contract checks their shape). */
const newEventArgs = z.object({ name: z.string().trim().min(1).max(200), game: z.string().max(200), start: z.iso.date(), end: z.iso.date() });

export function createDeskHandlers(deps: DeskDeps, characters = new DeskCharacters()): DeskHandlers {
  const { guard, dialogs, settings } = deps;
  const fonts = deps.fonts ?? deskFonts();
  /** The way back should an event file stop opening: copies among its backups (node/event-log/restore.ts). */
  const keepCopies = eventCopies(deps.now);
  /** The logs whose new entries are sent to the window (each once). */
  const watched = new WeakSet<EventLog>();

  /** The event folder argument: one the user chose in this session, still pointing where it did, still a folder. */
  const checkFolder = async (folder: string): Promise<string> => {
    await guard.check(folder, 'folder');
    const s = await stat(folder).catch((e: unknown) => {
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(code === 'ENOENT' ? `${folder}: the event folder does not exist (was it moved or deleted?)` : ioProblem(folder, e).message);
    });
    if (!s.isDirectory()) throw new PathError(`folder "${folder}" is not a folder`);
    return folder;
  };

  /** An event file argument: a visible `*.event.json` directly in the event folder, really there (links resolved). */
  const checkEventFile = async (folder: string, eventFile: string): Promise<string> => {
    const path = checkShape(eventFile, 'eventFile');
    const name = basename(path);
    if (dirname(path) !== folder) throw new PathError(`eventFile "${path}" is not in the event folder ${folder}`);
    if (!name.endsWith(EVENT_FILE_SUFFIX) || name.startsWith('.')) throw new PathError(`eventFile "${path}" is not a *${EVENT_FILE_SUFFIX} file`);
    const realFolder = await realpath(folder);
    const real = await realTarget(path);
    if (!isInside(realFolder, real)) throw new PathError(`eventFile "${path}" points outside the event folder (to ${real})`);
    return path;
  };

  const nowDate = () => new Date(deps.now());

  /** What a new event for this folder would be: named after the folder, for its most played game (none on a tie), starting today. */
  const suggestedEvent = (folder: string, list: readonly DeskCharacter[]) => {
    const { game, tied } = eventGame(list.map((c) => (c.readable ? c.character.ruleset : null)));
    const today = isoLocal(nowDate()).slice(0, 10);
    return { suggested: { name: basename(folder).slice(0, 200) || 'Event', game, start: today, end: today }, ...(tied.length > 0 ? { tied } : {}) };
  };

  /** Where a new event file goes: named after the event (by default the folder's name, as `quartermaster desk` names it). */
  const newEventPath = (folder: string, name: string = basename(folder)) => join(folder, eventFileName(name));

  /** The season folder's other events, read for the one opened (node/season/). */
  const seasons = new SeasonReader();

  /** The opened event within its season: the earlier events' records folded first (core/season/). */
  const seasonEvent = async (folder: string, log: EventLog): Promise<DeskEvent> => (await seasons.open(folder, { path: log.path, event: log.event })).event;

  /** The event file's log (opened once, shared with the sync), its new entries sent to the window. */
  const logOf = async (folder: string, path: string): Promise<EventLog> => {
    await checkEventFile(folder, path);
    await checkOwnFolder(folder, backupFolderOf(folder, path), 'backups');
    const log = await sharedEventLog(path, { folder, now: deps.now });
    await keepCopies(log, folder);
    if (!watched.has(log)) {
      watched.add(log);
      log.onEntries((entries, origin) => {
        // The view's own appends come back in their answer; Record… and reprints answer with theirs.
        if (origin !== 'here') deps.onDeskEntries?.({ eventFile: path, entries });
      });
      watchForOthers(log);
    }
    return log;
  };

  /** The event file's state for the view; a file that is not there is "none". */
  const readEvent = async (folder: string, path: string, list: readonly DeskCharacter[], withEntries = true): Promise<DeskEventFile> => {
    let log: EventLog;
    try {
      log = await logOf(folder, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none', path, ...suggestedEvent(folder, list) };
      const message = e instanceof PathError || e instanceof EventLogError ? e.message : ioProblem(path, e).message;
      return { kind: 'bad', path, message, backups: backupFolderOf(folder, path), backup: e instanceof PathError ? null : await backupOffer(path, folder) };
    }
    const problems = log.problems.map((p) => p.message);
    if (log.torn) problems.push(`${path}: the last line (line ${log.torn.line}, ${log.torn.bytes} bytes) was cut short by a crash and is not read; it is moved aside at the next change`);
    const season = await seasons.around(folder, { path, event: log.event });
    problems.push(...season.problems);
    return {
      kind: 'file',
      path,
      header: log.header,
      entries: withEntries ? [...log.event.entries] : null,
      count: log.ledger.size,
      problems,
      ...(log.migratedFrom !== undefined ? { migratedFrom: log.migratedFrom } : {}),
      ...(season.place ? { season: { events: season.events, place: season.place } } : {}),
    };
  };

  /** The folder's characters and its event file (the one named, the only one, or none yet). */
  const deskOf = async (folder: string, eventFile?: string, withEntries = true): Promise<DeskFolder> => {
    const list = await characters.list(folder);
    const first = await deskOfList(folder, list, eventFile, withEntries);
    // The character files follow the ledger (electron/desk/record.ts): a transfer or a death
    // recorded but not yet written into the files (a crash between the two) is finished here.
    if (first.eventFile.kind !== 'file') return first;
    const written = await settleFolder(folder, await seasonEvent(folder, await logOf(folder, first.eventFile.path)), { now: deps.now }, list);
    return written.length === 0 ? first : deskOfList(folder, await characters.list(folder), first.eventFile.path, withEntries);
  };

  const deskOfList = async (folder: string, list: readonly DeskCharacter[], eventFile: string | undefined, withEntries: boolean): Promise<DeskFolder> => {
    const rows = viewRows(list);
    const deskIdentity = settings.deskIdentity();
    if (eventFile !== undefined) return { folder, rows, eventFile: await readEvent(folder, eventFile, list, withEntries), deskIdentity };
    const found = await eventFilesIn(folder);
    if (found.length > 1) return { folder, rows, eventFile: { kind: 'several', files: found, events: (await seasons.list(folder)).events }, deskIdentity };
    return { folder, rows, eventFile: await readEvent(folder, found[0] ?? newEventPath(folder), list, withEntries), deskIdentity };
  };

  /** The event as the desk holds it, for the sheet and for verifying: a new, empty one when there is none. */
  const savedEvent = async (folder: string, eventFile: string | undefined, list: readonly DeskCharacter[]): Promise<DeskEvent> => {
    const state = eventFile === undefined ? (await deskOfList(folder, list, undefined, false)).eventFile : await readEvent(folder, eventFile, list, false);
    switch (state.kind) {
      case 'file':
        return seasonEvent(folder, await logOf(folder, state.path));
      case 'none':
        return newEvent(state.suggested);
      case 'bad':
        throw new Error(`${state.message}; fix or replace the event file first`);
      case 'several':
        throw new Error(`${folder} holds ${state.files.length} event files; choose one first`);
    }
  };

  /** Writes a chosen output file, never over a file of another kind (the suffix is added when missing). */
  const outputPath = async (chosen: string, suffix: '.pdf' | '.csv'): Promise<string> => {
    const path = checkShape(chosen, 'chosen file');
    const out = path.toLowerCase().endsWith(suffix) ? path : `${path}${suffix}`;
    if (out !== path && (await stat(out).then(() => true, () => false))) throw new Error(`${out} already exists; choose another name`);
    return out;
  };

  /** The open event file's log, checked: the folder granted, the file in it. */
  const eventLog = async (folder: string, eventFile: string): Promise<EventLog> => {
    await checkFolder(folder);
    return logOf(folder, await checkEventFile(folder, eventFile));
  };

  return {
    ...createDeskRecordHandlers({
      settings,
      now: deps.now,
      eventLog,
      seasonEvent,
      load: (folder, eventFile) => deskOf(folder, eventFile, false),
    }),

    ...createDeskPrintHandlers({ dialogs, settings, characters, fonts, nowDate, checkFolder, eventLog, seasonEvent, savedEvent, outputPath }),

    ...createDeskBookingHandlers({ dialogs, settings, characters, now: deps.now, checkFolder, eventLog, savedEvent, outputPath, load: (folder, eventFile) => deskOf(folder, eventFile, false) }),
    // Approval at the desk (docs/season.md): the players' files in the folder's inbox.
    ...createApprovalHandlers({ guard, settings, now: deps.now, checkFolder, eventLog, characters: (folder) => characters.list(folder), load: (folder, eventFile) => deskOf(folder, eventFile, false) }),

    async openEventFolder() {
      const chosen = await dialogs.chooseFolder({ defaultPath: settings.get().libraryFolder, purpose: 'event' });
      if (chosen === null) return null;
      const folder = await guard.grantChosen(checkShape(chosen, 'chosen folder'));
      return deskOf(await checkFolder(folder));
    },

    async loadEventFolder({ folder, eventFile, ledger }) {
      await checkFolder(folder);
      return deskOf(folder, eventFile, ledger !== false);
    },

    async createEvent({ folder, ...init }) {
      await checkFolder(folder);
      const parsed = newEventArgs.safeParse(init);
      if (!parsed.success) throw new Error(`Cannot create the event file: ${fieldMessage(parsed.error.issues[0]!)}`);
      if (parsed.data.end < parsed.data.start) throw new Error(`Cannot create the event file: field "end": must not be before the start (${parsed.data.start})`);
      const existing = await eventFilesIn(folder);
      if (existing.length > 0) throw new Error(`${folder} already holds an event file (${existing.map((f) => basename(f)).join(', ')}); reload the event folder`);
      const path = newEventPath(folder, parsed.data.name);
      const header = headerOf(newEvent({ ...parsed.data, id: randomUUID(), homeDesk: settings.deskIdentity().id }));
      try {
        // Never over a file that appeared meanwhile.
        await EventLog.create(path, header, { folder, now: deps.now });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${path} already exists; reload the event folder`);
        throw new Error(`${path}: could not create the event file (${(e as Error).message})`);
      }
      return deskOf(folder, path);
    },

    async appendDeskEntries({ folder, eventFile, entries }) {
      const log = await eventLog(folder, eventFile);
      return log.append(entries as never);
    },

    async restoreEventBackup({ folder, eventFile, backupId }) {
      await checkFolder(folder);
      const path = await checkEventFile(folder, eventFile);
      const { restored, keptAs } = await restoreEventBackup(path, folder, backupId, deps.now());
      return { restored, keptAs, desk: await deskOf(folder, path) };
    },

    async verifyCard({ folder, eventFile, text }): Promise<CardCheck> {
      await checkFolder(folder);
      const list = await characters.list(folder);
      // Loaded on the first check, with the card code's QR encoder (electron/main-bundle.test.ts).
      const { verifyCard: coreVerifyCard } = await import('../../core/desk/verify');
      return coreVerifyCard(text, list, await savedEvent(folder, eventFile, list));
    },
  };
}

function fieldMessage(issue: z.core.$ZodIssue): string {
  return `field "${fieldPath(issue.path) || '(top level)'}": ${issue.message}`;
}
