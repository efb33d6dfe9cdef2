// The desk report as plain text, for `quartermaster desk`: the event, then the characters grouped
// by player with problems first, then the totals. A dead, permanently dead or retired character
// says so in place of its check-in, and is not counted as checked in.
import { RULESETS } from '../rulesets/index';
import type { DeskEvent } from './event';
import { eventRuleset } from './event-format';
import { deskTotals, groupByPlayer, type DeskTotals, type PlayerGroup } from './rows';
import type { DeskProblem, DeskRow, DeskStatus } from './types';
import { valuesText } from './row-cells';
import { outOfPlayLoud, type OutOfPlay } from './life';
import { wallTime } from './sheet';
import { visible } from '../format/visible';

const STATUS_WORD: Record<DeskStatus, string> = { unreadable: 'UNREADABLE', errors: 'ERRORS    ', warnings: 'WARNINGS  ', clean: 'OK        ' };
const TAG_WORD = { 'never-printed': 'not printed yet', current: 'cards current', changed: 'CARDS CHANGED since printed' } as const;

/** "Autumn Muster · Fortune's Landing · 2026-10-02 to 2026-10-04". */
export function eventLine(event: DeskEvent): string {
  const ruleset = eventRuleset(event);
  const game = ruleset ? RULESETS[ruleset].name : event.game;
  const dates = event.dates.start === event.dates.end ? event.dates.start : `${event.dates.start} to ${event.dates.end}`;
  return [event.name, game, dates].filter(Boolean).join(' · ');
}

export function groupTitle(g: PlayerGroup): string {
  if (g.player === null) return 'Unreadable files';
  const n = g.rows.length;
  const parts = [`${n} character${n === 1 ? '' : 's'}`];
  if (g.problems > 0) parts.push(`${g.problems} with problems`);
  if (g.checkedIn > 0) parts.push(`${g.checkedIn} checked in`);
  if (g.out > 0) parts.push(`${g.out} dead or retired`);
  return `${g.player || '(no player named)'}: ${parts.join(', ')}`;
}

/** "DEAD since 2026-10-03 14:00 (retired), was checked in 09:00": the state first, in capitals, as the report's other warnings. */
export function outOfPlayLine(out: OutOfPlay, checkedInAt: string | null): string {
  return `${outOfPlayLoud(out, wallTime)}${checkedInAt ? `, was checked in ${wallTime(checkedInAt).slice(11)}` : ''}`;
}

export function totalsLine(t: DeskTotals): string {
  const files = t.files === t.characters ? '' : ` in ${t.files} files`;
  return `${t.characters} character${t.characters === 1 ? '' : 's'}${files}: ${t.clean} clean, ${t.withErrors} with errors, ${t.unreadable} unreadable; ${t.checkedIn} checked in.`;
}

const problemLine = (word: string, p: DeskProblem) => `      ${word} ${p.path ? `${p.path}: ` : ''}${p.message} [${p.code}]`;

// Indexed loops: the report is made once, mostly before the engine optimises it, and a for-of made
// an iterator result per step.
export function formatDeskReport(rows: readonly DeskRow[], heading: string): string {
  const out: string[] = [heading, ''];
  const groups = groupByPlayer(rows);
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    out.push(visible(groupTitle(g)));
    for (let j = 0; j < g.rows.length; j++) {
      const r = g.rows[j]!;
      if (r.status === 'unreadable') {
        out.push(`  UNREADABLE  ${visible(r.errors[0]?.message ?? r.file)}`);
        continue;
      }
      // Names and file names come from the files: one line each, whatever they hold (core/format/visible.ts).
      const arrival = r.out ? outOfPlayLine(r.out, r.checkedInAt) : r.checkedInAt ? `checked in ${wallTime(r.checkedInAt)}` : 'not checked in';
      const facts = [visible(r.name) || '(no name)', r.rulesetName, `armour ${r.armour?.text ?? '—'}`, valuesText(r), r.points !== undefined ? `points ${r.points}` : '', arrival, r.out ? 'cards NOT VALID (hand them in at the desk)' : r.tag ? TAG_WORD[r.tag] : ''];
      out.push(`  ${STATUS_WORD[r.status]}  ${facts.filter(Boolean).join(' · ')}`);
      out.push(`              ${visible(r.file)}`);
      for (let k = 0; k < r.errors.length; k++) out.push(problemLine('error  ', r.errors[k]!));
      for (let k = 0; k < r.warnings.length; k++) out.push(problemLine('warning', r.warnings[k]!));
    }
    out.push('');
  }
  out.push(totalsLine(deskTotals(rows)));
  return `${out.join('\n')}\n`;
}
