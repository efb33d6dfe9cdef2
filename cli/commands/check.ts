// `quartermaster check [--json] <file|folder>...`: checks character files; never writes.
// The report is streamed, 64 files at a time, and reading waits while stdout is backed up (a pipe
// to a slow reader), so memory does not grow with the number of files.
import { checkLoaded, unreadable, type CheckEntry, type GameRulesets } from '../../core/check/report';
import { derivedSummary } from '../../core/check/summary';
import { loadCharacterBytes } from '../../core/format/load';
import { builtinGameName } from '../../core/rulesets/index';
import { gamesFor } from '../games';
import { expandTargets, readCharacterFile, readCharacterFileNow, type ReadResult, type Target } from '../files';
import { visible } from '../../core/format/visible';
import type { Io } from '../io';
import { parseOptions, parseOrExplain, UsageError } from '../usage';

const USAGE = `Usage: quartermaster check [--json] <file|folder>...

Checks character files against their game's rules; never writes. A folder is searched for
*.character.json files (hidden files and folders left out).
  --json    one JSON entry per file, in an array

Exit codes: 0 all clean, 1 a rule error in some file, 2 a file that cannot be read, no character
file found, or bad usage.`;

function parseCheckArgs(args: readonly string[]): { json: boolean; paths: string[] } {
  const { values, positionals: paths } = parseOptions(args, { json: { type: 'boolean' } });
  if (paths.length === 0) throw new UsageError('name at least one character file or folder');
  return { json: values.json === true, paths };
}

export async function runCheck(args: string[], io: Io): Promise<number> {
  const usage = parseOrExplain('check', USAGE, args, io, parseCheckArgs);
  if (!usage.ok) return usage.exitCode;
  const { json, paths } = usage.value;
  const out = bufferedOut(io);
  const totals = { files: 0, clean: 0, ruleErrors: 0, unreadable: 0 };
  const skipped: string[] = [];
  const targets = await expandTargets(paths, io, skipped);
  const games = targets.length === 0 ? undefined : await gamesFor('check', paths, io);
  if (targets.length === 0) {
    io.err(nothingToCheck(paths, skipped));
    if (json) io.out('[]\n');
    return 2;
  }
  // --json prints a JSON array with each file's entry on a line of its own, a batch of entries at
  // a time: one line per file for grep and diff (`jq .` indents it).
  for (let i = 0; i < targets.length; i += BATCH) {
    const b = await checkBatch(targets.slice(i, i + BATCH), json, io, games);
    if (json) out.write(`${totals.files === 0 ? '[\n' : ',\n'}${b.text}`);
    else out.write(b.text);
    totals.files += b.files;
    totals.clean += b.clean;
    totals.ruleErrors += b.ruleErrors;
    totals.unreadable += b.unreadable;
    // Stream: the next files wait until the report so far has gone out.
    if (out.flushed && io.drained) {
      out.flushed = false;
      await io.drained();
    }
  }
  if (json) out.write(totals.files === 0 ? '[]\n' : '\n]\n');
  else out.write(formatTotals(totals));
  out.flush();
  return totals.unreadable > 0 ? 2 : totals.ruleErrors > 0 ? 1 : 0;
}

/** What a check that found no character file says: the files it left out, and why. */
function nothingToCheck(paths: readonly string[], skipped: readonly string[]): string {
  const shown = skipped.slice(0, 10).map((f) => `  ${visible(f)}\n`).join('');
  const more = skipped.length > 10 ? `  … and ${skipped.length - 10} more\n` : '';
  const why = skipped.length === 0 ? 'there are no files in it (hidden files and folders are left out)' : `${skipped.length} file${skipped.length === 1 ? ' was' : 's were'} left out, because only files named *.character.json are checked:\n${shown}${more}`;
  return `quartermaster check: no character file found in ${paths.map(visible).join(', ')}: ${why}${why.endsWith('\n') ? '' : '\n'}`;
}

/** Files per batch of the report's writes. */
const BATCH = 64;

/** A batch's part of the report (--json: its entries a line each, without the array's brackets) and its counts. */
export type CheckBatch = { text: string; files: number; clean: number; ruleErrors: number; unreadable: number };

/** Checks a batch of files, in order. */
export async function checkBatch(targets: readonly Target[], json: boolean, io: Io, games?: GameRulesets): Promise<CheckBatch> {
  const b: CheckBatch = { text: '', files: 0, clean: 0, ruleErrors: 0, unreadable: 0 };
  const entries: CheckEntry[] = [];
  for (const target of targets) {
    const now = checkTarget(target, io, games);
    const entry = now instanceof Promise ? await now : now;
    b.files++;
    if (entry.ok) b.clean++;
    else if (entry.readable) b.ruleErrors++;
    else b.unreadable++;
    if (json) entries.push(entry);
    else b.text += formatEntry(entry);
  }
  if (json && entries.length > 0) b.text = entries.map((e) => JSON.stringify(e)).join(',\n');
  return b;
}

/** The entries for the named files and folders, in order, one at a time. */
export async function* checkEach(paths: readonly string[], io: Io, games?: GameRulesets): AsyncGenerator<CheckEntry> {
  for (const target of await expandTargets(paths, io)) yield await checkTarget(target, io, games);
}

/** Every entry at once (for callers that want the whole list). */
export async function checkPaths(paths: readonly string[], io: Io): Promise<CheckEntry[]> {
  const entries: CheckEntry[] = [];
  for await (const e of checkEach(paths, io)) entries.push(e);
  return entries;
}

/** A file's entry: at once when the io reads synchronously, else a promise. */
function checkTarget(target: Target, io: Io, games?: GameRulesets): CheckEntry | Promise<CheckEntry> {
  if ('missing' in target) return unreadable(target.file, 'file.unreadable', `${target.file}: ${target.missing}`);
  const now = readCharacterFileNow(target.file, io, target.regular);
  if (now === null) return checkRead(readCharacterFile(target.file, io, target.regular), target.file, games);
  return checkBytes(now, target.file, games);
}

async function checkRead(reading: Promise<ReadResult>, file: string, games?: GameRulesets): Promise<CheckEntry> {
  return checkBytes(await reading, file, games);
}

function checkBytes(read: ReadResult, file: string, games?: GameRulesets): CheckEntry {
  if (!read.ok) return unreadable(file, read.code, read.message);
  return checkLoaded(loadCharacterBytes(read.bytes, file), file, games);
}

/** Collects output into large writes: one write per file would cost a system call each. */
function bufferedOut(io: Io, limit = 64 * 1024) {
  let parts: string[] = [];
  let size = 0;
  const buffered = {
    /** Set when a write handed the buffer to io.out (the caller may then wait for io.drained). */
    flushed: false,
    write(text: string) {
      parts.push(text);
      size += text.length;
      if (size >= limit) buffered.flush();
    },
    flush() {
      if (parts.length) {
        io.out(parts.join(''));
        buffered.flushed = true;
      }
      parts = [];
      size = 0;
    },
  };
  return buffered;
}

export function formatReport(entries: readonly CheckEntry[]): string {
  const totals = { files: entries.length, clean: 0, ruleErrors: 0, unreadable: 0 };
  for (const e of entries) {
    if (e.ok) totals.clean++;
    else if (e.readable) totals.ruleErrors++;
    else totals.unreadable++;
  }
  return `${entries.map(formatEntry).join('')}${formatTotals(totals)}`;
}

function formatEntry(e: CheckEntry): string {
  if (!e.readable) return `UNREADABLE  ${visible(e.errors[0]?.message ?? e.file)}\n`;
  const lines: string[] = [];
  const game = e.derived?.ruleset === 'pack' ? e.derived.game.names.en : e.ruleset ? builtinGameName(e.ruleset) : '?';
  // A name or file name is one line however it was written (its line breaks escaped too).
  const who = `${(e.name ? visible(e.name) : '(no name)')}${e.player ? ` (${visible(e.player)})` : ''}, ${game}`;
  lines.push(`${e.ok ? 'OK         ' : 'RULE ERROR '} ${visible(e.file)}: ${who}`);
  if (e.derived) lines.push(`            ${derivedSummary(e.derived)}`);
  for (const p of e.errors) lines.push(`    error   ${p.path ? `${p.path}: ` : ''}${p.message} [${p.code}]`);
  for (const p of e.warnings) lines.push(`    warning ${p.path ? `${p.path}: ` : ''}${p.message} [${p.code}]`);
  return `${lines.join('\n')}\n`;
}

function formatTotals(t: { files: number; clean: number; ruleErrors: number; unreadable: number }): string {
  return `\n${t.files} file${t.files === 1 ? '' : 's'}: ${t.clean} clean, ${t.ruleErrors} with rule errors, ${t.unreadable} unreadable.\n`;
}
