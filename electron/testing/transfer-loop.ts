// Child process for electron/desk-record-crash.test.ts (test support, not shipped): moves one item
// between two character files of an event folder, back and forth, with the desk's real transfer
// (electron/desk-record.ts: the ledger entry written first, then the receiver's file, then the
// giver's), until it is killed. On start it first settles the folder, as opening it in the app does.
//
//   node transfer-loop.mjs <event folder> <event file> <character id A> <character id B> <item id>
//
// It writes "start" once settled and "moved <n>" after every completed transfer.
import { writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { loadEventBytes } from '../../core/desk/event-load';
import { holderOf } from '../../core/desk/custody';
import type { DeskFolder } from '../../core/ipc/contract';
import { createDeskRecordHandlers, settleFolder } from '../desk-record';

const say = (line: string) => writeSync(1, `${line}\n`);

async function loop(folder: string, eventFile: string, a: string, b: string, item: string): Promise<never> {
  const now = () => Date.now();
  const read = async () => {
    const bytes = new Uint8Array(await readFile(eventFile));
    const loaded = loadEventBytes(bytes, eventFile);
    if (!loaded.ok) throw new Error(loaded.problem.message);
    return { event: loaded.event, hash: createHash('sha256').update(bytes).digest('hex') };
  };
  await settleFolder(folder, (await read()).event, { now });
  const handlers = createDeskRecordHandlers({
    settings: { deskIdentity: () => ({ id: '5d0c8c44-5f1e-4c2a-9b7e-2f6a1d3c4b5a', name: 'Crash desk' }) },
    now,
    checkArgs: async () => eventFile,
    load: async () => ({}) as DeskFolder,
  });
  say('start');
  for (let n = 1; ; n++) {
    const { event, hash } = await read();
    const holder = holderOf(event, item) ?? a;
    const to = holder === a ? b : a;
    const r = await handlers.transferItem({ folder, eventFile, expectedHash: hash, from: holder, item, to });
    if (!r.ok) throw new Error(r.message);
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
