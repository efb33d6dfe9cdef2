// A rules-change preview (./preview.ts) as lines of a report: the command line prints them as text
// and ./preview-pdf.ts lays the same lines out on pages, so the two say the same.
import type { Change, Preview, PreviewCharacter } from './preview';

/** `title` once; `heading` opens a group; `item` names a character or file; `detail` is under an item. */
export type ReportLine = { kind: 'title' | 'note' | 'heading' | 'item' | 'detail'; text: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const points = (n: number | null) => (n === null ? 'not counted' : String(n));
const cardValue = (v: string | null) => (v === null ? '(not on the card)' : v);

function who(c: PreviewCharacter): ReportLine {
  return { kind: 'item', text: `${c.file}: ${c.name || '(no name)'}` };
}

function group<T>(lines: ReportLine[], title: string, entries: readonly T[], each: (entry: T) => ReportLine[]): void {
  lines.push({ kind: 'heading', text: `${title} (${entries.length})` });
  if (entries.length === 0) lines.push({ kind: 'detail', text: 'none' });
  for (const e of entries) lines.push(...each(e));
}

function pointLine(what: string, change: Change<number | null> | null): ReportLine[] {
  return change === null ? [] : [{ kind: 'detail', text: `points ${what}: ${points(change.old)} → ${points(change.new)}` }];
}

export function previewLines(p: Preview): ReportLine[] {
  const c = p.characters;
  const lines: ReportLine[] = [
    { kind: 'title', text: `Rules-change preview: ${p.pack.name} ${p.pack.old.version} → ${p.pack.new.version}` },
    { kind: 'note', text: `old pack: ${p.pack.old.file}` },
    { kind: 'note', text: `new pack: ${p.pack.new.file}` },
    {
      kind: 'note',
      text: `${plural(c.files, 'character file')}: ${c.inGame} of ${p.pack.name}, ${c.otherGames} of other games, ${c.unreadable.length} unreadable. ${plural(p.reprint.length, 'character')} to reprint, ${plural(p.void.length, 'character')} whose cards a publication voids.`,
    },
  ];
  const g = p.changes;
  group(lines, 'Newly invalid', g.newlyInvalid, (e) => [who(e), ...e.problems.map((text) => ({ kind: 'detail' as const, text }))]);
  group(lines, 'No longer invalid', g.noLongerInvalid, (e) => [who(e), ...e.problems.map((text) => ({ kind: 'detail' as const, text: `no longer: ${text}` }))]);
  group(lines, 'Still invalid, for other reasons', g.problemsChanged, (e) => [
    who(e),
    ...e.added.map((text) => ({ kind: 'detail' as const, text: `now: ${text}` })),
    ...e.removed.map((text) => ({ kind: 'detail' as const, text: `no longer: ${text}` })),
  ]);
  group(lines, 'Points', g.points, (e) => [who(e), ...pointLine('spent', e.spent), ...pointLine('available', e.available)]);
  group(lines, 'Card values', g.card, (e) => [who(e), ...e.values.map((v) => ({ kind: 'detail' as const, text: `${v.key}: ${cardValue(v.old)} → ${cardValue(v.new)}` }))]);
  group(lines, 'Reprint: valid under the new pack, card values change', p.reprint, (e) => [who(e)]);
  group(lines, 'Void: newly invalid, a publication voids their cards', p.void, (e) => [who(e)]);
  if (c.unreadable.length > 0) group(lines, 'Unreadable files', c.unreadable, (u) => [{ kind: 'item', text: u.file }, { kind: 'detail', text: u.message }]);
  return lines;
}

/** The lines as plain text: a blank line before each heading, items indented 2, details 4. */
export function previewText(p: Preview): string {
  const indent = { title: '', note: '', heading: '', item: '  ', detail: '    ' } as const;
  return previewLines(p)
    .map((l) => `${l.kind === 'heading' ? '\n' : ''}${indent[l.kind]}${l.text}\n`)
    .join('');
}
