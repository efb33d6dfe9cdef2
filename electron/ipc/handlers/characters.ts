// Character files: new, open, save, save as, duplicate, a new id, rename, delete (core/ipc/characters.ts).
import { readdir, realpath, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { loadCharacterBytes } from '../../../core/format/load';
import { characterSchema } from '../../../core/model/character';
import { CHARACTER_FILE_SUFFIX, CURRENT_VERSION, FILE_FORMAT } from '../../../core/model/ids';
import { exists, freePath, ioProblem, moveBackups, moveNew, openFile, readBytes, renameNoReplace, safeStem, stemOf } from '../../../node/fs/files';
import { sha256Hex } from '../../../node/fs/sha256';
import { checkShape, isInside, PathError, realTarget } from '../../app/paths';
import type { IpcHandlers } from '../types';
import { EXAMPLE_READ_ONLY, withSuffix, type HandlerContext } from './context';

export function characterHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'newCharacter' | 'openCharacter' | 'openCharacterDialog' | 'saveCharacter' | 'saveCharacterAs' | 'duplicateCharacter' | 'renameCharacter' | 'deleteCharacter' | 'giveNewId'> {
  const { settings, dialogs, shell, library, guard, newId, libraryFolder, backupsOf, checkPath, notExample, opened, writeCharacter, createIn } = ctx;
  return {
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
      const saved = await writeCharacter(path, { ...loaded.character, id }, sha256Hex(bytes), false);
      if (!saved.ok) throw new Error(`Cannot give ${path} a new id: ${saved.message}`);
      return { path, previousId: loaded.character.id.toLowerCase(), id, hash: saved.hash };
    },
  };
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
