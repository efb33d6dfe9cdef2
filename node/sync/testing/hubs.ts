// Hubs for the randomized sync test (not shipped): one process serving one event hub after another
// (each a DeskSession serving, as `desk serve` does), so 50 runs need not start 50 processes.
//   in: { n, op: "serve", folder, eventId } → { code } | { n, op: "down"|"up"|"dump"|"close", eventId }
import { createInterface } from 'node:readline';
import { parseJoinCode } from '../join-code';
import { DeskSession } from '../session';
import { dumpSession } from './dump';

const hubs = new Map<string, { session: DeskSession; port: number }>();
const say = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`);
say({ ready: true });

createInterface({ input: process.stdin }).on('line', (line) => {
  void (async () => {
    const msg = JSON.parse(line) as { n: number; op: string; folder?: string; eventId: string };
    try {
      const hub = hubs.get(msg.eventId);
      switch (msg.op) {
        case 'serve': {
          const session = await DeskSession.open({ folder: msg.folder!, pollMs: 300, settleMs: 10 }, msg.eventId);
          const code = await session.serve('127.0.0.1', 0);
          hubs.set(msg.eventId, { session, port: parseJoinCode(code).port });
          return say({ n: msg.n, ok: true, code });
        }
        case 'down':
          await hub!.session.hub?.close();
          hub!.session.hub = null;
          return say({ n: msg.n, ok: true });
        case 'up':
          await hub!.session.serve('127.0.0.1', hub!.port);
          return say({ n: msg.n, ok: true });
        case 'dump':
          return say({ n: msg.n, ok: true, ...(await dumpSession(hub!.session)) });
        case 'close':
          await hub!.session.close();
          hubs.delete(msg.eventId);
          return say({ n: msg.n, ok: true });
        default:
          return say({ n: msg.n, ok: false, error: `unknown op ${msg.op}` });
      }
    } catch (e) {
      say({ n: msg.n, ok: false, error: (e as Error).message });
    }
  })();
});
