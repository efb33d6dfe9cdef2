// `quartermaster check` on its own: bundled into one file (dist/check.mjs) so that the command a
// desk runs over thousands of files loads one module instead of the command line's chunks. zod is
// still only loaded (from dist/zod-load.mjs) when a file fails and its problem must be worded.
// The same file is the check's worker thread (cli/parallel.ts) when started as one.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { nodeIo } from './io';
import { checkTaskBatch, runCheck, type CheckTask } from './check';
import { workerBlocks, type BlockShare } from './parallel';

export async function mainCheck(args: string[]): Promise<number> {
  const io = nodeIo();
  try {
    return await runCheck(args, io, { worker: new URL(import.meta.url) });
  } catch (e) {
    io.err(`quartermaster: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}

const data = workerData as (BlockShare & { task: CheckTask }) | null;
if (!isMainThread && parentPort && data?.task?.kind === 'check') {
  const io = nodeIo();
  const port = parentPort;
  await workerBlocks(data, (i) => checkTaskBatch(data.task, i, io), (m) => port.postMessage(m));
}
