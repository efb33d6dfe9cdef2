// `npm run bench:preview`: `quartermaster packs preview --json OLD NEW FOLDER` against
// `quartermaster check --json FOLDER` over the same 20,000 generated character files (BENCH_SIZES),
// both whole processes from dist/cli.mjs (the npm script builds it first with scripts/build-cli.mjs), medians of BENCH_ROUNDS
// interleaved rounds, with CPU time and peak RSS (bench/process-time.mjs).
// The folder: bench/generate.mjs's characters, every one of them a Curious Pastimes character (so
// that the preview compares all of them, not a quarter). OLD is the built-in Curious Pastimes pack;
// NEW is a copy with one more hit on every location and Body Development renamed, so that every
// character's card changes and every one is in the report (the largest report for the folder).
// Both commands read and validate every file; check then runs the game's rules, preview evaluates
// each character under both packs (the budget, the card values) and compares.
// Target: preview <= 2x check.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, makeCharacter } from './generate.mjs';
import { compareTimed, describe, timedProcess, userEnvironment } from './process-time.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const environment = userEnvironment();
const SIZES = (process.env.BENCH_SIZES ?? '20000').split(',').filter(Boolean).map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const cli = join(root, 'dist/cli.mjs');

const work = join(root, 'bench/.work');
mkdirSync(work, { recursive: true });
const oldPack = join(root, 'core/packs/builtin/curious-pastimes.pack.json');
const changed = JSON.parse(readFileSync(oldPack, 'utf8'));
changed.version = '1.1.0';
changed.body.hits.value += 1;
changed.skills.find((s) => s.id === 'body-development').names.en = 'Body Training';
const newPack = join(work, 'curious-pastimes-1.1.0.pack.json');
writeFileSync(newPack, JSON.stringify(changed, null, 2));

console.log(`bench:preview  ${ROUNDS} rounds, medians, whole processes (node dist/cli.mjs), ${environment}`);
for (const N of SIZES) {
  const dir = join(work, `preview-${N}`);
  // makeCharacter(i) is a Curious Pastimes character when i % 4 === 1.
  generate(dir, N, (i) => makeCharacter(4 * i + 1));
  const ok = { okCodes: [0, 1] }; // the generated characters hold skills the catalogue lacks: rule errors, as intended
  const m = compareTimed(
    {
      check: () => timedProcess(process.execPath, [cli, 'check', '--json', dir], ok),
      preview: () => timedProcess(process.execPath, [cli, 'packs', 'preview', '--json', oldPack, newPack, dir], ok),
    },
    ROUNDS,
  );
  console.log(`\n  ${N.toLocaleString('en')} Curious Pastimes character files (wall, CPU and peak RSS medians; ratios against check)`);
  console.log(`    quartermaster check --json          : ${describe(m.check, m.check)}`);
  console.log(`    quartermaster packs preview --json  : ${describe(m.preview, m.check)}   (target <= 2)`);
}
