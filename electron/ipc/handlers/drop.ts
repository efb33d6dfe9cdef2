// Files dropped on the window (core/ipc/drop.ts). The page cannot name these paths itself: the
// preload passes on only paths it read from dropped File objects (electron/preload.ts), so each one
// is the user's choice, granted as a dialog's choice is (PathGuard.grantChosen). Only kinds the
// view asked for are granted; every other path is answered with what it is and left ungranted.
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { EVENT_FILE_SUFFIX } from '../../../core/desk/event';
import type { DroppedPath } from '../../../core/ipc/contract';
import { CHARACTER_FILE_SUFFIX } from '../../../core/model/ids';
import { checkShape } from '../../app/paths';
import type { IpcHandlers } from '../types';
import type { HandlerContext } from './context';

type Found = DroppedPath['is'];

/** What a path is, by its file system entry (links followed) and its name. */
async function kindOf(path: string): Promise<Found> {
  const s = await stat(path).catch(() => null);
  if (!s) return 'missing';
  if (s.isDirectory()) return 'folder';
  if (!s.isFile()) return 'other';
  const name = basename(path);
  if (name.toLowerCase().endsWith(CHARACTER_FILE_SUFFIX)) return 'character';
  // As the desk finds event files in a folder: the suffix in its own case.
  if (name.endsWith(EVENT_FILE_SUFFIX)) return 'event-file';
  return 'other';
}

export function dropHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'grantDropped'> {
  const { guard } = ctx;
  return {
    async grantDropped({ paths, accept }) {
      // Every path is checked before any is granted: a call with one bad path grants nothing.
      const checked = paths.map((p) => checkShape(p, 'dropped file'));
      const out: DroppedPath[] = [];
      for (const path of checked) {
        const is = await kindOf(path);
        if (is === 'character' && accept.includes('character')) {
          out.push({ path: await guard.grantChosen(path), granted: true, is });
        } else if ((is === 'event-file' || is === 'folder') && accept.includes('event')) {
          // An event file opens its folder, as "Open event folder…" would with that folder chosen.
          const folder = await guard.grantChosen(is === 'folder' ? path : dirname(path));
          out.push({ path, granted: true, is, folder, ...(is === 'event-file' ? { eventFile: path } : {}) });
        } else {
          out.push({ path, granted: false, is });
        }
      }
      return out;
    },
  };
}
