import { describe, expect, it } from 'vitest';
import { queueChoice } from './queue';
import type { Line, ShownRow } from './rows';

const row = (name: string, extra: Partial<ShownRow> = {}) => ({ id: `id-${name}`, name, file: `${name}.character.json`, errors: [], warnings: [], checkedInAt: null, ...extra }) as unknown as ShownRow;
const linesOf = (rows: ShownRow[]): Line[] => [{ kind: 'group', group: 0 }, ...rows.map((_, index) => ({ kind: 'row' as const, group: 0, index }))];

describe('queueChoice', () => {
  it('checks in the one waiting match, even beside one already in', () => {
    const rows = [row('Chen A.', { checkedInAt: '2026-01-01T10:00' }), row('Chen B.')];
    expect(queueChoice(linesOf(rows), rows)).toEqual({ kind: 'one', row: rows[1] });
  });
  it('asks which when several wait', () => {
    const rows = [row('A'), row('B')];
    expect(queueChoice(linesOf(rows), rows)).toEqual({ kind: 'several', rows });
  });
  it('never offers those already in, nor unreadable files', () => {
    const rows = [row('A', { checkedInAt: '2026-01-01T10:00' }), row('x', { id: null })];
    expect(queueChoice(linesOf(rows), rows)).toEqual({ kind: 'none-waiting', row: rows[0] });
    expect(queueChoice(linesOf([rows[1]!]), [rows[1]!])).toEqual({ kind: 'nobody' });
  });
});
