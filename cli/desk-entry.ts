// `quartermaster desk <folder>` (the report, with or without the CSV sheet) on its own: bundled
// into one file (dist/desk.mjs), so that the desk's most run command loads one module instead of
// the command line's chunks (about 45 ms of module loading before the first file is read, against
// 15 ms for one file, on the machine the benchmarks ran on). zod is loaded from dist/desk-zod.mjs
// only to word a refused file. What needs more of the command line (the PDF sheet,
// --reprint-changed, and desk serve, join, log and merge) goes on to dist/cli.mjs.
import { DESK_SUBCOMMANDS, parseDeskArgs, runDesk } from './desk';
import { nodeIo } from './io';

export async function mainDesk(args: string[]): Promise<number> {
  if (!handledHere(args)) {
    const cli = new URL('./cli.mjs', import.meta.url).href;
    return (await import(cli)).main(['desk', ...args]);
  }
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
