// `quartermaster desk` reads the event file on a second thread (cli/desk-event-worker.ts) while
// this thread reads the characters: at 20,000 characters the event file is 10 MB of ledger whose
// reading, checking and folding took a fifth of the command's time on one thread. The other thread
// sends back only what the report and the sheet need (core/desk/standing.ts). Until its answer
// has come, every character read is hashed (the hash is compared with its print's, if it has one);
// when the thread fails, the event file is read here as before.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { DeskEvent } from '../core/desk/event';
import type { PackedStandings } from '../core/desk/standing';

/**
 * What the event thread sends: the event file as readEventFile found it, with the event's ledger
 * left out (`header` has no entries) and given as standings instead.
 */
export type EventThreadAnswer =
  | { kind: 'file'; path: string; header: DeskEvent; standings: PackedStandings }
  | { kind: 'missing'; path: string }
  | { kind: 'bad'; path: string; message: string };

export type EventAhead = {
  /** The answer if it has come (asked without waiting). */
  poll(): EventThreadAnswer | undefined;
  /** The answer, or null when the thread failed (then read the event file on this thread). */
  done(): Promise<EventThreadAnswer | null>;
};

/** Starts reading the event file at `path` on a thread running `script`; null when no thread can be started. */
export function readEventAhead(script: URL, path: string): EventAhead | null {
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { kind: 'desk-event', path, port: port2 }, transferList: [port2] });
  } catch {
    port1.close();
    return null;
  }
  let answer: EventThreadAnswer | undefined;
  // Ends (with no answer) when the thread fails or exits without one.
  const ended = new Promise<void>((resolve) => {
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  const poll = () => {
    if (answer === undefined) answer = receiveMessageOnPort(port1)?.message as EventThreadAnswer | undefined;
    return answer;
  };
  return {
    poll,
    async done() {
      if (poll() === undefined) {
        const message = new Promise<void>((resolve) => port1.once('message', (m: EventThreadAnswer) => resolve(void (answer = m))));
        await Promise.race([message, ended]);
        poll();
      }
      port1.close();
      if (answer === undefined) await worker.terminate();
      return answer ?? null;
    },
  };
}
