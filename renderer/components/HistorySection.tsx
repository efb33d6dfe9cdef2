// The character's record of play (format v2, written by the event desk: docs/desk.md): its status,
// its deaths, returns and Tiles of Fate across events. Read-only: only the desk's ledger changes it.
import type { Character } from '../../core/model/character';
import { tilesOfFate } from '../../core/desk/character-record';

const WORDS: Record<string, string> = {
  died: 'Died',
  returned: 'Returned from death',
  convergence: 'Convergence passed while Dead',
  'permanent-death': 'Permanent death',
  retired: 'Retired',
  'new-character': 'Made after a death',
};

export function HistorySection({ character }: { character: Character }) {
  const history = character.history ?? [];
  const fl = character.ruleset === 'fortunes-landing';
  if (history.length === 0 && !character.status && !(fl && tilesOfFate(character) !== 8)) return null;
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">Record of play</h2>
      {character.status && character.status !== 'active' && (
        <p>
          <strong>{character.status === 'dead' ? 'Dead' : 'Retired'}</strong>
          {character.statusReason ? `: ${character.statusReason}` : ''}
        </p>
      )}
      {fl && <p>Tiles of Fate: {tilesOfFate(character)} cards</p>}
      {history.length > 0 && (
        <ol aria-label="Deaths, returns and retirements">
          {history.map((h, i) => {
            const r = h as Record<string, unknown>;
            const detail = [r.cause === 'killing-blow' ? 'killing blow' : r.cause === 'bled-out' ? 'bled out' : null, typeof r.how === 'string' ? r.how : null, typeof r.cards === 'number' ? `+${r.cards} Tiles of Fate cards (deck ${String(r.deck)})` : null, typeof r.when === 'string' ? `at ${r.when}` : null, typeof r.points === 'number' ? `${r.points} points` : null].filter(Boolean).join(', ');
            return (
              <li key={i}>
                <time dateTime={h.at}>{h.at.slice(0, 10)}</time> {h.event ? `${h.event}: ` : ''}
                {WORDS[h.kind] ?? h.kind}
                {detail ? ` (${detail})` : ''}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
