// Game packs (core/ipc/packs.ts): the packs of the built-in set, the app's packs folder and the open
// library's `packs/` folder, for the Games page and the editor's budget.
import { mkdir } from 'node:fs/promises';
import { gamePacksFolder, listPacksIn } from '../../packs/packs';
import type { IpcHandlers } from '../types';
import type { HandlerContext } from './context';

export function packHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'listPacks' | 'openPacksFolder'> {
  const appFolder = () => {
    const folder = ctx.deps.packsFolder;
    if (folder === undefined) throw new Error('this app has no packs folder');
    return folder;
  };
  return {
    listPacks: () => listPacksIn(appFolder(), gamePacksFolder(ctx.libraryFolder())),
    async openPacksFolder() {
      const folder = appFolder();
      await mkdir(folder, { recursive: true });
      const problem = await ctx.shell.openPath?.(folder);
      // shell.openPath answers with an error message, or '' when it opened the folder.
      if (problem) throw new Error(`Cannot open ${folder}: ${problem}`);
    },
  };
}
