// A desk (or hub) as its own process, for the fault tests (not shipped): the same DeskSession the
// CLI and the app run, driven by JSON lines on stdin, answering JSON lines on stdout.
//   argv[2]: { folder, serve?: { host, port }, join?: RemoteTarget, eventId, backoffMs?, requestTimeoutMs?, desk?: { id, name } }
//   in:  { n, op: "record", entries } | { n, op: "edit", file, notes } | { n, op: "dump" } | { n, op: "status" }
//   out: { n, ok, … } ; first line { ready: true, code? }
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RemoteTarget } from '../remote';
import { DeskSession } from '../session';
import { dumpSession } from './dump';

type Config = { folder: string; eventId: string; serve?: { host: string; port: number }; join?: RemoteTarget; backoffMs?: number; requestTimeoutMs?: number; desk?: { id: string; name: string } };

const config = JSON.parse(process.argv[2]!) as Config;
const session = await DeskSession.open({ folder: config.folder, ...(config.desk ? { desk: config.desk } : {}), pollMs: 500, link: { backoffMs: config.backoffMs ?? 200, maxBackoffMs: 1000, heartbeatMs: 300, ...(config.requestTimeoutMs ? { requestTimeoutMs: config.requestTimeoutMs } : {}) } }, config.eventId);
let code: string | undefined;
if (config.serve) code = await session.serve(config.serve.host, config.serve.port);
/** Every state the link took, with its reason (the status tests read it). */
const states: string[] = [];
if (config.join) session.join(config.join).on('state', (st: { kind: string; reason?: string }) => states.push(st.reason ? `${st.kind}: ${st.reason}` : st.kind));
const say = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`);
say({ ready: true, code });

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  void (async () => {
    const msg = JSON.parse(line) as { n: number; op: string; [k: string]: unknown };
    try {
      switch (msg.op) {
        case 'record':
          say({ n: msg.n, ok: true, added: await session.record(msg.entries as never) });
          break;
        case 'edit': {
          const path = join(config.folder, msg.file as string);
          const c = JSON.parse(await readFile(path, 'utf8'));
          await writeFile(path, `${JSON.stringify({ ...c, notes: msg.notes }, null, 2)}\n`);
          await session.pass();
          say({ n: msg.n, ok: true });
          break;
        }
        case 'dump':
          say({ n: msg.n, ok: true, ...(await dumpSession(session)) });
          break;
        case 'hub-down':
          await session.hub?.close();
          session.hub = null;
          say({ n: msg.n, ok: true });
          break;
        case 'hub-up':
          await session.serve(config.serve!.host, msg.port as number);
          say({ n: msg.n, ok: true });
          break;
        case 'status':
          say({ n: msg.n, ok: true, status: await session.status(), counts: session.link?.counts, states });
          break;
        default:
          say({ n: msg.n, ok: false, error: `unknown op ${msg.op}` });
      }
    } catch (e) {
      say({ n: msg.n, ok: false, error: (e as Error).message });
    }
  })();
});
lines.on('close', () => void session.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void session.close().then(() => process.exit(0)));
