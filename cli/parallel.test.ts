// Two threads over blocks (cli/parallel.ts): the results in block order whoever did them, the
// worker really taking blocks, a failed worker's blocks done here; and the built command line's
// check's reports the same, byte for byte, with a worker and without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { inOrder, useWorker } from './parallel';

const root = join(new URL('.', import.meta.url).pathname, '..');
let dir: string;
let workerUrl: URL;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qm-parallel-'));
  const outfile = join(dir, 'worker.mjs');
  await build({ entryPoints: [join(root, 'cli/parallel-worker.fixture.ts')], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  workerUrl = pathToFileURL(outfile);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(blocks: number, task: object, localMs = 0) {
  const got: { block: number; result: string }[] = [];
  await inOrder<string>(
    blocks,
    async (b) => {
      if (localMs) await new Promise((r) => setTimeout(r, localMs));
      return `local:${b}`;
    },
    (result, block) => void got.push({ block, result }),
    { url: workerUrl, task },
  );
  return got;
}

describe('blocks shared with a worker thread', () => {
  it('hands every block on once, in order, some of them done by the worker', async () => {
    // This thread takes 5 ms a block, so the worker gets blocks once it has started.
    const got = await run(60, {}, 5);
    expect(got.map((g) => g.block)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const g of got) expect(g.result).toMatch(new RegExp(`^(local|worker):${g.block}$`));
    expect(got.filter((g) => g.result.startsWith('worker')).length).toBeGreaterThan(0);
    expect(got.filter((g) => g.result.startsWith('local')).length).toBeGreaterThan(0);
  });

  it('does the blocks of a worker that fails itself, in order', async () => {
    const got = await run(40, { crashAt: 3 }, 2);
    expect(got.map((g) => g.block)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // Block 3 was the worker's when it failed (or this thread's, if it got there first).
    expect(got[3]!.result).toBe('local:3');
  });

  it('keeps to one thread without a worker', async () => {
    const got: string[] = [];
    await inOrder<string>(5, (b) => `local:${b}`, (r) => void got.push(r), null);
    expect(got).toEqual(['local:0', 'local:1', 'local:2', 'local:3', 'local:4']);
  });
});

describe('when a worker is used', () => {
  const withEnv = (env: Record<string, string | undefined>, fn: () => void) => {
    const saved = { QUARTERMASTER_THREADS: process.env.QUARTERMASTER_THREADS, QUARTERMASTER_PARALLEL_FROM: process.env.QUARTERMASTER_PARALLEL_FROM };
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    try {
      fn();
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  it('never with QUARTERMASTER_THREADS=1; with =2 from the threshold on, given two cores', () => {
    withEnv({ QUARTERMASTER_THREADS: '1', QUARTERMASTER_PARALLEL_FROM: undefined }, () => expect(useWorker(50_000, 2000, true)).toBe(false));
    withEnv({ QUARTERMASTER_THREADS: '2', QUARTERMASTER_PARALLEL_FROM: undefined }, () => {
      expect(useWorker(1999, 2000, false)).toBe(false);
      expect(useWorker(2000, 2000, false)).toBe(availableParallelism() > 1);
    });
  });
  it('unset: never for a command that does not gain from it, and not below the threshold', () => {
    withEnv({ QUARTERMASTER_THREADS: undefined, QUARTERMASTER_PARALLEL_FROM: undefined }, () => {
      expect(useWorker(50_000, 2000, false)).toBe(false);
      expect(useWorker(1999, 2000, true)).toBe(false);
    });
  });
  it('unset: only on four cores or more, with one free', () => {
    withEnv({ QUARTERMASTER_THREADS: undefined, QUARTERMASTER_PARALLEL_FROM: undefined }, () => {
      expect(useWorker(20_000, 2000, true, 2, 0)).toBe(false); // an idle 2-core machine: one thread
      expect(useWorker(20_000, 2000, true, 4, 1.2)).toBe(true);
      expect(useWorker(20_000, 2000, true, 4, 3.6)).toBe(false); // load 3.6 on 4 cores: none free
      expect(useWorker(20_000, 2000, true, 8, 7.4)).toBe(true);
    });
    // Told, two threads on two cores all the same.
    withEnv({ QUARTERMASTER_THREADS: '2', QUARTERMASTER_PARALLEL_FROM: undefined }, () => expect(useWorker(20_000, 2000, false, 2, 1.9)).toBe(true));
  });
});

describe('the built command line with a worker thread', () => {
  let folder: string;
  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { cwd: root });
    folder = join(dir, 'event');
    const { generate } = await import(pathToFileURL(join(root, 'bench/generate.mjs')).href);
    // 700 files (11 of check's batches), among them a broken file, one the
    // schema refuses (zod, loaded in the worker too, names the field) and one that is not UTF-8.
    generate(folder, 700);
    writeFileSync(join(folder, 'c00100.character.json'), '{"format": "quartermaster-character", ');
    writeFileSync(join(folder, 'c00450.character.json'), JSON.stringify({ format: 'quartermaster-character', version: 2, id: 'not-a-uuid', name: 'X', player: '', ruleset: 'novitas' }));
    writeFileSync(join(folder, 'c00650.character.json'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
  });

  const cli = (args: string[], threads: 'one' | 'two') =>
    spawnSync(process.execPath, [join(root, 'bin/quartermaster.cjs'), ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: { ...process.env, ...(threads === 'one' ? { QUARTERMASTER_THREADS: '1' } : { QUARTERMASTER_THREADS: '2', QUARTERMASTER_PARALLEL_FROM: '1' }) },
    });

  for (const args of [['check', '--json'], ['check']]) {
    it(`${args.join(' ')}: the same report and exit code`, () => {
      const one = cli([...args, folder], 'one');
      const two = cli([...args, folder], 'two');
      expect(one.status).toBe(2);
      expect(two.status).toBe(one.status);
      expect(two.stderr).toBe(one.stderr);
      expect(two.stdout).toBe(one.stdout);
      expect(one.stdout).toContain('c00450.character.json');
      expect(one.stdout).toContain('id');
    }, 60_000);
  }
});
