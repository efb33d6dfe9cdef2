// The character's record of play (format v2, written by the event desk: docs/desk.md): its status,
// its deaths, returns and Tiles of Fate across events. Read-only: only the desk's ledger changes it.
import type { Character } from '../../core/model/character';
import { tilesOfFate } from '../../core/desk/character-record';
import { useT, type StringKey } from '../app/i18n';

const KINDS = new Set(['died', 'returned', 'convergence', 'permanent-death', 'retired', 'new-character']);

export function HistorySection({ character }: { character: Character }) {
  const { t, tn, day } = useT();
  const history = character.history ?? [];
  const fl = character.ruleset === 'fortunes-landing';
  if (history.length === 0 && !character.status && !(fl && tilesOfFate(character) !== 8)) return null;
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('history.heading')}</h2>
      {character.status && character.status !== 'active' && (
        <p>
          <strong>{t(character.status === 'dead' ? 'history.dead' : 'history.retired')}</strong>
          {character.statusReason ? `: ${character.statusReason}` : ''}
        </p>
      )}
      {fl && <p>{tn('history.tiles', tilesOfFate(character))}</p>}
      {history.length > 0 && (
        <ol aria-label={t('history.list')}>
          {history.map((h, i) => {
            const r = h as Record<string, unknown>;
            const detail = [
              r.cause === 'killing-blow' ? t('history.killingBlow') : r.cause === 'bled-out' ? t('history.bledOut') : null,
              typeof r.how === 'string' ? r.how : null,
              typeof r.cards === 'number' ? t('history.cards', { cards: r.cards, deck: String(r.deck) }) : null,
              typeof r.when === 'string' ? t('history.when', { when: r.when === 'dawn' || r.when === 'dusk' ? t(`history.when.${r.when}`) : r.when }) : null,
              typeof r.points === 'number' ? t('history.points', { points: r.points }) : null,
            ].filter(Boolean).join(', ');
            return (
              <li key={i}>
                {/* The day the desk recorded it (its own calendar day), written the locale's way: "3 Oct 2026" in en-GB, not the file's ISO digits. */}
                <time dateTime={h.at}>{day(h.at.slice(0, 10))}</time> {h.event ? `${h.event}: ` : ''}
                {KINDS.has(h.kind) ? t(`history.kind.${h.kind}` as StringKey) : h.kind}
                {detail ? ` (${detail})` : ''}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
