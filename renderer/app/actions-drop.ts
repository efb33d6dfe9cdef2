// Character files dropped on the window (the library, the editor): opened as a file double-clicked
// in the file manager is, once unsaved changes are dealt with. The app shows one character at a
// time, so of several the first opens and the others are named. Files of other kinds are refused,
// each named; event files and folders belong to the desk.
import type { DroppedPath } from '../../core/ipc/contract';
import type { ActionContext } from './actions-context';
import { fileList, type DroppedFile } from './file-drop';
import { t } from './strings';

export function dropActions(ctx: ActionContext) {
  const { api, notify, fail, guard } = ctx;
  return {
    async dropFiles(files: readonly DroppedFile[]) {
      const withPath = files.filter((f) => f.path !== '');
      let found: DroppedPath[] = [];
      if (withPath.length > 0) {
        try {
          found = await api.grantDropped({ paths: withPath.map((f) => f.path), accept: ['character'] });
        } catch (e) {
          fail('drop.failed', e);
          return;
        }
      }
      const named = found.map((r, i) => ({ ...r, name: withPath[i]?.name ?? r.path }));
      const characters = named.filter((r) => r.granted);
      const pick = (...kinds: DroppedPath['is'][]) => named.filter((r) => !r.granted && kinds.includes(r.is));
      const problems: string[] = [];
      const other = pick('other');
      const events = pick('event-file', 'folder');
      const missing = [...files.filter((f) => f.path === ''), ...pick('missing')];
      if (other.length > 0) problems.push(t('drop.notCharacter', { files: fileList(other) }));
      if (events.length > 0) problems.push(t('drop.eventHere', { files: fileList(events) }));
      if (missing.length > 0) problems.push(t('drop.missing', { files: fileList(missing) }));
      const [first, ...rest] = characters;
      if (!first) {
        if (problems.length > 0) notify({ kind: 'error', text: problems.join(' ') });
        return;
      }
      if (rest.length > 0) problems.push(t('drop.oneAtATime', { file: first.name, files: fileList(rest) }));
      await guard(async () => {
        await ctx.actions.openEntry(first.path);
        // Opening clears the notice: what was refused is said after it.
        if (problems.length > 0) notify({ kind: other.length + events.length + missing.length > 0 ? 'error' : 'info', text: problems.join(' ') });
      });
    },
  };
}
