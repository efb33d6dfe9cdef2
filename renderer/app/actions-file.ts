// The open character's file: save (and its conflicts), save as, leaving with unsaved changes,
// backups, the PDF export and the file manager.
import { canonicalJson } from '../../core/format/hash';
import { packsStoreFor } from '../games/store';
import { stampPack } from '../games/stamp';
import type { Character } from '../../core/model/character';
import type { ActionContext } from './actions-context';
import { formatDateTime } from './format';
import { isDirty, type Doc } from './store';
import { t } from './strings';

export function fileActions(ctx: ActionContext) {
  const { api, set, notify, fail, currentDoc, updateDoc } = ctx;
  /** A save the user makes records the game pack used now (renderer/games/stamp.ts). */
  const stamped = (character: Character) => stampPack(character, packsStoreFor(api).get().listing);
  /** After a save: the doc holds what was written, and edits made meanwhile keep the stamp too. */
  const afterSave = (d: Doc, sent: Character, written: Character): Character => (d.character === sent ? written : stamped(d.character));

  /** Saves the open character if it has changes. `force` overwrites a file changed on disk. */
  const save = async (force = false): Promise<boolean> => {
    const doc = currentDoc();
    if (!doc || doc.readOnly || doc.saving) return false;
    if (!force && !isDirty(doc)) return true;
    const { path } = doc;
    const character = stamped(doc.character);
    updateDoc(path, (d) => ({ ...d, saving: true }));
    try {
      const result = await api.saveCharacter(force ? { path, character, expectedHash: doc.hash, force } : { path, character, expectedHash: doc.hash });
      if (result.ok) {
        updateDoc(path, (d) => ({ ...d, character: afterSave(d, doc.character, character), path: result.path, hash: result.hash, savedJson: canonicalJson(character), saving: false, backups: null }));
        set((s) => (s.prompt?.kind === 'conflict' ? { ...s, prompt: null } : s));
        ctx.drafted = null;
        void ctx.discardDraftOf(path);
        return true;
      }
      updateDoc(path, (d) => ({ ...d, saving: false }));
      if (result.reason === 'conflict') set((s) => ({ ...s, prompt: { kind: 'conflict', message: result.message } }));
      else notify({ kind: 'error', text: t('character.saveFailed', { message: result.message }) });
      return false;
    } catch (e) {
      updateDoc(path, (d) => ({ ...d, saving: false }));
      fail('character.saveFailed', e);
      return false;
    }
  };

  return {
    save,

    async saveAs(): Promise<boolean> {
      const doc = currentDoc();
      if (!doc || doc.saving) return false;
      const { path } = doc;
      const character = stamped(doc.character);
      try {
        const result = await api.saveCharacterAs({ character });
        if (!result) return false;
        if (!result.ok) {
          notify({ kind: 'error', text: t('character.saveFailed', { message: result.message }) });
          return false;
        }
        updateDoc(path, (d) => {
          const next: Doc = { ...d, character: afterSave(d, doc.character, character), path: result.path, hash: result.hash, savedJson: canonicalJson(character), readOnly: false, backups: null };
          delete next.readOnlyReason;
          return next;
        });
        return true;
      } catch (e) {
        fail('character.saveFailed', e);
        return false;
      }
    },

    async resolveConflict(choice: 'overwrite' | 'reload' | 'cancel') {
      const doc = currentDoc();
      ctx.closePrompt();
      if (!doc || choice === 'cancel') return;
      if (choice === 'overwrite') await save(true);
      else await ctx.actions.openEntry(doc.path);
    },

    async resolveLeave(choice: 'save' | 'discard' | 'cancel') {
      const prompt = ctx.store.get().prompt;
      if (prompt?.kind !== 'leave') return;
      ctx.closePrompt();
      if (choice === 'cancel') return;
      if (choice === 'save' && !(await save())) return;
      const doc = currentDoc();
      if (choice === 'discard' && doc) {
        ctx.drafted = null;
        await ctx.discardDraftOf(doc.path);
      }
      await prompt.then();
    },

    async showInFolder() {
      const doc = currentDoc();
      if (!doc) return;
      try {
        await api.showInFolder({ path: doc.path });
      } catch (e) {
        fail('character.openFailed', e);
      }
    },

    async exportPdf() {
      const doc = currentDoc();
      if (!doc) return;
      try {
        const result = await api.exportPdf({ path: doc.path, character: doc.character });
        if (result) notify({ kind: 'info', text: t('character.pdfSaved', { path: result.path }) });
      } catch (e) {
        fail('character.pdfFailed', e);
      }
    },

    async toggleBackups() {
      const doc = currentDoc();
      if (!doc) return;
      if (doc.backups) return updateDoc(doc.path, (d) => ({ ...d, backups: null }));
      try {
        const backups = await api.listBackups({ path: doc.path });
        updateDoc(doc.path, (d) => ({ ...d, backups: [...backups].sort((a, b) => b.savedMs - a.savedMs) }));
      } catch (e) {
        fail('backups.failed', e);
      }
    },

    restoreBackup(backupId: string, savedMs: number) {
      const doc = currentDoc();
      if (!doc) return;
      return ctx.guard(async () => {
        try {
          const result = await api.restoreBackup({ path: doc.path, backupId });
          ctx.showOpenResult(result);
          if (result.ok) notify({ kind: 'info', text: t('backups.restored', { when: formatDateTime(savedMs) }) });
        } catch (e) {
          fail('character.openFailed', e);
        }
      });
    },
  };
}
