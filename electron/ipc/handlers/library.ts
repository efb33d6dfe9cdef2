// The library folder, the examples, importing files and a file's backups (core/ipc/library.ts).
import { mkdir, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { backUp, backupFile, copyNew, freePath, ioProblem, listBackups, openFromBytes, readBytes, stemOf, writeAtomic } from '../../../node/fs/files';
import { checkShape } from '../../app/paths';
import type { IpcHandlers } from '../types';
import type { HandlerContext } from './context';

export function libraryHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'listLibrary' | 'chooseLibraryFolder' | 'openExamples' | 'importCharacters' | 'listBackups' | 'restoreBackup' | 'showInFolder'> {
  const { deps, settings, dialogs, shell, library, guard, libraryFolder, backupsOf, checkPath, notExample, listFolder } = ctx;
  return {
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

    async openExamples() {
      return listFolder(deps.examplesFolder, 'example');
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
  };
}
