// `quartermaster desk approvals <folder> [--approve NAME|ID] [--send-back NAME|ID --reason TEXT]`
// (also `quartermaster desk <folder> approvals …`): the approval queue of a season (event) folder —
// the players' files waiting in its inbox, each with what differs from the folder's file and its
// rules check — and a referee's decision on one (docs/season.md, "Approval"). The decision is
// appended to the event file, then the files follow (node/season/approval-files.ts).
import { basename, relative } from 'node:path';
import type { MergeField } from '../../../core/desk/conflict-merge';
import { EVENT_FILE_SUFFIX } from '../../../core/desk/event-format';
import { newEvent } from '../../../core/desk/event';
import { isoLocal } from '../../../core/desk/sheet';
import { canonicalJson } from '../../../core/format/hash';
import { visible } from '../../../core/format/visible';
import type { WaitingCharacter } from '../../../core/season/approval-queue';
import { EventLog, EventLogError } from '../../../node/event-log/event-log';
import { approveInboxFile, ApprovalError, readApprovalQueue, sendBackInboxFile } from '../../../node/season/approval-files';
import { describeFsError } from '../../files';
import type { Io } from '../../io';
import { parseOptions, parseOrExplain, UsageError } from '../../usage';
import { cliDesk, defaultDeps, type DeskDeps } from './desk';
import { readCharacters, readEventFile } from './read';
import { chooseEventFile } from './season';

export const DESK_APPROVALS_USAGE = `Usage: quartermaster desk approvals <folder> [options]
       quartermaster desk <folder> approvals [options]

Lists the characters waiting for a referee's approval: the players' files in the folder's inbox/
that differ from the folder's file of the character (or are new), each with every field that
differs and its rule errors; then the files sent back, and the inbox files that cannot be read.

Options:
  --approve NAME|ID     approve the waiting character (by name, character id or inbox file name):
                        the folder's file is backed up and replaced by it (a new character gets a
                        file), the inbox file moves to inbox/.done/; "reprint changed" prints it
  --send-back NAME|ID   send the waiting character back to the player; needs --reason
  --reason TEXT         why, in words: recorded in the event file and written into the player's
                        file (moved to inbox/.sent-back/), where the editor shows it
  --event FILE          the event file (default: the one *${EVENT_FILE_SUFFIX} in the folder)
  --desk NAME           this desk's name in the event's ledger (default: the host name)

Exit codes: 0 done, 2 an inbox file that cannot be read (the rest is listed), no such waiting
character, no event file to record a decision in, or bad usage.`;

type Args = { folder: string; event?: string; approve?: string; sendBack?: string; reason?: string; desk?: string };

function parseArgs(args: readonly string[]): Args {
  const { values, positionals } = parseOptions(args, { event: { type: 'string' }, approve: { type: 'string' }, 'send-back': { type: 'string' }, reason: { type: 'string' }, desk: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name the event folder' : `name one folder, not ${positionals.length}`);
  const a: Args = { folder: positionals[0]! };
  if (values.event !== undefined) {
    if (!values.event.endsWith(EVENT_FILE_SUFFIX)) throw new UsageError(`--event must name a *${EVENT_FILE_SUFFIX} file (got "${values.event}")`);
    a.event = values.event;
  }
  if (values.approve !== undefined && values['send-back'] !== undefined) throw new UsageError('--approve and --send-back decide one character each: give one of them');
  if (values.approve !== undefined) a.approve = values.approve;
  if (values['send-back'] !== undefined) {
    if (values.reason === undefined || values.reason.trim() === '') throw new UsageError('--send-back needs --reason "…" (the player reads it)');
    a.sendBack = values['send-back'];
  }
  if (values.reason !== undefined) {
    if (a.sendBack === undefined) throw new UsageError('--reason goes with --send-back');
    a.reason = values.reason;
  }
  if (values.desk !== undefined) a.desk = values.desk;
  return a;
}

/** The waiting character a referee named: by id, inbox file name or character name (case ignored). */
export function pickWaiting(waiting: readonly WaitingCharacter[], query: string): WaitingCharacter {
  const q = query.trim().toLowerCase();
  const byFile = waiting.filter((w) => basename(w.file).toLowerCase() === q);
  const found = byFile.length > 0 ? byFile : waiting.filter((w) => w.id === q || w.name.trim().toLowerCase() === q);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new UsageError(`nobody waiting for approval is "${query}" (by name, id or inbox file name)${waiting.length > 0 ? `; waiting: ${waiting.map((w) => `${w.name} (${basename(w.file)})`).join(', ')}` : ''}`);
  throw new UsageError(`${found.length} waiting files match "${query}": name the inbox file (${found.map((w) => basename(w.file)).join(', ')})`);
}

const shown = (v: unknown) => {
  if (v === undefined) return '(none)';
  const text = typeof v === 'string' ? JSON.stringify(v) : canonicalJson(v);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
};
const fieldLine = (f: MergeField) => `${f.area}${f.label !== undefined && f.label !== f.area ? ` "${f.label}"` : ''}: ${shown(f.values[0])} → ${shown(f.values[1])}`;

export async function runDeskApprovals(args: string[], io: Io, deps: DeskDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('desk approvals', DESK_APPROVALS_USAGE, args, io, parseArgs);
  if (!usage.ok) return usage.exitCode;
  const a = usage.value;
  const fail = (message: string) => {
    io.err(`quartermaster desk approvals: ${message}\n`);
    return 2;
  };
  let path: string;
  try {
    if (!(await io.stat(a.folder)).isDirectory) throw new UsageError(`${a.folder} is not a folder`);
    path = await chooseEventFile(a.folder, a.event, io);
  } catch (e) {
    return fail(e instanceof UsageError ? e.message : `${a.folder}: ${describeFsError(e)}`);
  }
  const found = await readEventFile(path, io);
  if (found.kind === 'bad') return fail(found.message);
  const deciding = a.approve !== undefined || a.sendBack !== undefined;
  if (found.kind === 'missing' && deciding) return fail(`${path}: there is no event file to record the decision in (make it with the desk first)`);
  const nowMs = () => deps.now().getTime();
  const characters = await readCharacters(a.folder, io);
  let log: EventLog | null = null;
  try {
    if (found.kind === 'file' && deciding) log = await EventLog.open(path, { folder: a.folder, now: nowMs });
  } catch (e) {
    return fail(e instanceof EventLogError ? e.message : `${path}: ${describeFsError(e)}`);
  }
  const event = log?.event ?? (found.kind === 'file' ? found.event : newEvent({ name: basename(a.folder), game: '', start: isoLocal(deps.now()).slice(0, 10) }));
  const queue = await readApprovalQueue(a.folder, event, characters, nowMs);
  const inFolder = (file: string) => relative(a.folder, file) || file;

  if (log && deciding) {
    const desk = cliDesk(a.desk, deps);
    const stamp = { at: isoLocal(deps.now()), desk: desk.name, deskId: desk.id };
    try {
      const w = pickWaiting(queue.waiting, (a.approve ?? a.sendBack)!);
      if (a.approve !== undefined) {
        const r = await approveInboxFile({ folder: a.folder, log, folderCharacters: characters, name: basename(w.file), expectedHash: w.hash, stamp, now: nowMs });
        io.out(`Approved ${visible(w.name)}${w.player ? ` (${visible(w.player)})` : ''}: ${visible(inFolder(r.file))} is now the approved edition (${w.kind === 'new' ? 'a new character' : 'the previous file is kept among the backups'}); ${visible(basename(w.file))} moved to inbox/.done/. "desk --reprint-changed" prints its cards.\n`);
      } else {
        const r = await sendBackInboxFile({ folder: a.folder, log, event, name: basename(w.file), expectedHash: w.hash, reason: a.reason!, stamp, now: nowMs });
        io.out(`Sent back ${visible(w.name)}${w.player ? ` (${visible(w.player)})` : ''}: ${visible(inFolder(r.file))} holds the reason; give it back to the player.\n`);
      }
      return 0;
    } catch (e) {
      if (e instanceof UsageError || e instanceof ApprovalError) return fail(e.message);
      throw e;
    }
  }

  io.out(`Waiting for approval: ${queue.waiting.length}\n`);
  for (const w of queue.waiting) {
    const errors = w.errors.length === 0 ? 'no rule errors' : `${w.errors.length} rule error${w.errors.length === 1 ? '' : 's'}`;
    io.out(`  ${visible(w.name)}${w.player ? ` (${visible(w.player)})` : ''} · ${w.kind === 'new' ? 'new character' : `changed from ${visible(inFolder(w.folderFile ?? ''))}`} · ${visible(inFolder(w.file))} · ${errors}\n`);
    if (w.sentBack) io.out(`    sent back before (${w.sentBack.at}): ${visible(w.sentBack.reason)}\n`);
    for (const f of w.fields) io.out(`    ${visible(fieldLine(f))}\n`);
    for (const e of w.errors) io.out(`    error: ${visible(e.message)}${e.path ? ` (${e.path})` : ''}\n`);
  }
  if (queue.sentBack.length > 0) {
    io.out(`Sent back, waiting for the player: ${queue.sentBack.length}\n`);
    for (const s of queue.sentBack) io.out(`  ${visible(s.name)} · ${visible(inFolder(s.file))} · ${visible(s.reason)}\n`);
  }
  for (const u of queue.unchanged) io.out(`Nothing to approve: ${visible(inFolder(u.file))} is ${visible(inFolder(u.folderFile))} as it is.\n`);
  for (const u of queue.unreadable) io.err(`${visible(u.message)}\n`);
  return queue.unreadable.length > 0 ? 2 : 0;
}
