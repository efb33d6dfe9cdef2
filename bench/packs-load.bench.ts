// `npm run bench:packs`: loading every game pack when the app or the command line starts
// (node/packs/load.ts's loadPacks), each round in a fresh Node process, so the figure holds the
// first use of zod's schema and of the CEL checker, as at start.
//
// State measured: the four built-in packs, an app packs folder of 10 packs (the Emberfall example
// and newer versions of the built-in games, each a full copy) and a game's folder of 10 more: 24
// packs in all, of which 20 are read, checked (schema, prototype keys, nesting, every CEL expression
// type-checked) and compared by version. Baseline, in the same process: reading the same 20 files
// and JSON.parse of each (no checks). Target: loading every pack <= 20 ms (median).
//   BENCH_ROUNDS (15).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (process.argv[2] === '--child') {
  const [app, game] = [process.argv[3]!, process.argv[4]!];
  const { readdir, readFile } = await import('node:fs/promises');
  const t0 = performance.now();
  for (const folder of [app, game]) for (const name of await readdir(folder)) JSON.parse(await readFile(join(folder, name), 'utf8'));
  const baseline = performance.now() - t0;
  const t1 = performance.now();
  const { loadPacks } = await import('../node/packs/load');
  const t2 = performance.now();
  const loaded = await loadPacks({ app, game });
  const t3 = performance.now();
  if (loaded.problems.length > 0 || loaded.all.length !== 24) throw new Error(`unexpected: ${loaded.all.length} packs, ${JSON.stringify(loaded.problems)}`);
  process.stdout.write(JSON.stringify({ baseline, importMs: t2 - t1, loadMs: t3 - t2 }));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'qm-bench-packs-'));
  try {
    const app = join(dir, 'app');
    const game = join(dir, 'game');
    mkdirSync(app);
    mkdirSync(game);
    const sources = ['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic'].map((id) => join(root, `core/packs/builtin/${id}.pack.json`));
    const emberfall = join(root, 'core/packs/examples/emberfall.pack.json');
    for (let i = 0; i < 20; i++) {
      const pack = JSON.parse(readFileSync(i % 5 === 4 ? emberfall : sources[i % 5]!, 'utf8'));
      pack.version = `1.${i + 1}.0`;
      writeFileSync(join(i < 10 ? app : game, `pack-${i}.pack.json`), `${JSON.stringify(pack, null, 2)}\n`);
    }
    const runs: { baseline: number; importMs: number; loadMs: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', app, game], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      runs.push(JSON.parse(child.stdout));
    }
    const load = median(runs.map((r) => r.loadMs));
    const base = median(runs.map((r) => r.baseline));
    const imported = median(runs.map((r) => r.importMs));
    console.log(`Loading every game pack at start: 24 packs (4 built in, 10 in an app folder, 10 in a game's folder), ${ROUNDS} fresh processes, medians`);
    console.log(`  baseline (read + JSON.parse of the 20 files): ${base.toFixed(1)} ms`);
    console.log(`  loadPacks (read, check, choose):               ${load.toFixed(1)} ms  (${(load / base).toFixed(1)}x the baseline; target <= 20 ms: ${load <= 20 ? 'met' : 'missed'})`);
    console.log(`  importing the loader (zod schema, CEL):         ${imported.toFixed(1)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
