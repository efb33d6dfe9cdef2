import { describe, expect, it } from 'vitest';
import { undoEntries } from './checkin';
import { foldEvent } from './fold';
import { appendEntries, type LedgerEntry } from './ledger';
import { newEvent, type DeskEvent } from './event';
import { recordEntry, type RecordRequest } from './record';
import { fakeId, idSequence, stampAt } from './testing';
import { cancelsOf, leftAfterDeaths, redoneStep, targetsOf, undoneStep, type DeskStep } from './undo-redo';
import { deathFold } from './deaths';

const eventOf = () => newEvent({ name: 'Spring Gathering', game: 'curious-pastimes', start: '2026-10-02', end: '2026-10-04', id: fakeId(900) });
/** The n-th second of the day: every action a second after the one before. */
const at = (n: number) => `2026-10-03T10:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}+01:00`;

/** A small pseudo-random generator, so a failing sequence can be run again. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('undo and redo as ledger entries: the fold gives the right state for every sequence', () => {
  it('over 100 random sequences of actions, undos and redos (check-ins in the window, deaths and notes through Record…)', () => {
    const characters = [fakeId(1), fakeId(2), fakeId(3)];
    for (let seed = 1; seed <= 100; seed++) {
      const random = rng(seed);
      const ids = idSequence(`s${seed}`);
      let event: DeskEvent = eventOf();
      let history: DeskStep[] = [];
      let redo: DeskStep[] = [];
      let clock = 0;
      const add = (entries: LedgerEntry[]) => {
        event = appendEntries(event, entries);
        return targetsOf(entries);
      };
      /** Undos of `targets` as the desk makes them: in the window (checkin.ts) or through Record… (record.ts). */
      const undos = (step: DeskStep, targets: ReturnType<typeof cancelsOf>) => {
        const stamp = stampAt(at(++clock), 'Front desk', ids);
        if (step.via === 'window') return add(undoEntries(event, [...targets].reverse().map((x) => ({ id: x.character!, entries: [x.id], action: 'check-in' as const })), stamp));
        return add(targets.map((x) => recordEntry(event, { kind: 'undo', target: x.id, character: x.character! }, stamp).entry));
      };
      for (let op = 0; op < 30; op++) {
        const r = random();
        if (r < 0.4 || history.length + redo.length === 0) {
          const character = characters[Math.floor(random() * characters.length)]!;
          const stamp = stampAt(at(++clock), 'Front desk', ids);
          const window = random() < 0.5;
          const request: RecordRequest = random() < 0.5 ? { kind: 'note', character, text: `n${op}` } : { kind: 'returned', character };
          const made = window ? add([{ id: ids(), at: stamp.at, desk: stamp.desk, kind: 'check-in', character } as LedgerEntry]) : add([recordEntry(event, request, stamp).entry, recordEntry(event, { kind: 'note', character, text: 'second' }, stamp).entry]);
          history = [...history, { made, undone: [], via: window ? 'window' : 'record' }];
          redo = [];
        } else if (r < 0.75 && history.length > 0) {
          const step = history.at(-1)!;
          history = history.slice(0, -1);
          redo = [...redo, undoneStep(step, undos(step, cancelsOf(step, 'undo')))];
        } else if (redo.length > 0) {
          const step = redo.at(-1)!;
          redo = redo.slice(0, -1);
          undos(step, cancelsOf(step, 'redo'));
          history = [...history, redoneStep(step)];
        }
        const cancelled = foldEvent(event).cancelled;
        for (const s of history) for (const m of s.made) expect(cancelled.has(m.id), `seed ${seed} op ${op}: a step standing`).toBe(false);
        for (const s of redo) for (const m of s.made) expect(cancelled.has(m.id), `seed ${seed} op ${op}: a step undone`).toBe(true);
      }
    }
  });

  it('a death undone, redone, undone again: dead, alive, dead, alive; every undo of the step aims at the death itself', () => {
    const brannoc = fakeId(1);
    const ids = idSequence('d');
    let event = eventOf();
    const died = recordEntry(event, { kind: 'died', character: brannoc }, stampAt(at(1), 'Gate', ids)).entry;
    event = appendEntries(event, [died]);
    let step: DeskStep = { made: targetsOf([died]), undone: [], via: 'record' };
    const life = () => deathFold(event, brannoc, 'curious-pastimes').state;
    expect(life()).toBe('retired');
    const undoAll = (targets: ReturnType<typeof cancelsOf>, n: number) => {
      const entries = targets.map((x) => recordEntry(event, { kind: 'undo', target: x.id, character: brannoc }, stampAt(at(n), 'Gate', ids)).entry);
      event = appendEntries(event, entries);
      return entries;
    };
    const u1 = undoAll(cancelsOf(step, 'undo'), 2);
    step = undoneStep(step, targetsOf(u1));
    expect(life()).toBe('alive');
    undoAll(cancelsOf(step, 'redo'), 3);
    step = redoneStep(step);
    expect(life()).toBe('retired');
    const u2 = undoAll(cancelsOf(step, 'undo'), 4);
    expect(u2.map((e) => e.kind === 'undo' && e.target)).toEqual([died.id]);
    expect(life()).toBe('alive');
  });
});

describe('what undoing a death leaves standing (Curious Pastimes)', () => {
  const alex1 = fakeId(1);
  const alex2 = fakeId(2);
  const sam = fakeId(3);
  const players = new Map([
    [alex1, 'Alex'],
    [alex2, ' alex '],
    [sam, 'Sam'],
  ]);
  const playerOf = (id: string) => players.get(id);
  const ids = idSequence('c');
  const rec = (event: DeskEvent, r: RecordRequest, n: number) => {
    const { entry } = recordEntry(event, r, stampAt(at(n), 'Gate', ids));
    return { event: appendEntries(event, [entry]), entry };
  };

  it("names the new character made after the death, at 19 points where it would now start at 20; not another player's, nor one undone already", () => {
    let { event, entry: death } = rec(eventOf(), { kind: 'died', character: alex1 }, 1);
    ({ event } = rec(event, { kind: 'died', character: sam }, 2));
    const made = rec(event, { kind: 'new-character', character: alex2, from: alex1, player: 'Alex', points: 19 }, 3);
    event = made.event;
    const samNew = rec(event, { kind: 'new-character', character: fakeId(4), from: sam, player: 'Sam', points: 19 }, 4);
    event = samNew.event;
    ({ event } = rec(event, { kind: 'undo', target: death.id, character: alex1 }, 5));
    const left = leftAfterDeaths(event, [death.id], playerOf);
    expect(left.map((l) => [l.entry.id, l.points, l.pointsNow])).toEqual([[made.entry.id, 19, 20]]);
    // Once the new character is undone too, nothing is left.
    ({ event } = rec(event, { kind: 'undo', target: made.entry.id, character: alex2 }, 6));
    expect(leftAfterDeaths(event, [death.id], playerOf)).toEqual([]);
  });

  it('a death still standing, or a new character made before the death, is not named', () => {
    let { event, entry: before } = rec(eventOf(), { kind: 'new-character', character: alex2, player: 'Alex', points: 20 }, 1);
    const death = rec(event, { kind: 'died', character: alex1 }, 2);
    event = death.event;
    expect(leftAfterDeaths(event, [death.entry.id], playerOf)).toEqual([]);
    ({ event } = rec(event, { kind: 'undo', target: death.entry.id, character: alex1 }, 3));
    expect(leftAfterDeaths(event, [death.entry.id], playerOf)).toEqual([]);
    expect(before.kind).toBe('new-character');
  });
});
