// The desk's worker thread (dist/desk-worker.mjs, started by `quartermaster desk` over many files,
// cli/parallel.ts): reads, checks and hashes blocks of the folder's character files into rows.
import { parentPort, workerData } from 'node:worker_threads';
import { deskTaskBlock, type DeskTask } from './desk-read';
import { nodeIo } from './io';
import { workerBlocks, type BlockShare } from './parallel';

const data = workerData as (BlockShare & { task: DeskTask }) | null;
if (parentPort && data?.task?.kind === 'desk') {
  const io = nodeIo();
  const port = parentPort;
  await workerBlocks(data, (b) => deskTaskBlock(data.task, b, io), (m) => port.postMessage(m));
}
