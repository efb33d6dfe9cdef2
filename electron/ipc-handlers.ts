// The main process's side of the IPC contract: one async function per invoke method of
// `QuartermasterApi`, taking the same arguments. Everything the handlers touch (settings, dialogs,
// the shell, the clock, the PDF exporter) is injected, and this module never imports `electron`,
// so the same handler table runs in the Electron main process, in Node tests and behind the
// end-to-end harness's fake preload.
//
// Every handler validates its arguments with the contract's zod schemas, and every path argument
// must be one the main process handed out (see paths.ts).
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, realpath, rename, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { MAX_FILE_BYTES } from '../core/format/limits';
import { fieldPath } from '../core/format/paths';
import { serializeCharacter } from '../core/format/save';
import { loadCharacterBytes } from '../core/format/load';
import { ipcArgs, withCalibration, type InvokeMethod, type OpenResult, type Paper, type PrintChoice, type PrintProgress, type QuartermasterApi, type SaveResult, type Settings } from '../core/ipc/contract';
import { characterSchema, type Character } from '../core/model/character';
import { CARD_STOCKS } from '../core/pdf/layout';
import { CHARACTER_FILE_SUFFIX, CURRENT_VERSION, FILE_FORMAT } from '../core/model/ids';
import {
  backUp,
  backupFile,
  backupFolderOf,
  copyNew,
  exists,
  freePath,
  ioProblem,
  listBackups,
  moveBackups,
  moveNew,
  openFile,
  openFromBytes,
  readBytes,
  renameNoReplace,
  safeStem,
  sha256,
  stemOf,
  TooLargeError,
  writeAtomic,
  writeNew,
} from '../node/files';
import { Library, type DeriveFn } from './library';
import { DRAFTS_FOLDER, readDrafts, removeDraft, writeDraft } from './drafts';
import { readSession, removeSession, writeSession } from './sessions';
import { checkOwnFolder, checkShape, isInside, PathError, PathGuard, realTarget } from './paths';
import type { SettingsStore } from './settings';
import type { Printer } from './print-pack';
import { createDeskHandlers, type DeskFonts } from './desk';
import { createSyncHandlers, type SyncHandlers } from './sync-handlers';

const syncHandlerMethods = ({ closeAll: _closeAll, ...methods }: SyncHandlers) => methods;

import type { IpcDeps, IpcHandlers } from './handler-types';
export type { Dialogs, IpcDeps, IpcHandlers, PdfExporter, ShellApi } from './handler-types';

/** A call whose arguments do not match the contract. */
export class IpcArgumentError extends Error {
  override name = 'IpcArgumentError';
}

export const EXAMPLE_READ_ONLY = 'This is an example character. Use Save As to keep your own copy.';

/** Checks one call's arguments against the contract; returns the parsed arguments or throws a clear error. */
export function validateArgs<M extends InvokeMethod>(method: M, args: unknown[]): z.infer<(typeof ipcArgs)[M]> {
  // Before anything walks the arguments (zod, JSON.stringify): pathological payloads are refused here.
  const tooMuch = argumentsProblem(args);
  if (tooMuch !== null) throw new IpcArgumentError(`${method}: arguments: ${tooMuch}`);
  const schema = ipcArgs[method] as z.ZodType;
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data as z.infer<(typeof ipcArgs)[M]>;
  const issue = parsed.error.issues[0]!;
  const [index, ...rest] = issue.path;
  const where = typeof index === 'number' ? `argument ${index + 1}${rest.length ? ` field "${fieldPath(rest)}"` : ''}` : 'arguments';
  const count = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problem${parsed.error.issues.length > 2 ? 's' : ''})` : '';
  throw new IpcArgumentError(`${method}: ${where}: ${issue.message}${count}`);
}

/**
 * How deep IPC arguments may be nested. Far more than any file may hold (MAX_JSON_DEPTH), so the
 * handlers still answer a merely too-deep character with their own message; far less than what
 * overflows the stack of JSON.stringify or zod.
 */
export const MAX_ARG_DEPTH = 1_000;
/**
 * How large IPC arguments may be, counted as their JSON would be (every copy of a shared object
 * counted again, as JSON.stringify would write it). Four times a file's limit, for the same reason.
 */
export const MAX_ARG_SIZE = 4 * MAX_FILE_BYTES;

/**
 * Why a call's arguments are refused before any handler sees them, or null: nested deeper than
 * MAX_ARG_DEPTH (or cyclic: structured clone keeps cycles), or larger than MAX_ARG_SIZE (also an
 * object shared many times over, which JSON.stringify would expand to gigabytes). Stops as soon as
 * either limit is passed, so its own work is bounded by them.
 */
export function argumentsProblem(args: unknown): string | null {
  let size = 0;
  let problem: string | null = null;
  const visit = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') size += v.length + 2;
    else if (v === null || typeof v !== 'object') size += 8;
    else if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) size += v.byteLength;
    else {
      if (depth >= MAX_ARG_DEPTH) {
        problem = `nested more than ${MAX_ARG_DEPTH} levels deep`;
        return true;
      }
      size += 2;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          size += 1;
          if (visit(v[i], depth + 1)) return true;
        }
      } else {
        for (const key of Object.keys(v)) {
          size += key.length + 4;
          if (visit((v as Record<string, unknown>)[key], depth + 1)) return true;
        }
      }
    }
    if (size > MAX_ARG_SIZE) {
      problem = `larger than ${MAX_ARG_SIZE / (1024 * 1024)} MB`;
      return true;
    }
    return false;
  };
  visit(args, 0);
  return problem;
}

export function createIpcHandlers(deps: IpcDeps): IpcHandlers {
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

  const listFolder = async (folder: string, kind: 'library' | 'example') => {
    const entries = await library.list(folder);
    for (const e of entries) guard.grantListed(e.path, kind);
    return { folder, entries };
  };

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
        if (expectedHash !== null && !force && sha256(current) !== expectedHash) {
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
      return { ok: true, path, hash: sha256(bytes) };
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
        return { path, character: characterSchema.parse(character), hash: sha256(new TextEncoder().encode(text)), readOnly: false };
      } catch (e) {
        // Someone took the name between the check and the write: try the next free one.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw e;
      }
    }
  };

  /** The event pack being printed, if any (one at a time). */
  let printing: { cancelled: boolean } | null = null;
  const printer = () => {
    if (!deps.printer) throw new Error('Printing is not available in this build');
    return deps.printer;
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
  /** Opening the finished PDF is a convenience: a failure there does not undo the export. */
  /** Keeps the printer corrections of a print for its printer and sheet (every later print starts from them). */
  const keepCalibration = (print: PrintChoice | undefined) => {
    if (!print) return;
    const current = settings.get();
    settings.update({ calibrations: withCalibration(current.calibrations, print), printer: print.printer.trim() });
  };
  const openWhenDone = async (path: string) => {
    try {
      await shell.openPath?.(path);
    } catch {
      /* the PDF is written; the notice names where */
    }
  };

  const deskHandlers = createDeskHandlers({ guard, dialogs, settings, now: deps.now, ...(deps.deskFonts ? { fonts: deps.deskFonts } : {}) });
  const impl: IpcHandlers = {
    async listLibrary() {
      const folder = libraryFolder();
      try {
        await mkdir(folder, { recursive: true });
      } catch (e) {
        throw new Error(`The library folder ${folder} cannot be created: ${(e as Error).message}`);
      }
      return listFolder(folder, 'library');
    },

    async chooseLibraryFolder() {
      const chosen = await dialogs.chooseFolder({ defaultPath: libraryFolder() });
      if (chosen === null) return null;
      const folder = checkShape(chosen, 'chosen folder');
      const s = await stat(folder).catch(() => null);
      if (!s?.isDirectory()) throw new Error(`${folder} is not a folder`);
      settings.update({ libraryFolder: folder });
      guard.revokeLibrary();
      library.invalidate();
      deps.onLibraryFolderChanged?.(folder);
      return listFolder(folder, 'library');
    },

    async newCharacter({ ruleset, name, player }) {
      const character = characterSchema.parse({ format: FILE_FORMAT, version: CURRENT_VERSION, id: newId(), ruleset, name, player });
      return createIn(libraryFolder(), name, character);
    },

    async openCharacter({ path }) {
      return opened(await checkPath(path));
    },

    async openCharacterDialog() {
      const [chosen] = await dialogs.openCharacterFiles({ multiple: false, defaultPath: libraryFolder() });
      if (chosen === undefined) return null;
      return opened(await guard.grantChosen(chosen));
    },

    async openExamples() {
      return listFolder(deps.examplesFolder, 'example');
    },

    async saveCharacter({ path, character, expectedHash, force }) {
      await checkPath(path);
      if (guard.kindOf(path) === 'example') return { ok: false, reason: 'read-only', message: `${path}: ${EXAMPLE_READ_ONLY}` };
      const result = await writeCharacter(path, character, expectedHash, force === true);
      if (result.ok) settings.addRecent(path);
      return result;
    },

    async saveCharacterAs({ character }) {
      const name = typeof character.name === 'string' ? character.name : '';
      const chosen = await dialogs.saveCharacterFile({ defaultPath: join(libraryFolder(), `${safeStem(name)}${CHARACTER_FILE_SUFFIX}`) });
      if (chosen === null) return null;
      const path = withSuffix(checkShape(chosen, 'chosen file'), CHARACTER_FILE_SUFFIX);
      // The dialog asked about overwriting `chosen`, not a name we changed: never overwrite that.
      if (path !== chosen && (await exists(path))) {
        return { ok: false, reason: 'io', message: `${path} already exists; choose another name` };
      }
      await guard.grantChosen(path);
      const result = await writeCharacter(path, character, null, false);
      if (result.ok) {
        await guard.grantChosen(path);
        settings.addRecent(path);
      }
      return result;
    },

    async duplicateCharacter({ path }) {
      await checkPath(path);
      const result = await openFile(path);
      if (!result.ok) throw new Error(`Cannot duplicate: ${result.problem.message}`);
      if (result.opened.readOnly) throw new Error(`Cannot duplicate: ${result.opened.readOnlyReason ?? 'the file is read-only'}`);
      const source = result.opened.character;
      const copy = { ...source, id: newId(), name: `${source.name} (copy)`.slice(0, 200) };
      const folder = guard.kindOf(path) === 'library' ? dirname(path) : libraryFolder();
      return createIn(folder, `${stemOf(basename(path))} (copy)`, copy);
    },

    async giveNewId({ path, folder }) {
      if (folder === undefined) await checkPath(path);
      else {
        // A file of an opened event folder (the folder is granted, its files are listed by the desk).
        await guard.check(folder, 'folder');
        const clean = checkShape(path);
        const [realFolder, real] = await Promise.all([realpath(folder), realTarget(clean)]);
        if (!clean.endsWith(CHARACTER_FILE_SUFFIX) || !isInside(folder, clean) || !isInside(realFolder, real)) throw new PathError(`path "${clean}" is not a character file of the event folder ${folder}`);
      }
      notExample(path, 'given a new id');
      let bytes: Uint8Array;
      try {
        bytes = await readBytes(path);
      } catch (e) {
        throw new Error(`Cannot give a new id: ${ioProblem(path, e).message}`);
      }
      const loaded = loadCharacterBytes(bytes, path);
      if (!loaded.ok) throw new Error(`Cannot give a new id: ${loaded.problem.message}`);
      const id = newId();
      // Through the usual save: validated, backed up, atomic, refused if the file changed since read.
      const saved = await writeCharacter(path, { ...loaded.character, id }, sha256(bytes), false);
      if (!saved.ok) throw new Error(`Cannot give ${path} a new id: ${saved.message}`);
      return { path, previousId: loaded.character.id.toLowerCase(), id, hash: saved.hash };
    },

    async renameCharacter({ path, fileName }) {
      await checkPath(path);
      notExample(path, 'renamed');
      const name = withSuffix(checkFileName(fileName), CHARACTER_FILE_SUFFIX);
      const target = join(dirname(path), name);
      if (target === path) return { path };
      const caseOnly = target.toLowerCase() === path.toLowerCase();
      if (!caseOnly && (await exists(target))) throw new Error(`Cannot rename: ${target} already exists`);
      await moveNoOverwrite(path, target, caseOnly);
      // The backups move along, unless either folder would lead out of the library.
      const folders = await Promise.all([backupsOf(path), backupsOf(target)]).catch(() => null);
      if (folders) {
        const [oldBackups, newBackups] = folders;
        await moveBackups(oldBackups, newBackups).catch(() => undefined);
      }
      const kind = guard.kindOf(path);
      guard.revoke(path);
      if (kind === 'chosen') await guard.grantChosen(target);
      else guard.grantListed(target, 'library');
      settings.replaceRecent(path, target);
      library.invalidate(path);
      return { path: target };
    },

    async deleteCharacter({ path }) {
      await checkPath(path);
      notExample(path, 'deleted');
      await shell.trashItem(path);
      guard.revoke(path);
      settings.removeRecent(path);
      library.invalidate(path);
    },

    async importCharacters() {
      const chosen = await dialogs.openCharacterFiles({ multiple: true, defaultPath: libraryFolder() });
      const folder = libraryFolder();
      await mkdir(folder, { recursive: true });
      const imported: string[] = [];
      for (const source of chosen) {
        const from = checkShape(source, 'chosen file');
        const s = await stat(from).catch((e: unknown) => {
          throw new Error(`Cannot import ${from}: ${ioProblem(from, e).message}`);
        });
        if (!s.isFile()) throw new Error(`Cannot import ${from}: it is not a file`);
        for (let attempt = 0; ; attempt++) {
          const target = await freePath(folder, stemOf(basename(from)));
          try {
            // Never overwrites a file that appeared in the meantime; the copy appears whole or not at all.
            await copyNew(from, target);
            guard.grantListed(target, 'library');
            imported.push(target);
            break;
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw new Error(`Cannot import ${from}: ${(e as Error).message}`);
          }
        }
      }
      return imported;
    },

    async listBackups({ path }) {
      await checkPath(path);
      return listBackups(await backupsOf(path));
    },

    async restoreBackup({ path, backupId }) {
      await checkPath(path);
      notExample(path, 'restored');
      const folder = await backupsOf(path);
      const file = backupFile(folder, backupId);
      let bytes: Uint8Array;
      try {
        bytes = await readBytes(file);
      } catch (e) {
        throw new Error(`Cannot restore backup ${backupId} of ${path}: ${ioProblem(file, e).message}`);
      }
      // The version being replaced becomes a backup itself, so a restore can be undone.
      await backUp(path, folder, deps.now());
      await writeAtomic(path, bytes);
      library.invalidate(path);
      settings.addRecent(path);
      return openFromBytes(path, bytes);
    },

    async showInFolder({ path }) {
      await checkPath(path);
      shell.showItemInFolder(path);
    },

    async getSettings() {
      return publicSettings(settings.get());
    },

    async setSettings(patch) {
      const clean: Partial<Pick<Settings, 'paper' | 'language' | 'locale'>> = {};
      if (patch.paper !== undefined) clean.paper = patch.paper;
      if (patch.language !== undefined) clean.language = patch.language;
      if (patch.locale !== undefined) clean.locale = patch.locale;
      return publicSettings(settings.update(clean));
    },

    async exportPdf({ path, character, print }) {
      await checkPath(path);
      const parsed = characterArg(character, path, 'export');
      const folder = guard.kindOf(path) === 'example' ? libraryFolder() : dirname(path);
      const out = await choosePdf(join(folder, `${stemOf(basename(path))}.pdf`), 'export');
      if (out === null) return null;
      const bytes = await deps.exportPdf(parsed, print ?? { paper: settings.get().paper });
      await writeAtomic(out, bytes);
      keepCalibration(print);
      await openWhenDone(out);
      return { path: out };
    },

    async previewPrint({ path, character, print }) {
      await checkPath(path);
      return printer().preview(characterArg(character, path, 'preview'), path, print);
    },

    async printPack({ paths, print }) {
      if (printing) throw new Error('An event pack is already printing; wait for it or cancel it');
      const run = { cancelled: false };
      printing = run;
      try {
        const files: string[] = [];
        for (const p of paths) files.push(await checkPath(p));
        const day = new Date(deps.now()).toISOString().slice(0, 10);
        const out = await choosePdf(join(libraryFolder(), `Event pack ${day}.pdf`), 'print the event pack');
        if (out === null) return null;
        const result = await printer().pack(files, print, { onProgress: deps.onPrintProgress, cancelled: () => run.cancelled });
        if (result.outcome !== 'written') return result;
        await writeAtomic(out, result.bytes);
        keepCalibration(print);
        await openWhenDone(out);
        const { characters, cards, pages, problems } = result;
        return { outcome: 'written', path: out, characters, cards, pages, problems };
      } finally {
        printing = null;
      }
    },

    async printCalibration({ print }) {
      const sheet = print.stock ? `${CARD_STOCKS[print.stock].brand} ${CARD_STOCKS[print.stock].code}` : `${print.paper === 'a4' ? 'A4' : 'Letter'} ${print.size}`;
      const out = await choosePdf(join(libraryFolder(), `Calibration page ${sheet}.pdf`), 'print the calibration page');
      if (out === null) return null;
      const bytes = await printer().calibration(print, settings.get().language);
      await writeAtomic(out, bytes);
      keepCalibration(print);
      await openWhenDone(out);
      return { path: out };
    },

    async cancelPrint() {
      if (printing) printing.cancelled = true;
    },

    async saveDraft({ path, character }) {
      await checkPath(path);
      notExample(path, 'drafted');
      return writeDraft(await drafts(), path, character, deps.now());
    },

    async listDrafts() {
      const { drafts: found } = await readDrafts(await drafts());
      // A draft names the file it belongs to; that file was granted when the draft was written.
      // Grant it again for this session only where the renderer could reach it anyway: inside the
      // library (checked again on every use), already granted, or a recent file the user chose. A
      // draft file is just a file in the library, so it must not hand out any other path.
      const offered = [];
      for (const d of found) {
        if (guard.kindOf(d.path) === undefined) {
          if (isInside(libraryFolder(), d.path)) guard.grantListed(d.path, 'library');
          else if (settings.get().recentFiles.includes(d.path)) await guard.grantChosen(d.path);
          else continue;
        }
        offered.push(d);
      }
      return offered;
    },

    async discardDraft({ path }) {
      await checkPath(path);
      await removeDraft(await drafts(), path);
    },

    async saveSession({ path, session }) {
      await checkPath(path);
      notExample(path, 'kept');
      return writeSession(await drafts(), path, session, deps.now());
    },

    async loadSession({ path }) {
      await checkPath(path);
      return readSession(await drafts(), path);
    },

    async discardSession({ path }) {
      await checkPath(path);
      await removeSession(await drafts(), path);
    },

    // The event desk (electron/desk.ts).
    ...deskHandlers,
    // A desk print is opened when written, as Export PDF… is, and keeps its printer corrections.
    async reprintChanged(args) {
      const outcome = await deskHandlers.reprintChanged(args);
      if (outcome?.kind === 'printed') {
        keepCalibration(args.print);
        await openWhenDone(outcome.path);
      }
      return outcome;
    },
    // Sharing an event between desks (electron/sync-handlers.ts).
    ...syncHandlerMethods(deps.sync ?? createSyncHandlers({ guard, desk: () => deps.settings.deskIdentity() })),
  };

  // Every entry validates its arguments against the contract before running.
  const table = {} as Record<InvokeMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(impl) as InvokeMethod[]) {
    const run = impl[method] as (...args: unknown[]) => Promise<unknown>;
    table[method] = async (...args: unknown[]) => run(...(validateArgs(method, args) as unknown[]));
  }
  return table as unknown as IpcHandlers;
}

function publicSettings(s: Settings): Settings {
  return {
    libraryFolder: s.libraryFolder,
    recentFiles: [...s.recentFiles],
    paper: s.paper,
    language: s.language,
    locale: s.locale,
    calibrations: (s.calibrations ?? []).map((c) => ({ ...c, offsetMm: { ...c.offsetMm }, backOffsetMm: { ...c.backOffsetMm } })),
    printer: s.printer ?? '',
  };
}

/** "Ayla" -> "Ayla.character.json"; "Ayla.json" -> "Ayla.character.json" (for `.character.json`). */
export function withSuffix(path: string, suffix: string): string {
  if (path.toLowerCase().endsWith(suffix)) return path;
  if (suffix === CHARACTER_FILE_SUFFIX && path.toLowerCase().endsWith('.json')) return `${path.slice(0, -'.json'.length)}${suffix}`;
  return `${path}${suffix}`;
}

/** A plain file name from the renderer: no folders, no hidden files, nothing a file system refuses. */
export function checkFileName(fileName: string): string {
  if (fileName !== basename(fileName) || /[\\/]/.test(fileName)) throw new PathError(`fileName "${fileName}" must be a file name, not a path`);
  const stem = stemOf(fileName);
  if (stem === '' || safeStem(stem) !== stem) {
    throw new PathError(`fileName "${fileName}" is not allowed: it must not be empty, start with a dot, end with a dot or space, or contain < > : " / \\ | ? * or control characters`);
  }
  return fileName;
}

/**
 * Moves a file without ever replacing another. A change of case only ("ayla" -> "Ayla") is a
 * plain rename, but only when no file of exactly the new name is listed: on FAT, exFAT, NTFS and
 * APFS the two names are one file, while on ext4 they may be two and the other must survive.
 */
async function moveNoOverwrite(from: string, to: string, caseOnly: boolean): Promise<void> {
  if (caseOnly) {
    const listed = await readdir(dirname(to));
    if (listed.includes(basename(to))) throw new Error(`Cannot rename: ${to} already exists`);
    // The new name finds a file though none is listed under it: the same file, in another case.
    // Two renames through a free visible name, since some FAT drivers (fusefat) free a file's
    // clusters when asked to rename it onto itself; a crash between the two leaves the file under
    // the middle name, still listed in the library.
    if (await exists(to)) {
      const middle = await freePath(dirname(to), `${stemOf(basename(to))} (renaming)`);
      await renameNoReplace(from, middle);
      await rename(middle, to);
      return;
    }
  }
  try {
    await moveNew(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`Cannot rename: ${to} already exists`);
    throw e;
  }
}
