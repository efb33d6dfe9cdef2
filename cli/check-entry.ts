// `quartermaster check` on its own: bundled into one CommonJS file (dist/check.cjs) so that the
// command a desk runs over thousands of files loads one script, without Node's ES module loader
// (bin/quartermaster.cjs says what that saves). zod is still only loaded (from dist/zod-load.mjs)
// when a file fails and its problem must be worded. The same file is the check's worker thread
// (cli/parallel.ts) when started as one.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { nodeIo } from './io';
import { checkTaskBatch, runCheck, type CheckTask } from './check';
import { workerBlocks, type BlockShare } from './parallel';

/** `self`: this bundle's own file (dist/check.cjs), which a worker thread runs too. */
export async function mainCheck(args: string[], self: URL): Promise<number> {
  const io = nodeIo();
  try {
    return await runCheck(args, io, { worker: self });
  } catch (e) {
    io.err(`quartermaster: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}

const data = workerData as (BlockShare & { task: CheckTask }) | null;
if (!isMainThread && parentPort && data?.task?.kind === 'check') {
  const io = nodeIo();
  const port = parentPort;
  // A failure rejects here and ends the worker with an error, which the main thread's inOrder
  // notices (it then checks the worker's blocks itself).
  void workerBlocks(data, (i) => checkTaskBatch(data.task, i, io), (m) => port.postMessage(m));
}
