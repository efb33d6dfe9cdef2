// Test support (not shipped): the command line as a real process (`node --import tsx cli/main.ts …`).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { JoinCode } from '../../node/sync/join-code';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export type Run = { child: ChildProcess; out: () => string; err: () => string; exited: Promise<number | null>; waitFor(re: RegExp, ms: number): Promise<string> };
const started = new Set<ChildProcess>();

export function run(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => void (out += String(d)));
  child.stderr!.on('data', (d) => void (err += String(d)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => {
    started.delete(child);
    done(code);
  }));
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    waitFor: async (re, ms) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const m = re.exec(out);
        if (m) return m[0];
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${re} in ${ms} ms; out: ${out.slice(-500)} err: ${err.slice(-500)}`);
    },
  };
}

/** SIGKILLs every process `run` started that is still running, and waits for them to end. */
export async function stopStarted(): Promise<void> {
  await Promise.all([...started].map((c) => new Promise<void>((done) => {
    c.once('exit', () => done());
    c.kill('SIGKILL');
  })));
}

export function formatCode(c: JoinCode): string {
  return `qm://${c.host}:${c.port}/${c.eventId}?k=${c.secret}&f=${c.fingerprint}`;
}
