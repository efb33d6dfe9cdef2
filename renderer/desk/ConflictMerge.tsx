// A character edited at two desks while they were apart, in the desk view: what differs, field by
// field with each version's value side by side; the volunteer picks per field which to keep (and may
// type over the free text: name, player, notes), sees the rules check of the merged character as
// the editor makes it, and saves the merge — or keeps one version as it is. Either goes through
// the main process's resolveSyncConflict, so every desk gets the same character.
import { useMemo, useState } from 'react';
import { conflictFields, mergeVersions, type MergeChoice, type MergeField } from '../../core/desk/conflict-merge';
import type { SyncStatus } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { derive } from '../../core/rulesets/index';
import type { Violation } from '../../core/rulesets/types';
import { fieldName, valueText } from '../editor/conflict-words';
import { fieldOf } from '../editor/field-paths';
import { fileProblems } from '../editor/file-check';
import { useT } from '../app/i18n';
import { violationText } from '../editor/violation-text';
import { describeField } from '../editor/RulesSection';

type Conflict = SyncStatus['conflicts'][number];

/** The rules check of a character as the editor makes it: the file format's problems, then the game's. */
function checkOf(character: Character): { violations: Violation[]; fileErrors: number; failure: string | null } {
  const file = fileProblems(character);
  try {
    return { violations: [...file, ...derive(character).violations], fileErrors: file.length, failure: null };
  } catch (e) {
    return { violations: file, fileErrors: file.length, failure: (e as Error).message };
  }
}

export function ConflictMerge({ conflict, onKeep }: { conflict: Conflict; onKeep: (character: Character) => Promise<void> }) {
  const tools = useT();
  const { t, tn } = tools;
  const versions = useMemo(() => conflict.versions.map((v) => v.character), [conflict]);
  const fields = useMemo(() => conflictFields(versions), [versions]);
  const [pick, setPick] = useState<Record<string, number>>({});
  const [text, setText] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const choice: MergeChoice = { pick, text };
  const merged = useMemo(() => mergeVersions(versions, choice), [versions, pick, text]); // eslint-disable-line react-hooks/exhaustive-deps
  const check = useMemo(() => checkOf(merged), [merged, tools.lang]); // eslint-disable-line react-hooks/exhaustive-deps
  const title = t('desk.sync.conflict', { name: versions[0]?.name || conflict.id });
  const ruleset = merged.ruleset;

  const choose = (f: MergeField, n: number) => {
    setPick((p) => ({ ...p, [f.key]: n }));
    // Picking a version again puts its text back in the box.
    setText(({ [f.key]: _dropped, ...rest }) => rest);
  };
  const save = async (character: Character) => {
    setSaving(true);
    try {
      await onKeep(character);
    } finally {
      setSaving(false);
    }
  };
  const errors = check.violations.filter((v) => v.severity === 'error');
  const warnings = check.violations.filter((v) => v.severity === 'warning');

  return (
    <section className="desk-sync-conflict" aria-label={title}>
      <h2>{title}</h2>
      <p>{t('desk.merge.intro')}</p>
      <ul className="desk-merge-versions" aria-label={t('desk.merge.versions')}>
        {conflict.versions.map((v, i) => (
          <li key={v.rev}>{v.savedBy ? t('desk.merge.savedBy', { n: String(i + 1), desk: v.savedBy.desk, when: tools.dateTime(Date.parse(v.savedBy.at)) }) : t('desk.merge.savedUnknown', { n: String(i + 1) })}</li>
        ))}
      </ul>
      <div className="desk-merge-fields" role="group" aria-label={t('desk.merge.differs')}>
        {fields.map((f) => {
          const name = fieldName(f, tools, ruleset);
          const chosen = pick[f.key] ?? 0;
          const group = `${conflict.id}:${f.key}`;
          return (
            <fieldset key={f.key} className="desk-merge-field">
              <legend>{name}</legend>
              <div className="desk-merge-values">
                {f.values.map((value, i) => (
                  <label key={i} className="desk-merge-value">
                    <input type="radio" name={group} checked={chosen === i} onChange={() => choose(f, i)} />
                    {t('desk.merge.fromVersion', { n: String(i + 1), value: valueText(f, value, tools, versions[i]?.ruleset ?? ruleset) })}
                  </label>
                ))}
              </div>
              {f.editable && (
                <div className="desk-merge-edit">
                  <label>
                    {t('desk.merge.editText', { field: name })}
                    {f.key === 'notes' ? (
                      <textarea rows={3} value={text[f.key] ?? String(f.values[chosen] ?? '')} onChange={(e) => setText((s) => ({ ...s, [f.key]: e.target.value }))} />
                    ) : (
                      <input value={text[f.key] ?? String(f.values[chosen] ?? '')} onChange={(e) => setText((s) => ({ ...s, [f.key]: e.target.value }))} />
                    )}
                  </label>
                  {f.key === 'notes' && (
                    <button type="button" onClick={() => setText((s) => ({ ...s, notes: f.values.filter((v) => typeof v === 'string' && v.trim() !== '').join('\n\n') }))}>
                      {t('desk.merge.joinTexts')}
                    </button>
                  )}
                </div>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className="desk-merge-check" role="region" aria-label={t('desk.merge.check')}>
        <h3>{t('desk.merge.check')}</h3>
        {check.failure !== null ? (
          <p role="alert">{t('rules.failed', { message: check.failure })}</p>
        ) : check.violations.length === 0 ? (
          <p className="rules-clean">{t('rules.clean')}</p>
        ) : (
          <>
            <p>{t('rules.summary', { errors: tn('status.errors', errors.length), warnings: tn('status.warnings', warnings.length) })}</p>
            <ul className="violations">
              {[...errors, ...warnings].map((v, i) => (
                <li key={`${v.code}:${v.path}:${i}`} className={`violation violation-${v.severity}`}>
                  <span className={`badge badge-${v.severity}`}>{t(v.severity === 'error' ? 'rules.error' : 'rules.warning')}</span> <span className="violation-message">{violationText(v, tools)}</span>{' '}
                  <span className="violation-field">{describeField(fieldOf(v.path), tools)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {check.fileErrors > 0 && <p className="notice notice-error">{t('desk.merge.cannotSave')}</p>}
      <div className="button-row">
        <button type="button" className="primary" disabled={saving || check.fileErrors > 0} onClick={() => void save(merged)}>
          {t('desk.merge.save')}
        </button>
        {versions.map((v, i) => (
          <button key={conflict.versions[i]!.rev} type="button" disabled={saving} onClick={() => void save(v)}>
            {t('desk.sync.keep', { n: String(i + 1) })}
          </button>
        ))}
      </div>
    </section>
  );
}
