// Autosaved drafts and play sessions, kept beside each other in the library (core/ipc/drafts.ts).
import { readDrafts, removeDraft, writeDraft } from '../../library/drafts';
import { readSession, removeSession, writeSession } from '../../library/sessions';
import { isInside } from '../../app/paths';
import type { IpcHandlers } from '../types';
import type { HandlerContext } from './context';

export function draftHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'saveDraft' | 'listDrafts' | 'discardDraft' | 'saveSession' | 'loadSession' | 'discardSession'> {
  const { deps, settings, guard, libraryFolder, drafts, checkPath, notExample } = ctx;
  return {
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
  };
}
