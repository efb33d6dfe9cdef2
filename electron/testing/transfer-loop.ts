// Child process for electron/desk/record-crash.test.ts (test support, not shipped): moves one item
// between two character files of an event folder, back and forth, with the desk's real transfer
// (electron/desk/record.ts: the ledger entry written first, then the receiver's file, then the
// giver's), until it is killed. On start it first settles the folder, as opening it in the app does.
//
//   node transfer-loop.mjs <event folder> <event file> <character id A> <character id B> <item id>
//
// It writes "start" once settled and "moved <n>" after every completed transfer.
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sharedEventLog } from '../../node/event-log/registry';
import { holderOf } from '../../core/desk/custody';
import type { DeskFolder } from '../../core/ipc/contract';
import { createDeskRecordHandlers, settleFolder } from '../desk/record';

const say = (line: string) => writeSync(1, `${line}\n`);

async function loop(folder: string, eventFile: string, a: string, b: string, item: string): Promise<never> {
  const now = () => Date.now();
  const log = await sharedEventLog(eventFile, { folder, now });
  await settleFolder(folder, log.event, { now });
  const handlers = createDeskRecordHandlers({
    settings: { deskIdentity: () => ({ id: '5d0c8c44-5f1e-4c2a-9b7e-2f6a1d3c4b5a', name: 'Crash desk' }) },
    now,
    eventLog: async () => log,
    load: async () => ({}) as DeskFolder,
  });
  say('start');
  for (let n = 1; ; n++) {
    const holder = holderOf(log.event, item) ?? a;
    const to = holder === a ? b : a;
    await handlers.transferItem({ folder, eventFile, from: holder, item, to });
    say(`moved ${n}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [folder, eventFile, a, b, item] = process.argv.slice(2);
  if (!folder || !eventFile || !a || !b || !item) {
    process.stderr.write('usage: transfer-loop <folder> <event file> <id A> <id B> <item id>\n');
    process.exit(2);
  }
  loop(folder, eventFile, a, b, item).catch((e: unknown) => {
    process.stderr.write(`transfer-loop: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(3);
  });
}
