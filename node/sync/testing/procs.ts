// Starting and driving the test processes (testing-desk.ts, testing-couch.ts) from a test (not shipped).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export type Proc = {
  child: ChildProcess;
  ready: Record<string, unknown>;
  ask(op: string, body?: Record<string, unknown>): Promise<any>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  stderr: string[];
};

const running = new Set<Proc>();

/** Starts `script` (a .ts file beside this one) with `config`; resolves once it said it is ready. */
export function startProc(script: 'desk.ts' | 'couch.ts' | 'hubs.ts', config: unknown, timeoutMs = 30_000): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', here(script), JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map<number, (v: any) => void>();
  const stderr: string[] = [];
  let n = 0;
  child.stderr!.on('data', (d) => stderr.push(String(d)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${stderr.join('')}`)), timeoutMs);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let proc: Proc | null = null;
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (proc) running.delete(proc);
      for (const w of waiting.values()) w({ ok: false, error: `exited (${code})` });
      if (!proc) reject(new Error(`${script} exited (${code}): ${stderr.join('')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let msg: any;
      try {
        msg = JSON.parse(line);
      } catch {
        return;
      }
      if (msg.ready && !proc) {
        clearTimeout(timer);
        proc = {
          child,
          ready: msg,
          stderr,
          ask: (op, body = {}) =>
            new Promise((done, fail) => {
              const id = ++n;
              const timer = setTimeout(() => waiting.get(id)?.({ ok: false, error: `no answer in 20 s (pid ${child.pid}); stderr: ${stderr.join('').slice(-400)}` }), 20_000);
              waiting.set(id, (v) => {
                clearTimeout(timer);
                waiting.delete(id);
                if (v.ok) done(v);
                else fail(new Error(`${op}: ${v.error}`));
              });
              child.stdin!.write(`${JSON.stringify({ n: id, op, ...body })}\n`);
            }),
          kill: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        };
        running.add(proc);
        resolve(proc);
      } else if (typeof msg.n === 'number') waiting.get(msg.n)?.(msg);
    });
  });
}

/** Stops every process a test started that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill('SIGKILL')));
}

/** Polls `check` until it returns true or the time is up. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return check();
}
