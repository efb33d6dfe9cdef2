// Files dropped on the event desk. An event file or a folder opens as that event folder (as "Open
// event folder…" would with it chosen); one at a time. Character files are not opened here: the
// desk shows an event folder's characters, so a dropped character of the open folder is looked up
// in the list, and one from elsewhere is copied into the folder's inbox to wait for a referee's
// approval (with no event file yet, refused with where to copy it). Other files are refused,
// each named.
import type { DroppedPath, QuartermasterApi } from '../../core/ipc/contract';
import { errorMessage } from '../app/api';
import type { DeskActions } from './actions';
import type { DeskStore } from './store';
import { fileList, type DroppedFile } from '../app/file-drop';
import { t } from '../app/i18n';

export async function dropOnDesk(store: DeskStore, api: QuartermasterApi, actions: DeskActions, files: readonly DroppedFile[]): Promise<void> {
  const withPath = files.filter((f) => f.path !== '');
  let found: DroppedPath[] = [];
  if (withPath.length > 0) {
    try {
      // With an event open, a player's character file is taken too: it goes into the inbox (docs/season.md).
      const open = store.get().desk?.eventFile.kind === 'file';
      found = await api.grantDropped({ paths: withPath.map((f) => f.path), accept: open ? ['event', 'character'] : ['event'] });
    } catch (e) {
      actions.notify('error', t('desk.drop.failed', { message: errorMessage(e) }));
      return;
    }
  }
  const named = found.map((r, i) => ({ ...r, name: withPath[i]?.name ?? r.path }));
  const pick = (...kinds: DroppedPath['is'][]) => named.filter((r) => !r.granted && kinds.includes(r.is));
  const problems: string[] = [];
  const other = pick('other');
  const missing = [...files.filter((f) => f.path === ''), ...pick('missing')];
  if (other.length > 0) problems.push(t('desk.drop.notEvent', { files: fileList(other) }));
  if (missing.length > 0) problems.push(t('desk.drop.missing', { files: fileList(missing) }));

  const events = named.flatMap((r) => (r.granted && r.is !== 'character' ? [{ ...r }] : []));
  if (events.length > 1) problems.push(t('desk.drop.several', { files: fileList(events) }));
  const [event] = events;
  // A folder that cannot be read says why itself (the desk's notice).
  if (events.length === 1 && event && (await actions.openGrantedFolder(event.folder, event.eventFile)) === null) return;

  let info: string | null = null;
  const characters = [...pick('character'), ...named.filter((r) => r.granted && r.is === 'character')];
  const desk = store.get().desk;
  if (characters.length > 0 && !desk) problems.push(t('desk.drop.noFolder', { files: fileList(characters) }));
  if (characters.length > 0 && desk) {
    const inFolder = new Set(desk.rows.map((r) => r.file));
    const here = characters.filter((c) => inFolder.has(c.path));
    const elsewhere = characters.filter((c) => !inFolder.has(c.path));
    if (elsewhere.length > 0 && desk.eventFile.kind === 'file') {
      // A player's file from elsewhere waits in the folder's inbox for a referee's approval (copied, never moved).
      try {
        for (const c of elsewhere) await api.addToInbox({ folder: desk.folder, path: c.path });
        info = t('desk.drop.toInbox', { files: fileList(elsewhere) });
        await actions.reload();
      } catch (e) {
        problems.push(t('desk.drop.failed', { message: errorMessage(e) }));
      }
    } else if (elsewhere.length > 0) problems.push(t('desk.drop.notInFolder', { files: fileList(elsewhere), folder: desk.folder }));
    const [one] = here;
    if (info) {
      // Said above: the files went into the inbox.
    } else if (here.length === 1 && one) {
      // The search finds it by its file name (the search box is also the check-in line: Enter checks it in).
      actions.setFilter({ query: one.name });
      info = t('desk.drop.found', { file: one.name });
    } else if (here.length > 1) info = t('desk.drop.foundSeveral', { files: fileList(here) });
  }
  if (problems.length > 0) actions.notify('error', [...problems, ...(info ? [info] : [])].join(' '));
  else if (info) actions.notify('info', info);
}
