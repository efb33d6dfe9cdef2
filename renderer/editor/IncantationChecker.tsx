// Novitas incantation checker: pick a known spell, type the incantation, see at once whether it has
// 8 words, says the spell's name and names no other spell (the core's checkIncantation). What is
// typed here is a scratch pad: it is not saved in the character file.
import { useId, useState } from 'react';
import { checkIncantation, INCANTATION_MIN_WORDS, type IncantationProblem } from '../../core/rulesets/novitas';
import { incantationWords } from '../../core/rulesets/novitas-incantation';
import { useT, type Tools } from '../app/i18n';

export function IncantationChecker({ spells }: { spells: readonly string[] }) {
  const tools = useT();
  const { t, tn } = tools;
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [text, setText] = useState('');
  const spell = spells.includes(chosen) ? chosen : (spells[0] ?? '');
  const problems = text.trim() === '' ? [] : checkIncantation(text, spell, spells);
  const words = incantationWords(text).length;

  return (
    <section className="incantation" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('incant.heading')}</h3>
      <div className="form-grid">
        <label className="field">
          <span className="label-text">{t('incant.spell')}</span>
          <select value={spell} onChange={(e) => setChosen(e.target.value)} disabled={spells.length === 0}>
            {spells.length === 0 && <option value="">{t('incant.noSpells')}</option>}
            {[...new Set(spells)].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="field field-wide">
          <span className="label-text">{t('incant.text')}</span>
          <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-result`} />
        </label>
      </div>
      <div id={`${id}-result`} className="incant-result" aria-live="polite">
        {text.trim() === '' ? (
          <p className="hint">{t('incant.help', { min: INCANTATION_MIN_WORDS })}</p>
        ) : (
          <>
            <p className="muted">{tn('incant.words', words)}</p>
            {problems.length === 0 ? (
              <p className="ok-text">{t('incant.ok')}</p>
            ) : (
              <ul className="field-rules">
                {problems.map((p, i) => (
                  <li key={i} className="field-rule field-rule-error">
                    <span className="badge badge-error">{t('rules.error')}</span> {problemText(p, words, spell, tools)}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** The problem in the current language, from its code (the core's message is English). */
function problemText(p: IncantationProblem, words: number, spell: string, { t, tn }: Tools): string {
  switch (p.code) {
    case 'nov.incant.too-short':
      return tn('incant.tooShort', words, { min: INCANTATION_MIN_WORDS });
    case 'nov.incant.no-spell-name':
      return t('incant.noSpell');
    case 'nov.incant.missing-name':
      return t('incant.missingName', { spell });
    case 'nov.incant.other-spell':
      return t('incant.otherSpell', { spell: p.spell ?? '' });
  }
}
