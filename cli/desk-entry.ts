// `quartermaster desk <folder>` (the report, with or without the CSV sheet) on its own: bundled
// into one CommonJS file (dist/desk.cjs), so that the desk's most run command loads one script
// instead of the command line's chunks (about 45 ms of module loading before the first file is
// read, against 15 ms for one ES module, on the machine the benchmarks ran on; bin/quartermaster.cjs
// says what CommonJS saves on top). zod, which validates the event file, is in it too (the zod
// loader of character files is evaluated only to word a refused one). What needs more of the
// command line (the PDF sheet, --reprint-changed, and desk serve, join, log and merge) goes on to
// dist/cli.mjs.
import { setFlagsFromString } from 'node:v8';
import { DESK_SUBCOMMANDS, defaultDeps, parseDeskArgs, runDesk } from './desk';
import { nodeIo } from './io';

/** `cli`: the whole command line (dist/cli.mjs), for what this file does not do. */
export async function mainDesk(args: string[], cli: URL): Promise<number> {
  if (!handledHere(args)) return (await import(cli.href)).main(['desk', ...args]);
  const io = nodeIo();
  try {
    return await runDesk(args, io, { ...defaultDeps, eventRead: stopYoungGenerationGrowth });
  } catch (e) {
    io.err(`quartermaster: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}

/** The report and the CSV sheet (and a usage error, which runDesk words). */
export function handledHere(args: readonly string[]): boolean {
  if ((DESK_SUBCOMMANDS as readonly string[]).includes(args[0] ?? '')) return false;
  try {
    const a = parseDeskArgs(args);
    return a.pdf === undefined && !a.reprint;
  } catch {
    return true;
  }
}

/**
 * Keeps V8's young generation at the size it has once the event file is read. Until then it grows
 * (doubling from 1 MB per half) to hold the event file, most of which outlives it; after that each
 * character file leaves a row behind and the rest is garbage, and letting it grow on to 16 MB only
 * costs the pages it touches: at 2,000 characters the report spent a fifth more system time
 * (0.13 against 0.10 s) and took 0.39 against 0.34 s (medians of 21; at 20,000, 1.65 against
 * 1.59 s). At a node start, a flag (--max-semi-space-size) did the same for 9 ms more of each run,
 * since node's own modules' compiled code is kept for its default flags; set now, it does not.
 * V8 reads this flag each time it would grow the space.
 */
function stopYoungGenerationGrowth(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
