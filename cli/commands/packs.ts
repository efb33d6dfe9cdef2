// `quartermaster packs list [FOLDER...]` and `quartermaster packs check FILE...`: the game packs the
// app would use, with their versions, and what is wrong with a pack a game team is writing.
import { builtinPacks, newestById, readPackFile, readPackFolder, type LoadedPack, type PackFileProblem } from '../../node/packs/load';
import type { Io } from '../io';
import { parseOptions, parseOrExplain, UsageError } from '../usage';

const USAGE = `Usage: quartermaster packs list [FOLDER...]
       quartermaster packs check FILE...
       quartermaster packs preview OLD.pack.json NEW.pack.json <file|folder>... [--json] [--pdf FILE [--force]]

  list    the built-in game packs and the *.pack.json files in each FOLDER (later folders after
          earlier ones), with their versions; of packs with the same id, the newest is used
  check   validates pack files: the format, references between parts and every CEL expression,
          naming the file, the JSON path and why for each problem
  preview what publishing NEW in place of OLD would change for the characters of its game
          (quartermaster packs preview --help)

Exit codes: 0 no problem, 2 a pack that cannot be read or validated, or bad usage.
The format: docs/game-packs.md.`;

type Parsed = { sub: 'list' | 'check'; paths: string[] };

function parsePacksArgs(args: readonly string[]): Parsed {
  const { positionals } = parseOptions(args, {});
  const [sub, ...paths] = positionals;
  if (sub !== 'list' && sub !== 'check') throw new UsageError(sub === undefined ? 'name a subcommand: list, check or preview' : `unknown subcommand "${sub}" (list, check or preview)`);
  if (sub === 'check' && paths.length === 0) throw new UsageError('name at least one pack file to check');
  return { sub, paths };
}

function problemLines(problems: readonly PackFileProblem[]): string {
  return problems.map((p) => `${p.file}: ${p.path}: ${p.message}\n`).join('');
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ').trimEnd() + '\n').join('');
}

function summary(loaded: LoadedPack): string {
  const p = loaded.pack;
  const costs = p.costs.published ? 'costs published' : 'no costs published';
  const advancement = p.advancement.published ? `starts with ${p.advancement.startingPoints.value} points` : 'no advancement published';
  return `${p.names.en} ${p.version}: ${p.skills.length} skill${p.skills.length === 1 ? '' : 's'}, ${costs}, ${advancement}`;
}

async function list(folders: readonly string[], io: Io): Promise<number> {
  const all = builtinPacks();
  const problems: PackFileProblem[] = [];
  for (const folder of folders) {
    const read = await readPackFolder(folder, 'app');
    all.push(...read.packs);
    problems.push(...read.problems);
  }
  const used = new Set(newestById(all).values());
  const sorted = [...all].sort((a, b) => a.pack.id.localeCompare(b.pack.id));
  const rows = [['id', 'version', 'used', 'name', 'file'], ...sorted.map((l) => [l.pack.id, l.pack.version, used.has(l) ? 'yes' : 'no', l.pack.names.en, l.file])];
  io.out(table(rows));
  if (problems.length > 0) io.out(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problemLines(problems)}`);
  return problems.length > 0 ? 2 : 0;
}

async function check(files: readonly string[], io: Io): Promise<number> {
  let bad = 0;
  for (const file of files) {
    const result = await readPackFile(file, 'app');
    if (result.ok) io.out(`ok  ${file}: ${summary(result.loaded)}\n`);
    else {
      bad++;
      io.out(`BAD ${file}: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}\n${result.problems.map((p) => `    ${p.path}: ${p.message}\n`).join('')}`);
    }
  }
  io.out(`${files.length} pack${files.length === 1 ? '' : 's'} checked, ${bad} with problems\n`);
  return bad > 0 ? 2 : 0;
}

export async function runPacks(args: string[], io: Io): Promise<number> {
  // preview has options of its own, and its own --help.
  if (args[0] === 'preview') return (await import('./packs-preview')).runPacksPreview(args.slice(1), io);
  const usage = parseOrExplain('packs', USAGE, args, io, parsePacksArgs);
  if (!usage.ok) return usage.exitCode;
  const { sub, paths } = usage.value;
  return sub === 'list' ? list(paths, io) : check(paths, io);
}
