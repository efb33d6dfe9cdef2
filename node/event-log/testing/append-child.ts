// Child process for node/event-log/concurrency.test.ts and crash.test.ts (test support, not shipped):
// opens one event file with EventLog and appends entries of one desk in small batches.
//
//   node --import tsx append-child.ts '<config JSON>'      (or the esbuild bundle of this file)
//
// It writes to stdout, synchronously (a pipe on Linux is written whole for lines this short, and a
// line written before a SIGKILL is in the pipe for the parent to read):
//   "loaded"                               once its modules are loaded (it then waits for "go" on stdin when `waitGo`)
//   "ready <pid>"                          once the log is open (it starts appending at once)
//   "ack <id>,<seq>,<at> <id>,<seq>,<at>"  after an append's promise resolved: those entries are acknowledged
//   "busy <message>"                       an append refused because the lock stayed taken (it is tried again)
//   "pause <step>"                         inside the append numbered `pause.append`, at `pause.step`; it then waits to be killed
//   "done <ledger size>"                   after `count` entries (then it exits)
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { LedgerEntry } from '../../../core/desk/entries';
import { prng } from '../../../core/testing/mutate';
import { EventLog } from '../event-log';
import { entryId } from './fixtures';

export type ChildConfig = {
  file: string;
  desk: string;
  deskId?: string;
  /** Ids are entryId(source, 1), entryId(source, 2), … (one source per process run). */
  source: number;
  /** Stop after this many entries are acknowledged; run until killed when absent. */
  count?: number;
  /** Each append carries 1 to this many entries. */
  batchMax: number;
  seed: number;
  /** Wait for a "go" line on stdin before opening the log (children start appending at once; a crash test starts the next child while it checks the last kill). */
  waitGo?: boolean;
  /** Stop inside one append (the first is 1) at one of its steps, to be killed there. */
  pause?: { append: number; step: 'locked' | 'written' };
  /** One entry in this many carries a long field (`longChars`, default 3,000 to 9,000 characters), so that a write spans many blocks. */
  longEvery?: number;
  longChars?: [number, number];
};

const say = (line: string) => writeSync(1, `${line}\n`);

async function main(config: ChildConfig): Promise<void> {
  say('loaded');
  if (config.waitGo) await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));
  const rand = prng(config.seed);
  let appends = 0;
  const log = await EventLog.open(config.file, {
    step: async (what) => {
      if (config.pause && config.pause.append === appends && config.pause.step === what) {
        say(`pause ${what}`);
        await new Promise(() => undefined); // until killed
      }
    },
  });
  say(`ready ${process.pid}`);
  const [longMin, longMax] = config.longChars ?? [3000, 9000];
  let n = 0;
  let acknowledged = 0;
  while (config.count === undefined || acknowledged < config.count) {
    const size = 1 + Math.floor(rand() * config.batchMax);
    const batch: LedgerEntry[] = [];
    for (let i = 0; i < size; i++) {
      n++;
      // Now, or (one time in five) up to two seconds before: the log moves such an entry to the desk's last instant.
      const at = new Date(Date.now() - (rand() < 0.2 ? Math.floor(rand() * 2000) : 0)).toISOString();
      const long = config.longEvery !== undefined && n % config.longEvery === 0;
      batch.push({
        id: entryId(config.source, n),
        at,
        desk: config.desk,
        ...(config.deskId ? { deskId: config.deskId } : {}),
        kind: 'note',
        text: `entry ${n} of ${config.source.toString(16)}`,
        ...(long ? { detail: 'x'.repeat(longMin + Math.floor(rand() * (longMax - longMin))) } : {}),
      } as LedgerEntry);
    }
    appends++;
    for (;;) {
      try {
        const r = await log.append(batch);
        say(`ack ${r.added.map((e) => `${e.id},${e.seq},${e.at}`).join(' ')}`);
        break;
      } catch (e) {
        // The lock stayed taken for its whole wait: nothing was written; the same batch is tried again.
        if ((e as NodeJS.ErrnoException).code !== 'EBUSY') throw e;
        say(`busy ${(e as Error).message.replace(/\n/g, ' ')}`);
      }
    }
    acknowledged += batch.length;
  }
  say(`done ${log.ledger.size}`);
}

const arg = process.argv[2];
if (arg) {
  main(JSON.parse(arg) as ChildConfig).then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`append-child: ${(e as Error).stack ?? String(e)}\n`);
      process.exit(3);
    },
  );
}
