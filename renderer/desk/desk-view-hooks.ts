// The desk view's window-wide keys and its refresh: Ctrl/Cmd+F to the search, Ctrl/Cmd+Z to undo
// (Ctrl+Shift+Z or Ctrl+Y to redo),
// and the folder read again when it may have changed.
import { useEffect, type RefObject } from 'react';
import type { QuartermasterApi } from '../../core/ipc/contract';
import type { DeskActions } from './actions';
import type { DeskStore } from './store';
import { QUEUE_SEARCH_ID } from './QueueSearch';

/**
 * Ctrl/Cmd+F goes to the desk's search: the table draws only the rows on screen, so the browser's
 * find would miss the others, while the search looks through every row.
 */
export function useFindShortcut(search: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'f') return;
      e.preventDefault();
      search.current?.focus();
      search.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [search]);
}

/**
 * Rows follow the files without a Reload: the folder is read again when the desk comes back on
 * screen (after a character was saved in the editor), when the library watcher reports a change
 * (the event folder is in the library, or any file there was saved), and when the window gets the
 * focus back (a file changed by another program). Reading again re-reads only changed files.
 */
export function useAutoRefresh(store: DeskStore, actions: DeskActions, api: QuartermasterApi) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (store.get().visible) void actions.refresh();
      }, 250);
    };
    const offLibrary = api.onLibraryChanged(soon);
    // The view is drawn afresh each time the desk comes back on screen: a folder already open is read again.
    if (store.get().desk) void actions.refresh();
    window.addEventListener('focus', soon);
    return () => {
      clearTimeout(timer);
      offLibrary();
      window.removeEventListener('focus', soon);
    };
  }, [store, actions, api]);
}

/**
 * Ctrl/Cmd+Z undoes the desk's last action (a check-in, a death, a transfer…), Ctrl/Cmd+Shift+Z
 * and Ctrl+Y redo it, wherever the focus is except in a text box (there they undo and redo typing,
 * as usual). The key is taken (preventDefault), so the Edit menu's Undo or Redo does not fire as
 * well; the menu's, chosen with the mouse, do the same.
 */
export function useUndoShortcut(store: DeskStore, actions: DeskActions, api: QuartermasterApi) {
  useEffect(() => {
    // The empty search box counts as no text box: a check-in sends the focus there (the queue), and
    // it has no typing to undo.
    const inText = (el: Element | null) =>
      el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type) && !(el.id === QUEUE_SEARCH_ID && el.value === '')) || (el instanceof HTMLElement && el.isContentEditable);
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      const doing = key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : key === 'y' && !e.shiftKey && e.ctrlKey ? 'redo' : null;
      if (doing === null || inText(document.activeElement)) return;
      e.preventDefault();
      void actions[doing]();
    };
    window.addEventListener('keydown', onKeyDown);
    const offMenu = api.onMenuCommand((command) => {
      if ((command === 'undo' || command === 'redo') && store.get().visible && !inText(document.activeElement)) void actions[command]();
    });
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      offMenu();
    };
  }, [store, actions, api]);
}
