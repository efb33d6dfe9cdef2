// The right-click menu of the window, as the system's native menu: spelling suggestions for a
// misspelled word (with "Add to Dictionary"), then Cut, Copy, Paste and Select All as the field
// allows. Built from Electron's context-menu parameters; no electron import, so it is testable.
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

/** At most this many suggestions are offered (as in Chrome). */
export const MAX_SUGGESTIONS = 5;

export type ContextMenuInput = Pick<ContextMenuParams, 'misspelledWord' | 'dictionarySuggestions' | 'isEditable' | 'selectionText' | 'editFlags'>;
export type ContextMenuActions = {
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
};

export function contextMenuTemplate(p: ContextMenuInput, actions: ContextMenuActions): MenuItemConstructorOptions[] {
  const out: MenuItemConstructorOptions[] = [];
  if (p.isEditable && p.misspelledWord) {
    const suggestions = p.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    if (suggestions.length === 0) out.push({ label: 'No Guesses Found', enabled: false });
    for (const s of suggestions) out.push({ label: s, click: () => actions.replaceMisspelling(s) });
    out.push({ type: 'separator' }, { label: 'Add to Dictionary', click: () => actions.addToDictionary(p.misspelledWord) }, { type: 'separator' });
  }
  if (p.isEditable) {
    out.push(
      { role: 'cut', enabled: p.editFlags.canCut },
      { role: 'copy', enabled: p.editFlags.canCopy },
      { role: 'paste', enabled: p.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: p.editFlags.canSelectAll },
    );
  } else if (p.selectionText.trim() !== '') {
    out.push({ role: 'copy', enabled: p.editFlags.canCopy }, { type: 'separator' }, { role: 'selectAll', enabled: p.editFlags.canSelectAll });
  }
  return out;
}
