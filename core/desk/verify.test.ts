import { describe, expect, it } from 'vitest';
import { qrPayload } from '../pdf/qr';
import { unreadableCharacter, type DeskCharacter } from './characters';
import { newEvent } from './event';
import { cardFacts, factChanges } from './facts';
import { newPrint, recordPrints } from './lifecycle';
import { verifyCard } from './verify';
import { EXAMPLES, example, exampleDesk, stampAt } from './testing';
import { cardCodePayload } from '../pdf/card-code';
import { namedDesk } from './editions';

const start = newEvent({ name: 'Autumn Muster', game: 'fortunes-landing', start: '2026-10-02', homeDesk: namedDesk('Front desk').id });
const T1 = '2026-09-30T20:00:00+01:00';
const T2 = '2026-10-02T09:00:00+01:00';
const readable = (c: DeskCharacter) => {
  if (!c.readable) throw new Error('unreadable');
  return c;
};
const card = (c: DeskCharacter) => qrPayload(readable(c).character.id, readable(c).hash);

describe('verifying a card', () => {
  const dimitri = exampleDesk('dimitri');
  const printed = recordPrints(start, [newPrint(readable(dimitri), ['CH-1', 'IT-1'])], stampAt(T1)).event;

  it('matches a card printed from the current file', () => {
    const r = verifyCard(card(dimitri), [dimitri, exampleDesk('aldric')], printed);
    expect(r).toMatchObject({ kind: 'match', file: 'dimitri.character.json', name: 'Dimitri', player: 'Sam', printedAt: T1 });
    // Scanners may add spaces or lower-case the text.
    expect(verifyCard(`  ${card(dimitri).toLowerCase()}\n`, [dimitri], printed).kind).toBe('match');
  });

  it('says what changed since the card was printed', () => {
    // Light chain (3) became heavy chain (4) on the torso; a skill was raised; the potion was used up.
    const now = exampleDesk('dimitri', {
      armour: [{ name: 'Chain shirt', type: 'heavy-chain', locations: ['torso'] }],
      skills: [{ id: 'strikes', level: 2 }],
      items: [],
    });
    const r = verifyCard(card(dimitri), [now], printed);
    expect(r.kind).toBe('changed');
    if (r.kind !== 'changed') return;
    expect(r.superseded).toBe(false);
    expect(r.printedAt).toBe(T1);
    expect(r.changes).toEqual([
      'armour: "3 over torso" → "4 over torso"',
      'armour worn: added Chain shirt: heavy-chain on torso; removed Chain shirt: light-chain on torso',
      'skills: added Strikes 2; removed Strikes',
      'items: removed Potion of Cure Light Wounds (potion), expires End of season: Heals any one limb Wound at once.',
    ]);
  });

  it('says a replaced card is void', () => {
    const now = exampleDesk('dimitri', { player: 'Samantha' });
    const reprinted = recordPrints(printed, [newPrint(readable(now), ['CH-1'])], stampAt(T2)).event;
    const r = verifyCard(card(dimitri), [now], reprinted);
    expect(r).toMatchObject({ kind: 'changed', superseded: true, printedAt: T1 });
    expect(r.message).toContain('it is void');
    // The newest card matches.
    expect(verifyCard(card(now), [now], reprinted)).toMatchObject({ kind: 'match', printedAt: T2 });
  });

  it('with editions: an old edition is void, replaced by the next on its date, with what changed', () => {
    const now = exampleDesk('dimitri', { player: 'Samantha', skills: [{ id: 'strikes', level: 2 }] });
    const reprinted = recordPrints(printed, [newPrint(readable(now), ['CH-1'])], stampAt(T2)).event;
    const old = cardCodePayload(EXAMPLES.dimitri.id, readable(dimitri).hash, 'CH-1/1');
    const r = verifyCard(old, [now], reprinted);
    expect(r).toMatchObject({ kind: 'changed', superseded: true, label: 'CH-1/1', printedAt: T1, replacedBy: { label: 'CH-1/2', edition: '2', at: T2 } });
    expect(r.message).toBe('void: replaced by edition 2 on 2026-10-02 09:00 (CH-1/2); collect CH-1/1.');
    if (r.kind === 'changed') expect(r.changes).toEqual(['player: "Sam" → "Samantha"', 'skills: added Strikes 2; removed Strikes']);
    // The new edition matches; the potion card's edition 1 was withdrawn (no longer printed).
    expect(verifyCard(cardCodePayload(EXAMPLES.dimitri.id, readable(now).hash, 'CH-1/2'), [now], reprinted)).toMatchObject({ kind: 'match', label: 'CH-1/2', printedAt: T2 });
    // A card of the current edition from a file changed since: reprint, not void.
    const later = exampleDesk('dimitri', { player: 'Sami', skills: [{ id: 'strikes', level: 2 }] });
    expect(verifyCard(cardCodePayload(EXAMPLES.dimitri.id, readable(now).hash, 'CH-1/2'), [later], reprinted)).toMatchObject({ kind: 'changed', superseded: false, changes: ['player: "Samantha" → "Sami"'] });
    // A card printed before editions (QM1) still verifies by its hash.
    expect(verifyCard(card(dimitri), [now], reprinted)).toMatchObject({ kind: 'changed', superseded: true, printedAt: T1 });
  });

  it('handles a card not printed for this event, and a change the card does not show', () => {
    const notesOnly = exampleDesk('dimitri', { notes: 'Owes the smith 3 crowns.' });
    const r = verifyCard(card(dimitri), [notesOnly], start);
    expect(r).toMatchObject({ kind: 'changed', printedAt: null, changes: ['this card was not printed for this event, so what it said is not known'] });
    const facts = cardFacts(example('dimitri'), readable(dimitri).derivation);
    const changed = readable(notesOnly);
    expect(factChanges(facts, cardFacts(changed.character, changed.derivation))).toEqual(['notes: "The warrior from the armour rules\' example: light chain mail worth 3." → "Owes the smith 3 crowns."']);
  });

  it('does not know a character that is not in the folder, and mentions unreadable files', () => {
    const other = card(exampleDesk('vasil'));
    expect(verifyCard(other, [dimitri], printed)).toMatchObject({ kind: 'unknown', id: EXAMPLES.vasil.id, message: `No character in this folder has the id ${EXAMPLES.vasil.id}.` });
    const r = verifyCard(other, [dimitri, unreadableCharacter('x.character.json', 'file.empty', 'x: empty')], printed);
    expect(r.message).toContain('(1 file could not be read; it may be one of them)');
  });

  it('refuses text that is not a Quartermaster code', () => {
    expect(verifyCard('https://example.com', [dimitri], printed).kind).toBe('not-a-card');
    expect(verifyCard('QM1:not-an-id:abc', [dimitri], printed).kind).toBe('not-a-card');
  });
});
