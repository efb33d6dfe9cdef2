import { describe, expect, it } from 'vitest';
import { qrPayload } from '../pdf/qr';
import { applyLedger } from './character-record';
import { deskCharacter, type DeskCharacter } from './characters';
import { newEvent, type DeskEvent } from './event';
import { cardFacts, factChanges } from './facts';
import { outOfPlay, outOfPlayWords } from './life';
import { newPrint, planReprint, recordPrints } from './lifecycle';
import { recordEntry, type RecordRequest } from './record';
import { wallTime } from './sheet';
import { verifyCard } from './verify';
import { example, exampleDesk, fakeId, stampAt, withCheckIn } from './testing';

const at = (hhmm: string) => `2026-10-03T${hhmm}:00+01:00`;
const eventOf = (game: string) => newEvent({ name: 'Spring Gathering', game, start: '2026-10-02', end: '2026-10-04', id: fakeId(901) });
const rec = (e: DeskEvent, r: RecordRequest, hhmm: string) => recordEntry(e, r, stampAt(at(hhmm))).event;
const readable = (c: DeskCharacter) => {
  if (!c.readable) throw new Error('unreadable');
  return c;
};

describe('a dead or retired character is out of play', () => {
  const brannoc = exampleDesk('brannoc');
  const id = readable(brannoc).character.id;
  let e = withCheckIn(eventOf('curious-pastimes'), id, at('09:00'));
  e = recordPrints(e, [newPrint(readable(brannoc), ['CH-B', 'SP-B'])], stampAt(at('09:05'))).event;
  const oldCard = qrPayload(id, readable(brannoc).hash);
  e = rec(e, { kind: 'died', character: id }, '14:02');
  // The desk then writes the ledger into his file (retired, with the death in its history).
  const dead = deskCharacter('brannoc.character.json', applyLedger(readable(brannoc).character, e));

  it('Curious Pastimes: a death retires him, dead since the death', () => {
    const o = outOfPlay({ id, ruleset: 'curious-pastimes' }, e)!;
    expect([o.shown, o.retired, o.since]).toEqual(['dead', true, at('14:02')]);
    expect(outOfPlayWords(o, wallTime)).toBe('dead since 2026-10-03 14:02 (retired)');
  });

  it('reprint changed leaves him out, names him and the cards to collect', () => {
    const plan = planReprint([dead, exampleDesk('aldric')], e);
    expect(plan.print.map((p) => p.name)).toEqual(['Aldric of the Vale']);
    expect(plan.outOfPlay.map((p) => [p.name, p.state.shown, p.collect.map((l) => l.replace(/-\w{4}$/, ''))])).toEqual([['Brannoc', 'dead', ['CH-B/1', 'SP-B/1']]]);
  });

  it('his old card and a card made from his file now verify as not valid, in words', () => {
    for (const code of [oldCard, qrPayload(id, readable(dead).hash)]) {
      const r = verifyCard(code, [dead], e);
      expect(r.kind).toBe('not-valid');
      expect(r.message).toBe('Not valid: Brannoc is dead since 2026-10-03 14:02 (retired); hand the card in to the desk.');
    }
  });

  it('at the next event (a new ledger) his file still says so, since the death in its history', () => {
    const next = newEvent({ name: 'Summer Gathering', game: 'curious-pastimes', start: '2027-05-01' });
    const r = verifyCard(oldCard, [dead], next);
    expect(r.message).toMatch(/^Not valid: Brannoc is retired since 2026-10-03 14:02; hand the card in/);
    expect(planReprint([dead], next).outOfPlay).toHaveLength(1);
  });

  it('an undone death puts him back in play', () => {
    const death = e.entries.find((x) => x.kind === 'died')!;
    const undone = rec(e, { kind: 'undo', character: id, target: death.id }, '14:10');
    // His file still says retired until the desk writes the ledger into it: this event's status, so the ledger decides.
    expect(outOfPlay({ id, ruleset: 'curious-pastimes', life: { status: 'retired', since: at('14:02'), sinceEvent: e.id } }, undone)).toBeNull();
    expect(outOfPlay({ id, ruleset: 'curious-pastimes', life: { status: 'retired', since: at('14:02'), sinceEvent: 'another event' } }, undone)?.shown).toBe('retired');
  });

  it('Novitas: Dead, then permanently dead at the second convergence', () => {
    const vasil = example('vasil');
    let n = rec(eventOf('novitas'), { kind: 'died', character: vasil.id, shiftEnd: true }, '10:00');
    expect(outOfPlayWords(outOfPlay({ id: vasil.id, ruleset: 'novitas' }, n)!, wallTime)).toBe('dead since 2026-10-03 10:00 (0 of 2 convergences)');
    n = rec(n, { kind: 'convergence', character: vasil.id }, '12:00');
    n = rec(n, { kind: 'convergence', character: vasil.id }, '18:00');
    expect(outOfPlayWords(outOfPlay({ id: vasil.id, ruleset: 'novitas' }, n)!, wallTime)).toBe('permanently dead since 2026-10-03 18:00 (retired): permanent: tell the plot marshal');
  });
});

describe('what changed, in words', () => {
  it('status and record of play are facts of their own; an old print\'s JSON under "other fields" reads as words', () => {
    const c = readable(exampleDesk('brannoc'));
    const e = rec(eventOf('curious-pastimes'), { kind: 'died', character: c.character.id }, '14:02');
    const after = applyLedger(c.character, e);
    const now = cardFacts(after, c.derivation);
    expect(now.other).toBe('');
    // A print made before this version stored the status and history as JSON.
    const old = { ...cardFacts(c.character, c.derivation), other: '' };
    const changes = factChanges(old, now);
    expect(changes).toEqual(['status: "(none)" → "retired: Died (Curious Pastimes): the character is retired; the player may make a new character"'.replace('"(none)"', '(none)'), 'record of play: added died 2026-10-03 14:02 at Spring Gathering']);
    const stored = { ...now, status: '', history: '', other: `history: ${JSON.stringify(after.history)}\nstatus: "retired"\nstatusReason: ${JSON.stringify(after.statusReason)}` };
    expect(factChanges(stored, now)).toEqual([]);
    expect(factChanges(stored, cardFacts(c.character, c.derivation)).join('\n')).not.toMatch(/[{}[\]]/);
  });
});
