// `quartermaster check [--json] <file|folder>...`: checks character files; never writes.
import { checkBytes, exitCodeFor, unreadable, type CheckEntry } from '../core/check/report';
import { derivedSummary } from '../core/check/summary';
import { RULESETS } from '../core/rulesets/index';
import { expandTargets, IO_CONCURRENCY, mapLimit, readCharacterFile } from './files';
import type { Io } from './io';

const USAGE = 'Usage: quartermaster check [--json] <file|folder>...';

export async function runCheck(args: string[], io: Io): Promise<number> {
  const json = args.includes('--json');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--json');
  const paths = args.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0 || paths.length === 0) {
    io.err(`${unknown.length ? `quartermaster check: unknown option ${unknown[0]}\n` : ''}${USAGE}\n`);
    return 2;
  }
  const entries = await checkPaths(paths, io);
  io.out(json ? `${JSON.stringify(entries, null, 2)}\n` : formatReport(entries));
  return exitCodeFor(entries);
}

export async function checkPaths(paths: readonly string[], io: Io): Promise<CheckEntry[]> {
  const targets = await expandTargets(paths, io);
  return mapLimit(targets, IO_CONCURRENCY, async (target) => {
    if ('missing' in target) return unreadable(target.file, 'file.unreadable', `${target.file}: ${target.missing}`);
    const read = await readCharacterFile(target.file, io);
    return read.ok ? checkBytes(read.bytes, target.file) : unreadable(target.file, read.code, read.message);
  });
}

export function formatReport(entries: readonly CheckEntry[]): string {
  const lines: string[] = [];
  for (const e of entries) {
    if (!e.readable) {
      lines.push(`UNREADABLE  ${e.errors[0]?.message ?? e.file}`);
      continue;
    }
    const game = e.ruleset ? RULESETS[e.ruleset].name : '?';
    const who = `${e.name || '(no name)'}${e.player ? ` (${e.player})` : ''}, ${game}`;
    lines.push(`${e.ok ? 'OK         ' : 'RULE ERROR '} ${e.file}: ${who}`);
    if (e.derived) lines.push(`            ${derivedSummary(e.derived)}`);
    for (const p of e.errors) lines.push(`    error   ${p.path ? `${p.path}: ` : ''}${p.message} [${p.code}]`);
    for (const p of e.warnings) lines.push(`    warning ${p.path ? `${p.path}: ` : ''}${p.message} [${p.code}]`);
  }
  const clean = entries.filter((e) => e.ok).length;
  const ruleErrors = entries.filter((e) => e.readable && !e.ok).length;
  const bad = entries.filter((e) => !e.readable).length;
  lines.push('');
  lines.push(`${entries.length} file${entries.length === 1 ? '' : 's'}: ${clean} clean, ${ruleErrors} with rule errors, ${bad} unreadable.`);
  return `${lines.join('\n')}\n`;
}
