// `quartermaster check` on its own: bundled into one file (dist/check.mjs) so that the command a
// desk runs over thousands of files loads one module instead of the command line's chunks. zod is
// still only loaded (from dist/zod-load.mjs) when a file fails and its problem must be worded.
import { nodeIo } from './io';
import { runCheck } from './check';

export async function mainCheck(args: string[]): Promise<number> {
  const io = nodeIo();
  try {
    return await runCheck(args, io);
  } catch (e) {
    io.err(`quartermaster: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}
