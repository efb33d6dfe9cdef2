// A worker for cli/parallel.test.ts: block b's result is `worker:b`; with task.crashAt it fails
// at that block (after taking it), as a worker that dies mid-run would.
import { parentPort, workerData } from 'node:worker_threads';
import { workerBlocks, type BlockShare } from './parallel';

const data = workerData as BlockShare & { task: { crashAt?: number; delayMs?: number } };
await workerBlocks(
  data,
  async (b) => {
    if (b === data.task.crashAt) throw new Error('worker failed');
    if (data.task.delayMs) await new Promise((r) => setTimeout(r, data.task.delayMs));
    return `worker:${b}`;
  },
  (m) => parentPort!.postMessage(m),
);
