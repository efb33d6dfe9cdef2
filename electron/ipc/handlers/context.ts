// What the areas of the handler table share (electron/ipc/handlers/<area>.ts): the injected
// dependencies, the path checks, and the steps several handlers take (write a character, create a
// file, choose and open a PDF). Built once per table by createIpcHandlers.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fieldPath } from '../../../core/format/paths';
import { serializeCharacter } from '../../../core/format/save';
import { loadCharacterBytes } from '../../../core/format/load';
import { withCalibration, type LibraryListing, type LibraryProgress, type OpenResult, type PrintChoice, type SaveResult } from '../../../core/ipc/contract';
import { characterSchema, type Character } from '../../../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../../../core/model/ids';
import { backUp, backupFolderOf, exists, freePath, openFile, readBytes, TooLargeError, writeAtomic, writeNew } from '../../../node/fs/files';
import { sha256Hex } from '../../../node/fs/sha256';
import { Library } from '../../library/library';
import { DRAFTS_FOLDER } from '../../library/drafts';
import { checkOwnFolder, checkShape, PathError, PathGuard } from '../../app/paths';
import type { IpcDeps } from '../types';

export const EXAMPLE_READ_ONLY = 'This is an example character. Use Save As to keep your own copy.';

export type HandlerContext = ReturnType<typeof createHandlerContext>;

/** Progress is sent at most this often, and only for a listing that runs longer (a short one shows none). */
export const LIBRARY_PROGRESS_MS = 100;

/** A listing's progress callback that sends to `send` every LIBRARY_PROGRESS_MS, and the end if it sent anything. */
export function progressSender(folder: string, send: ((p: LibraryProgress) => void) | undefined, now = Date.now, everyMs = LIBRARY_PROGRESS_MS): ((done: number, total: number) => void) | undefined {
  if (!send) return undefined;
  const started = now();
  let last = started;
  let sent = false;
  return (done, total) => {
    const t = now();
    if (done >= total ? !sent : t - last < everyMs) return;
    last = t;
    sent = true;
    send({ folder, done, total });
  };
}

/**
 * One run per key at a time, and at most one waiting behind it, which every call made meanwhile
 * shares: it starts after them all, so it sees every change they were made for (a burst of watcher
 * events, a page asking again) without listing the folder once per call.
 */
export function oneAtATime<T>(run: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const queues = new Map<string, { tail: Promise<unknown>; waiting: Promise<T> | null }>();
  return (key) => {
    let q = queues.get(key);
    if (!q) queues.set(key, (q = { tail: Promise.resolve(), waiting: null }));
    if (q.waiting) return q.waiting;
    const queue = q;
    const next = queue.tail.then(() => {
      queue.waiting = null;
      return run(key);
    });
    queue.waiting = next;
    queue.tail = next.catch(() => undefined);
    return next;
  };
}

export function createHandlerContext(deps: IpcDeps) {
  const { settings, dialogs, shell } = deps;
  const library = deps.library ?? new Library(deps.derive ? { derive: deps.derive } : {});
  const guard = deps.guard ?? new PathGuard({ libraryFolder: () => settings.get().libraryFolder, examplesFolder: deps.examplesFolder });
  const newId = deps.newId ?? randomUUID;
  const libraryFolder = () => settings.get().libraryFolder;
  const draftsFolder = deps.draftsFolder ?? (() => join(libraryFolder(), DRAFTS_FOLDER));
  // The app's own folders inside the library must really be there: a library holding a link named
  // `.quartermaster-backups` or `.quartermaster-drafts` must not make the app read or write elsewhere.
  const backupsOf = (path: string) => checkOwnFolder(libraryFolder(), backupFolderOf(libraryFolder(), path), 'backups');
  const drafts = () => checkOwnFolder(deps.draftsFolder ? dirname(draftsFolder()) : libraryFolder(), draftsFolder(), 'drafts');

  /** A path argument: granted, or a recent file (the user chose it in an earlier session). */
  const checkPath = async (path: string): Promise<string> => {
    if (guard.kindOf(path) === undefined && settings.get().recentFiles.includes(path)) await guard.grantChosen(path);
    return guard.check(path);
  };

  const notExample = (path: string, action: string) => {
    if (guard.kindOf(path) === 'example') throw new PathError(`${path}: example characters cannot be ${action}; use Save As to keep your own copy`);
  };

  const listNow = async (folder: string, kind: 'library' | 'example'): Promise<LibraryListing> => {
    const entries = await library.list(folder, { onProgress: progressSender(folder, deps.onLibraryProgress, Date.now, deps.libraryProgressMs) });
    for (const e of entries) guard.grantListed(e.path, kind);
    return { folder, entries };
  };
  const listQueued = oneAtATime((key: string) => listNow(key.slice(key.indexOf(':') + 1), key.startsWith('example:') ? 'example' : 'library'));
  const listFolder = (folder: string, kind: 'library' | 'example') => listQueued(`${kind}:${folder}`);

  const opened = async (path: string): Promise<OpenResult> => {
    const example = guard.kindOf(path) === 'example';
    const result = await openFile(path, example ? { readOnlyReason: EXAMPLE_READ_ONLY } : {});
    if (!example && (await exists(path))) settings.addRecent(path);
    return result;
  };

  /** Writes a character over `path` (backing up what was there), refusing unreadable or changed files. */
  const writeCharacter = async (path: string, raw: unknown, expectedHash: string | null, force: boolean): Promise<SaveResult> => {
    const parsed = characterSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { ok: false, reason: 'invalid', message: `${path}: field "${fieldPath(issue.path) || '(top level)'}": ${issue.message}` };
    }
    const text = serializeCharacter(parsed.data);
    const bytes = new TextEncoder().encode(text);
    // Never write a file this version could not read back (too large, too deep, forbidden keys).
    const readBack = loadCharacterBytes(bytes, path);
    if (!readBack.ok) return { ok: false, reason: 'invalid', message: `${readBack.problem.message}; nothing was saved` };
    try {
      let current: Uint8Array | null = null;
      try {
        current = await readBytes(path);
      } catch (e) {
        if (e instanceof TooLargeError) return { ok: false, reason: 'read-only', message: `${e.message}; it is not overwritten. Use Save As to save a copy.` };
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      if (current !== null) {
        const loaded = loadCharacterBytes(current, path);
        if (!loaded.ok) {
          const why = loaded.problem.code === 'future-version' ? loaded.problem.message : `${loaded.problem.message}. The file cannot be read, so it is never overwritten`;
          return { ok: false, reason: 'read-only', message: `${why} Use Save As to save a copy.` };
        }
        if (expectedHash !== null && !force && sha256Hex(current) !== expectedHash) {
          return {
            ok: false,
            reason: 'conflict',
            message: `${path} was changed on disk since it was opened (by another program?). Reload it, or save anyway: the version on disk is then kept as a backup.`,
          };
        }
        await backUp(path, await backupsOf(path), deps.now());
      }
      await writeAtomic(path, bytes);
      library.invalidate(path);
      return { ok: true, path, hash: sha256Hex(bytes) };
    } catch (e) {
      return { ok: false, reason: 'io', message: `${path}: could not save (${(e as Error).message})` };
    }
  };

  /** Creates a new file for a character in `folder` under a free name. */
  const createIn = async (folder: string, stem: string, character: Character) => {
    await mkdir(folder, { recursive: true });
    const text = serializeCharacter(character);
    const readBack = loadCharacterBytes(new TextEncoder().encode(text), stem);
    if (!readBack.ok) throw new Error(`Cannot create ${stem}: ${readBack.problem.message}`);
    for (let attempt = 0; ; attempt++) {
      const path = await freePath(folder, stem);
      try {
        await writeNew(path, text);
        guard.grantListed(path, 'library');
        library.invalidate(path);
        settings.addRecent(path);
        return { path, character: characterSchema.parse(character), hash: sha256Hex(text), readOnly: false };
      } catch (e) {
        // Someone took the name between the check and the write: try the next free one.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw e;
      }
    }
  };

  /** A character argument as a parsed character, or an error naming the field. */
  const characterArg = (raw: unknown, path: string, action: string): Character => {
    const parsed = characterSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw new Error(`Cannot ${action} ${path}: field "${fieldPath(issue.path) || '(top level)'}": ${issue.message}`);
  };
  /** Asks where to save a PDF; null when cancelled. Never a name the dialog did not ask about. */
  const choosePdf = async (defaultPath: string, action: string): Promise<string | null> => {
    const chosen = await dialogs.savePdfFile({ defaultPath });
    if (chosen === null) return null;
    const out = withSuffix(checkShape(chosen, 'chosen file'), '.pdf');
    if (out !== chosen && (await exists(out))) throw new Error(`Cannot ${action}: ${out} already exists; choose another name`);
    return out;
  };
  /** Keeps the printer corrections of a print for its printer and sheet (every later print starts from them). */
  const keepCalibration = (print: PrintChoice | undefined) => {
    if (!print) return;
    const current = settings.get();
    settings.update({ calibrations: withCalibration(current.calibrations, print), printer: print.printer.trim() });
  };
  /** Opening the finished PDF is a convenience: a failure there does not undo the export. */
  const openWhenDone = async (path: string) => {
    try {
      await shell.openPath?.(path);
    } catch {
      /* the PDF is written; the notice names where */
    }
  };

  return {
    deps,
    settings,
    dialogs,
    shell,
    library,
    guard,
    newId,
    libraryFolder,
    backupsOf,
    drafts,
    checkPath,
    notExample,
    listFolder,
    opened,
    writeCharacter,
    createIn,
    characterArg,
    choosePdf,
    keepCalibration,
    openWhenDone,
  };
}

/** "Ayla" -> "Ayla.character.json"; "Ayla.json" -> "Ayla.character.json" (for `.character.json`). */
export function withSuffix(path: string, suffix: string): string {
  if (path.toLowerCase().endsWith(suffix)) return path;
  if (suffix === CHARACTER_FILE_SUFFIX && path.toLowerCase().endsWith('.json')) return `${path.slice(0, -'.json'.length)}${suffix}`;
  return `${path}${suffix}`;
}
