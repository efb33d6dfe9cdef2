// `npm run bench:packs`: loading every game pack when the app or the command line starts
// (node/packs/load.ts's loadPacks), each round in a fresh Node process, so the figure holds the
// first use of zod's schema and of the CEL checker, as at start.
//
// States measured: the four built-in packs and N packs from folders, half in an app packs folder and
// half in a game's folder (the Emberfall example and newer versions of the built-in games, each a
// full copy): N = 2 (a game's own pack and one update: what a desk meets) and N = 20 (a game team
// trying many versions). Each folder pack is read, checked (schema, prototype keys, nesting, every
// CEL expression parsed and type-checked) and compared by version. Baseline, in the same process:
// reading the same N files and JSON.parse of each (no checks). Target: loading every pack <= 20 ms
// (median).   BENCH_SIZES (2,20), BENCH_ROUNDS (15).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const SIZES = (process.env.BENCH_SIZES ?? '2,20').split(',').filter(Boolean).map(Number);
const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (process.argv[2] === '--child') {
  const [app, game, total] = [process.argv[3]!, process.argv[4]!, Number(process.argv[5])];
  const { readdir, readFile } = await import('node:fs/promises');
  const t0 = performance.now();
  for (const folder of [app, game]) for (const name of await readdir(folder)) JSON.parse(await readFile(join(folder, name), 'utf8'));
  const baseline = performance.now() - t0;
  const t1 = performance.now();
  const { loadPacks } = await import('../node/packs/load');
  const t2 = performance.now();
  const loaded = await loadPacks({ app, game });
  const t3 = performance.now();
  if (loaded.problems.length > 0 || loaded.all.length !== total) throw new Error(`unexpected: ${loaded.all.length} packs, ${JSON.stringify(loaded.problems)}`);
  process.stdout.write(JSON.stringify({ baseline, importMs: t2 - t1, loadMs: t3 - t2 }));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'qm-bench-packs-'));
  try {
    const sources = ['novitas', 'fortunes-landing', 'curious-pastimes', 'bg-magic'].map((id) => join(root, `core/packs/builtin/${id}.pack.json`));
    const emberfall = join(root, 'core/packs/examples/emberfall.pack.json');
    console.log(`Loading every game pack at start, ${ROUNDS} fresh processes each, medians (target <= 20 ms):`);
    for (const n of SIZES) {
      const app = join(dir, `app-${n}`);
      const game = join(dir, `game-${n}`);
      mkdirSync(app);
      mkdirSync(game);
      for (let i = 0; i < n; i++) {
        const pack = JSON.parse(readFileSync(i % 5 === 4 ? emberfall : sources[i % 5]!, 'utf8'));
        pack.version = `1.${i + 1}.0`;
        writeFileSync(join(i < n / 2 ? app : game, `pack-${i}.pack.json`), `${JSON.stringify(pack, null, 2)}\n`);
      }
      const runs: { baseline: number; importMs: number; loadMs: number }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', app, game, String(n + 4)], { encoding: 'utf8' });
        if (child.status !== 0) throw new Error(child.stderr);
        runs.push(JSON.parse(child.stdout));
      }
      const load = median(runs.map((r) => r.loadMs));
      const base = median(runs.map((r) => r.baseline));
      const imported = median(runs.map((r) => r.importMs));
      console.log(`  4 built in + ${n} from folders: loadPacks ${load.toFixed(1)} ms (${load <= 20 ? 'met' : 'missed'}); baseline, read + JSON.parse of the ${n} files: ${base.toFixed(1)} ms (${(load / base).toFixed(1)}x); importing the loader (zod schema, CEL, through tsx): ${imported.toFixed(1)} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
