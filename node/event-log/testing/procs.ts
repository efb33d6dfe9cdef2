// Starting append-child.ts processes from a test and reading what they acknowledged (test support).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { volumesUnavailable } from '../../testing/volumes';
import type { ChildConfig } from './append-child';

export const CHILD_SCRIPT = fileURLToPath(new URL('./append-child.ts', import.meta.url));
/** How the tests run the child from its TypeScript source (as node/sync/testing/procs.ts does). */
export const TSX_RUNNER = ['--import', 'tsx', CHILD_SCRIPT];

/** An entry the child said was acknowledged (its append's promise resolved), as written. */
export type Ack = { id: string; seq: number; at: string };

export type Child = {
  proc: ChildProcess;
  config: ChildConfig;
  lines: string[];
  /** Acknowledged entries in the order the child heard of them. */
  acks: Ack[];
  busy: number;
  stderr(): string;
  /** Resolves with the first line starting with `prefix` (rejects if the child exits first or the time is up). */
  line(prefix: string, timeoutMs: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
};

const running = new Set<Child>();

/** Starts the child with `runner` (node arguments before the config: TSX_RUNNER or a bundle's path). */
export function startChild(runner: readonly string[], config: ChildConfig): Child {
  const proc = spawn(process.execPath, [...runner, JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const acks: Ack[] = [];
  let err = '';
  let partial = '';
  const waiters = new Set<{ prefix: string; resolve: (l: string) => void }>();
  const child: Child = {
    proc,
    config,
    lines,
    acks,
    busy: 0,
    stderr: () => err,
    line(prefix, timeoutMs) {
      const found = lines.find((l) => l.startsWith(prefix));
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = {
          prefix,
          resolve: (l: string) => {
            clearTimeout(timer);
            waiters.delete(w);
            resolve(l);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`child ${proc.pid} (${config.desk}) said no "${prefix}" in ${timeoutMs} ms; last lines: ${lines.slice(-3).join(' | ')}; stderr: ${err.slice(-500)}`));
        }, timeoutMs);
        waiters.add(w);
        void child.exited.then(({ code, signal }) => {
          if (!waiters.has(w)) return;
          clearTimeout(timer);
          waiters.delete(w);
          reject(new Error(`child ${proc.pid} (${config.desk}) exited (${code ?? signal}) before "${prefix}"; stderr: ${err.slice(-2000)}`));
        });
      });
    },
    exited: new Promise((resolve) => proc.once('close', (code, signal) => resolve({ code, signal }))),
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await child.exited;
    },
  };
  proc.stdout!.on('data', (d: Buffer) => {
    partial += d.toString();
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const l of parts) {
      lines.push(l);
      if (l.startsWith('ack ')) {
        for (const a of l.slice(4).split(' ')) {
          const [id, seq, at] = a.split(',');
          acks.push({ id: id!, seq: Number(seq), at: at! });
        }
      } else if (l.startsWith('busy ')) child.busy++;
      for (const w of [...waiters]) if (l.startsWith(w.prefix)) w.resolve(l);
    }
  });
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  running.add(child);
  void child.exited.then(() => running.delete(child));
  return child;
}

/** Kills every child still running (afterAll / finally). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((c) => c.kill()));
}

/**
 * Why the FAT tests cannot run here, or null: /dev/fuse missing (node/testing/volumes.ts), or
 * fusefat not installed (CI installs it: apt-get install fusefat dosfstools).
 */
export function fatUnavailable(): string | null {
  const why = volumesUnavailable();
  if (why) return why;
  for (const tool of ['fusefat', 'mkfs.vfat', 'fsck.fat']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0) return `${tool} is not installed: FAT images cannot be mounted here (apt-get install fusefat dosfstools)`;
  }
  return null;
}
