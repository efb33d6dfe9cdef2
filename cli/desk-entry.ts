// `quartermaster desk <folder>` (the report, with or without the CSV sheet) on its own: bundled
// into one CommonJS file (dist/desk.cjs), so that the desk's most run command loads one script
// instead of the command line's chunks (about 45 ms of module loading before the first file is
// read, against 15 ms for one ES module, on the machine the benchmarks ran on; bin/quartermaster.cjs
// says what CommonJS saves on top). zod is loaded from dist/desk-zod.mjs only to word a refused
// file. What needs more of the command line (the PDF sheet, --reprint-changed, and desk serve,
// join, log and merge) goes on to dist/cli.mjs.
import { DESK_SUBCOMMANDS, parseDeskArgs, runDesk } from './desk';
import { nodeIo } from './io';

/** `cli`: the whole command line (dist/cli.mjs), for what this file does not do. */
export async function mainDesk(args: string[], cli: URL): Promise<number> {
  if (!handledHere(args)) return (await import(cli.href)).main(['desk', ...args]);
  const io = nodeIo();
  try {
    return await runDesk(args, io);
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
