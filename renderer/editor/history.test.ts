import { describe, expect, it } from 'vitest';
import { COALESCE_MS, emptyHistory, record, redo, undo, UNDO_LIMIT, type History } from './history';

/** Applies edits "0" -> "1" -> ... -> "n", each in its own group unless given. */
function edits(n: number, group?: (i: number) => string | undefined, gapMs = 5_000) {
  let h: History<string> = emptyHistory();
  let present = '0';
  for (let i = 1; i <= n; i++) {
    h = record(h, present, { group: group?.(i), now: i * gapMs });
    present = String(i);
  }
  return { h, present };
}

describe('undo history', () => {
  it('undoes and redoes step by step, and a new edit drops the redo list', () => {
    let { h, present } = edits(3);
    const back = undo(h, present)!;
    expect(back.present).toBe('2');
    const back2 = undo(back.history, back.present)!;
    expect(back2.present).toBe('1');
    const fwd = redo(back2.history, back2.present)!;
    expect(fwd.present).toBe('2');
    h = record(fwd.history, fwd.present, { now: 99_000 });
    present = 'x';
    expect(redo(h, present)).toBeNull();
    expect(h.past).toEqual(['0', '1', '2']);
  });

  it('has nothing to undo or redo at first', () => {
    expect(undo(emptyHistory<string>(), 'a')).toBeNull();
    expect(redo(emptyHistory<string>(), 'a')).toBeNull();
  });

  it(`keeps the last ${UNDO_LIMIT} steps (at least the 200 promised)`, () => {
    expect(UNDO_LIMIT).toBeGreaterThanOrEqual(200);
    const { h } = edits(UNDO_LIMIT + 20);
    expect(h.past).toHaveLength(UNDO_LIMIT);
    // The oldest 20 versions ("0".."19") fell off; "20" is the oldest left.
    expect(h.past[0]).toBe('20');
    let state = { history: h, present: String(UNDO_LIMIT + 20) };
    for (let i = 0; i < UNDO_LIMIT; i++) state = undo(state.history, state.present)!;
    expect(state.present).toBe('20');
    expect(undo(state.history, state.present)).toBeNull();
  });

  it('merges typing in one field into one step, but not across fields or after a pause', () => {
    // Edits 1..4 in "name" 200 ms apart are one step; 5 is in "notes"; 6 in "notes" after a pause.
    let h: History<string> = emptyHistory();
    const at = [0, 200, 400, 600, 800, 1_000, 1_000 + COALESCE_MS + 1];
    const group = ['', 'name', 'name', 'name', 'name', 'notes', 'notes'];
    let present = '0';
    for (let i = 1; i <= 6; i++) {
      h = record(h, present, { group: group[i], now: at[i]! });
      present = String(i);
    }
    expect(h.past).toEqual(['0', '4', '5']);
    const u = undo(h, present)!;
    expect(u.present).toBe('5');
    // After an undo the next edit of the same field starts a new step.
    const h2 = record(u.history, u.present, { group: 'notes', now: at[6]! + 10 });
    expect(h2.past).toEqual(['0', '4', '5']);
  });
});
