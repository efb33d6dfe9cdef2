// Watching the packs folders, so that a pack a game team is writing shows its problems on the Games
// page within a second of being saved. Each folder is watched on its own (node:fs watch, not
// recursive: only `*.pack.json` directly in a folder are read); a folder that does not exist yet
// (a library's `packs/`) is waited for through its parent. A burst of events (an editor's save is
// several) is coalesced into one call after DEBOUNCE_MS of quiet.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { PACK_FILE_SUFFIX } from '../../core/packs/schema';

export const PACKS_DEBOUNCE_MS = 200;

export type PackWatcher = {
  /** Watch these folders instead (the library folder changed). */
  retarget(folders: readonly string[]): void;
  close(): void;
};

export function watchPackFolders(folders: readonly string[], onChange: () => void, debounceMs = PACKS_DEBOUNCE_MS): PackWatcher {
  let watchers: FSWatcher[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: readonly string[] = [];
  let closed = false;

  const changed = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, debounceMs);
  };

  const tryWatch = (path: string, listener: (name: string | null) => void): boolean => {
    try {
      const w = watch(path, { persistent: false }, (_event, name) => listener(name === null ? null : String(name)));
      // A folder removed while watched, or a watcher the system drops: watch again from the start.
      w.on('error', () => rearm());
      watchers.push(w);
      return true;
    } catch {
      return false;
    }
  };

  const arm = () => {
    for (const folder of current) {
      const watching = tryWatch(folder, (name) => {
        if (name === null || name.endsWith(PACK_FILE_SUFFIX)) changed();
      });
      if (watching) continue;
      // Not there yet: its parent says when it appears (or goes), then every folder is watched again.
      const own = basename(folder);
      tryWatch(dirname(folder), (name) => {
        if (name === null || name === own) rearm();
      });
    }
  };

  const disarm = () => {
    for (const w of watchers) w.close();
    watchers = [];
  };

  function rearm() {
    if (closed) return;
    disarm();
    arm();
    changed();
  }

  const retarget = (folders: readonly string[]) => {
    current = [...folders];
    disarm();
    arm();
  };
  retarget(folders);

  return {
    retarget(folders) {
      retarget(folders);
      changed();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      disarm();
    },
  };
}
