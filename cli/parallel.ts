// Work over many files on two cores: this thread and one worker thread take blocks of files from a
// shared counter, and this thread hands the results on in block order (so a report reads exactly
// as one thread would write it). The worker may run at most WINDOW blocks ahead of what has been
// handed on, so memory stays bounded however many files there are. If the worker fails, this
// thread does its blocks itself.
//
// When: QUARTERMASTER_THREADS=1 never, =2 whenever there are enough files and two cores. Unset,
// only for a command that gains from it (`check`; a desk worker measured slower and was taken out),
// on four cores or more (AUTO_MIN_CORES) and only when a core is free: the worker costs CPU time of
// its own (its start, its own JIT warm-up and heap), so on a machine whose cores are busy with other
// work it makes the command slower (bench/check.bench.mjs, 20,000 files on a 2-core machine at load
// 5-8: 3.9-4.4x against 3.2-3.4x on one thread; the worker got a quarter of a core).
// QUARTERMASTER_PARALLEL_FROM sets the file count it starts from (for tests).
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Blocks the worker may be ahead of the results handed on. */
const WINDOW = 8;
const NEXT = 0;
const DELIVERED = 1;

/** What the worker script receives as workerData (plus its own `task`). */
export type BlockShare = { shared: SharedArrayBuffer; blocks: number };

/**
 * Whether to use a worker for this many items (see the top of this file); `auto`: unless told,
 * on a machine of at least AUTO_MIN_CORES cores with one free (the 1-minute load average at least
 * half a core below the core count). `cores` and `load` are the machine's unless given (tests).
 */
export function useWorker(items: number, from: number, auto: boolean, cores = availableParallelism(), load = loadavg()[0]!): boolean {
  const told = process.env.QUARTERMASTER_THREADS;
  const min = Number(process.env.QUARTERMASTER_PARALLEL_FROM ?? from);
  if (told !== undefined && told !== '') return Number(told) > 1 && items >= min && cores > 1;
  return auto && items >= min && cores >= AUTO_MIN_CORES && coreFree(cores, load);
}

/**
 * Unasked, a worker only from this many cores. On two cores it gained nothing once one thread had
 * got faster (session 6, bench:check on an idle 2-core machine: 2,000 files 324 ms against 328 on
 * one thread, 20,000 files 1,072 against 1,116, for a fifth more CPU time and 40 MB more memory):
 * the worker's own JIT compiles and garbage collection take the core it would use, and the main
 * thread's checks got slower beside it (5.4 ms a block of 64 files against 3.5 alone).
 */
export const AUTO_MIN_CORES = 4;

/** A core to spare: load average (0 where the system has none, as on Windows) below cores - 0.5. */
export const coreFree = (cores = availableParallelism(), load = loadavg()[0]!) => load < cores - 0.5;

export type SharedBlocks<R> = {
  /** 2 when a worker was started. */
  threads: number;
  /** Ends the worker (for a caller that will not call inOrder). */
  stop(): void;
  inOrder(local: (block: number) => Promise<R> | R, deliver: (result: R, block: number) => Promise<void> | void): Promise<void>;
};

/**
 * Blocks 0..blocks-1 shared between this thread and, when `worker` is given, a worker thread (its
 * script must call workerBlocks), started at once so that it works while this thread does other
 * things; `inOrder` then takes blocks here too and hands every block's result on in order.
 */
export function shareBlocks<R>(blocks: number, worker: { url: URL; task: unknown } | null): SharedBlocks<R> {
  const shared = new SharedArrayBuffer(8);
  const state = new Int32Array(shared);
  const results = new Map<number, R>();
  let delivered = 0;
  let alive = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  let thread: Worker | null = null;
  if (worker && blocks > 1) {
    try {
      thread = new Worker(worker.url, { workerData: { task: worker.task, shared, blocks } satisfies BlockShare & { task: unknown } });
      alive = true;
      // Until inOrder waits on it, the worker does not keep the process alive.
      thread.unref();
      thread.on('message', (m: { block: number; result: R }) => {
        if (m.block >= delivered) results.set(m.block, m.result);
        poke();
      });
      // Its blocks not handed on are done here (below); the error itself changes no result.
      thread.on('error', () => {
        alive = false;
        poke();
      });
      thread.on('exit', () => {
        alive = false;
        poke();
      });
    } catch {
      thread = null;
    }
  }
  return {
    threads: thread ? 2 : 1,
    stop() {
      if (thread) void thread.terminate();
    },
    async inOrder(local, deliver) {
      thread?.ref();
      try {
        while (delivered < blocks) {
          while (results.has(delivered)) {
            const r = results.get(delivered)!;
            results.delete(delivered);
            await deliver(r, delivered);
            delivered++;
            Atomics.store(state, DELIVERED, delivered);
            Atomics.notify(state, DELIVERED);
          }
          if (delivered >= blocks) break;
          const next = Atomics.load(state, NEXT);
          if (next < blocks && next < delivered + WINDOW) {
            const b = Atomics.add(state, NEXT, 1);
            if (b < blocks) {
              results.set(b, await local(b));
              // Let the worker's messages in (they arrive between turns of the event loop).
              if (alive) await new Promise<void>((r) => setImmediate(r));
              continue;
            }
          }
          if (!results.has(delivered) && !alive) {
            // The next block was the worker's, and the worker is gone: do it here.
            results.set(delivered, await local(delivered));
            continue;
          }
          if (!results.has(delivered)) await new Promise<void>((r) => (wake = r));
        }
      } finally {
        if (thread) {
          // Everything is handed on; a worker still waiting for a block has none left to take.
          Atomics.store(state, NEXT, blocks);
          void thread.terminate();
        }
      }
    },
  };
}

/** shareBlocks(...).inOrder(...) in one call. */
export function inOrder<R>(
  blocks: number,
  local: (block: number) => Promise<R> | R,
  deliver: (result: R, block: number) => Promise<void> | void,
  worker: { url: URL; task: unknown } | null,
): Promise<void> {
  return shareBlocks<R>(blocks, worker).inOrder(local, deliver);
}

/** The worker's side: takes blocks until none are left, posting each result. */
export async function workerBlocks<R>(share: BlockShare, run: (block: number) => Promise<R> | R, post: (m: { block: number; result: R }) => void): Promise<void> {
  const state = new Int32Array(share.shared);
  for (;;) {
    const b = Atomics.add(state, NEXT, 1);
    if (b >= share.blocks) return;
    for (;;) {
      const d = Atomics.load(state, DELIVERED);
      if (b < d + WINDOW) break;
      Atomics.wait(state, DELIVERED, d, 200);
    }
    post({ block: b, result: await run(b) });
  }
}
