// The desk's rows with the event applied. The main process sends each file's row made against no
// event (core/desk/rows.ts `deskRows`); the view holds the event and changes it on every check-in,
// so only the three fields that depend on it are filled in here, as `deskRows` fills them
// (desk-rows.test.ts checks the two agree). A row whose fields did not change keeps its identity.
import type { DeskViewRow } from '../core/ipc/contract';
import { entryOf, lastPrint, type DeskEvent } from '../core/desk/event';

export function withEvent(rows: readonly DeskViewRow[], event: DeskEvent, previous: readonly DeskViewRow[] = []): DeskViewRow[] {
  return rows.map((row, i) => {
    if (row.id === null) return row;
    const last = lastPrint(event, row.id);
    const checkedInAt = entryOf(event, row.id).checkedInAt ?? null;
    const tag = last === undefined ? 'never-printed' : last.hash === row.hash ? 'current' : 'changed';
    const lastPrintedAt = last?.at ?? null;
    const before = previous[i];
    if (before && before.file === row.file && before.hash === row.hash && before.checkedInAt === checkedInAt && before.tag === tag && before.lastPrintedAt === lastPrintedAt) return before;
    return { ...row, checkedInAt, tag, lastPrintedAt };
  });
}
