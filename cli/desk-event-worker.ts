// The desk's event thread (cli/desk-event-thread.ts): reads, checks and folds the event file while
// the command's own thread reads the characters, and sends back what the report needs of it. Built
// as its own entry (dist/desk-event-worker.mjs) sharing the command line's chunks.
import { isMainThread, workerData, type MessagePort } from 'node:worker_threads';
import { packStandings } from '../core/desk/standing';
import { readEventFile } from './desk-read';
import type { EventThreadAnswer } from './desk-event-thread';
import { nodeIo } from './io';

const data = workerData as { kind?: string; path: string; port: MessagePort } | null;
if (!isMainThread && data?.kind === 'desk-event') {
  const found = await readEventFile(data.path, nodeIo());
  let answer: EventThreadAnswer;
  if (found.kind === 'file') {
    answer = { kind: 'file', path: found.path, header: { ...found.event, entries: [] }, standings: packStandings(found.event) };
  } else answer = found;
  data.port.postMessage(answer);
  data.port.close();
}
