// Play beside the file: drafts of unsaved edits (written every few seconds, offered again after a
// crash), the condition trackers and the end of the play day.
import type { Draft, OpenResult } from '../../core/ipc/contract';
import type { Trackers } from '../../core/session/session';
import type { ActionContext } from './actions-context';
import { formatDateTime } from './format';
import { emptyHistory } from '../editor/history';
import { docFromOpened, isDirty } from './store';
import { t } from './strings';

export function draftActions(ctx: ActionContext) {
  const { api, set, notify, fail, currentDoc, updateDoc } = ctx;
  let draftFailing = false;

  return {
    /** Changes one condition tracker's state (play, not the character: no undo, never in the file). */
    setTracker<K extends keyof Trackers>(key: K, value: Trackers[K]) {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => ({ ...d, trackers: { ...d.trackers, [key]: value } }));
    },

    /** Asks whether the day is over (the undo history and the trackers are then cleared). */
    askEndDay() {
      set((s) => ({ ...s, prompt: { kind: 'end-day' } }));
    },

    /** The day is over: the undo history and the condition trackers start afresh, and the kept session goes. */
    async endDay() {
      ctx.closePrompt();
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      updateDoc(doc.path, (d) => ({ ...d, history: emptyHistory(), trackers: {} }));
      const now = currentDoc();
      if (now) ctx.kept = { path: now.path, character: now.character, history: now.history, trackers: now.trackers };
      try {
        await api.discardSession({ path: doc.path });
        notify({ kind: 'info', text: t('session.dayEnded') });
      } catch (e) {
        fail('session.saveFailed', e);
      }
    },

    /** Writes a draft of unsaved edits (once per change), or drops the draft once there are none; keeps the session. */
    async autosave() {
      const doc = currentDoc();
      if (!doc || doc.readOnly) return;
      await ctx.keepSession(doc);
      const { path, character } = doc;
      if (isDirty(doc)) {
        if (ctx.drafted?.path === path && ctx.drafted.character === character) return;
        try {
          await api.saveDraft({ path, character });
          ctx.drafted = { path, character };
          draftFailing = false;
        } catch (e) {
          // Said once, not every few seconds; the next success clears it.
          if (!draftFailing) fail('drafts.saveFailed', e);
          draftFailing = true;
        }
      } else if (ctx.drafted?.path === path) {
        ctx.drafted = null;
        await ctx.discardDraftOf(path);
      }
    },

    /** At start: offers to recover drafts newer than their files (left by a crash). */
    async checkDrafts() {
      try {
        const drafts = await api.listDrafts();
        const newer = drafts.filter((d) => d.fileModifiedMs === null || d.savedMs > d.fileModifiedMs);
        if (newer.length > 0) set((s) => (s.prompt === null ? { ...s, prompt: { kind: 'recover', drafts: newer } } : s));
      } catch (e) {
        fail('drafts.listFailed', e);
      }
    },

    /** Opens the draft's file with the draft's edits on top (undo goes back to the file). */
    recoverDraft(draft: Draft) {
      ctx.closePrompt();
      return ctx.guard(async () => {
        let result: OpenResult | null = null;
        try {
          result = await api.openCharacter({ path: draft.path });
        } catch {
          result = null;
        }
        if (result?.ok && !result.opened.readOnly) {
          ctx.show({ kind: 'character', doc: docFromOpened(result.opened) });
          ctx.actions.edit(() => draft.character);
        } else {
          // The file is gone or cannot be written: the draft opens on its own. Save writes a missing
          // file again; an unreadable one is never overwritten (Save as… keeps a copy).
          ctx.show({
            kind: 'character',
            doc: { path: draft.path, character: draft.character, savedJson: '', hash: '', readOnly: false, saving: false, backups: null, history: emptyHistory(), trackers: {}, sessionLoaded: false },
          });
        }
        notify({ kind: 'info', text: t('drafts.recovered', { when: formatDateTime(draft.savedMs) }) });
      });
    },

    /** Deletes a draft the user does not want. */
    async discardDraft(draft: Draft) {
      await ctx.discardDraftOf(draft.path);
      set((s) => {
        if (s.prompt?.kind !== 'recover') return s;
        const drafts = s.prompt.drafts.filter((d) => d.path !== draft.path);
        return { ...s, prompt: drafts.length > 0 ? { kind: 'recover', drafts } : null };
      });
    },
  };
}
