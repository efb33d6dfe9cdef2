// The check command over the shipped examples and over bad files. Expected values are worked out
// from the rule texts in ../shared/rules (the working is in the comments), not from the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { main } from '../main';
import type { Io } from '../io';
import { captureIo } from '../testing/capture';

const root = join(import.meta.dirname, '../..');
const examples = join(root, 'assets/examples');


async function checkJson(...args: string[]) {
  const io = captureIo();
  const code = await main(['check', '--json', ...args], io);
  return { code, entries: JSON.parse(io.stdout()) as any[], stderr: io.stderr() };
}

const byName = (entries: any[], file: string) => entries.find((e) => e.file.endsWith(file));

describe('quartermaster check on the examples', () => {
  it('reports each example as the rules say', async () => {
    const { code, entries } = await checkJson(examples);
    expect(entries).toHaveLength(6);

    // Fortune's Landing: light chain = 3 (Dimitri's example), on the torso only; Threshold needs 5+.
    const dimitri = byName(entries, 'fl-dimitri.character.json');
    expect(dimitri).toMatchObject({ ok: true, ruleset: 'fortunes-landing', name: 'Dimitri', errors: [] });
    expect(dimitri.derived.armour).toMatchObject({ rating: 3, areas: ['torso'], threshold: 0 });

    // Plate torso (5) + heavy leather legs (2 each): averaged over all three (5+2+2)/3 = 3, or 5 on
    // the torso alone; the player chose all three.
    const aldric = byName(entries, 'fl-aldric.character.json');
    expect(aldric.ok).toBe(true);
    expect(aldric.derived.armour.rating).toBe(3);
    expect([...aldric.derived.armour.areas].sort()).toEqual(['left-leg', 'right-leg', 'torso']);
    expect(aldric.derived.armour.threshold).toBe(0);
    expect(aldric.derived.armour.options[0]).toEqual({ areas: ['torso'], rating: 5 });
    expect(aldric.derived.armour.options).toContainEqual({ areas: expect.arrayContaining(['torso', 'left-leg', 'right-leg']), rating: 3 });

    // Curious Pastimes: 1 base + 1 Body Development = 2 everywhere; torso medium (2) over light (1):
    // heaviest layer only, 2 + 2 = 4; arms medium 2 + 2 = 4; head a heavy helmet (3), allowed by Wear
    // Heavy Armour: 2 + 3 = 5; legs unarmoured 2. Arrows ignore armour: 2 on every location.
    const brannoc = byName(entries, 'cp-brannoc.character.json');
    expect(brannoc.ok).toBe(true);
    expect(brannoc.derived.hits).toEqual({ head: 5, torso: 4, 'left-arm': 4, 'right-arm': 4, 'left-leg': 2, 'right-leg': 2 });
    expect(brannoc.derived.hitsVsArrows).toEqual({ head: 2, torso: 2, 'left-arm': 2, 'right-arm': 2, 'left-leg': 2, 'right-leg': 2 });

    // Novitas: pool 12 (skill) + 8 (ring) = 20; break-cap 2. Plan: Revive 5 - 1 = 4, x3 = 12;
    // Purify Spirit 3 x3 = 9; 21 in all, 2 of them break-cap, so 19 against the 20 cap: clean.
    const elowen = byName(entries, 'nov-elowen.character.json');
    expect(elowen.ok).toBe(true);
    expect(elowen.derived.powerPoints).toMatchObject({ pool: 20, breakCap: 2, dailyCap: 20, plannedCost: 21 });

    // bg-magic: a role mage entitled to leather has one half more than a battle mage's 4: 6.
    const vasil = byName(entries, 'bg-vasil.character.json');
    expect(vasil).toMatchObject({ ok: true, derived: { energy: 6, armourProtection: 'leather' } });

    // A battle mage entitled to metal has 2 energy; a shield and two metal armours are forbidden.
    const borislav = byName(entries, 'bg-borislav.character.json');
    expect(borislav.ok).toBe(false);
    expect(borislav.derived.energy).toBe(2);
    expect(borislav.errors.map((e: any) => e.path)).toEqual(expect.arrayContaining(['weapons[1]']));
    expect(borislav.errors.length).toBeGreaterThanOrEqual(2);

    expect(code).toBe(1);
  });

  it('exits 0 when every file is clean', async () => {
    const { code } = await checkJson(join(examples, 'fl-dimitri.character.json'), join(examples, 'bg-vasil.character.json'));
    expect(code).toBe(0);
  });

  it('prints a readable report', async () => {
    const io = captureIo();
    const code = await main(['check', examples], io);
    expect(code).toBe(1);
    const text = io.stdout();
    expect(text).toContain('fl-aldric.character.json: Aldric of the Vale (Priya)');
    expect(text).toContain('armour 3 over torso, left leg, right leg');
    expect(text).toMatch(/RULE ERROR .*bg-borislav/);
    expect(text).toContain('6 files: 5 clean, 1 with rule errors, 0 unreadable.');
  });
});

describe('quartermaster check on bad files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'qm-check-'));
    copyFileSync(join(examples, 'fl-dimitri.character.json'), join(dir, 'good.character.json'));
    writeFileSync(join(dir, 'empty.character.json'), '');
    writeFileSync(join(dir, 'garbage.character.json'), 'this is not json');
    writeFileSync(join(dir, 'binary.character.json'), Buffer.from([0, 1, 2, 255, 254, 0]));
    const dimitri = JSON.parse(readFileSync(join(examples, 'fl-dimitri.character.json'), 'utf8'));
    writeFileSync(join(dir, 'future.character.json'), JSON.stringify({ ...dimitri, version: 3 }));
    writeFileSync(join(dir, 'wrongtype.character.json'), JSON.stringify({ ...dimitri, skills: 'lots' }));
    mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
    writeFileSync(join(dir, 'nested', 'deeper', 'unknown.character.json'), JSON.stringify({ ...dimitri, ruleset: 'vampire' }));
    writeFileSync(join(dir, 'nested', 'notes.txt'), 'not a character file, ignored');
    mkdirSync(join(dir, '.quartermaster-backups'));
    writeFileSync(join(dir, '.quartermaster-backups', 'old.character.json'), 'ignored: hidden folder');
    writeFileSync(join(dir, 'huge.character.json'), Buffer.alloc(50 * 1024 * 1024, 0x20));
    // Longer than the 64 kB buffer a listed file is first read into (cli/io.ts): read whole all the same.
    const items = Array.from({ length: 40 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Scroll ${i}`, kind: 'scroll', text: 'x'.repeat(1990) + String(i).padStart(10, '.') }));
    writeFileSync(join(dir, 'long.character.json'), JSON.stringify({ ...dimitri, items }, null, 2));
    // A named pipe among the files: refused at once, not waited on.
    execFileSync('mkfifo', [join(dir, 'pipe.character.json')]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports every unreadable file by name, still checks the rest, exits 2 and writes nothing', async () => {
    const before = snapshot(dir);
    const { code, entries, stderr } = await checkJson(dir, join(dir, 'missing.character.json'));
    expect(code).toBe(2);
    expect(stderr).toBe('');
    const problem = (f: string) => byName(entries, f).errors[0];
    expect(byName(entries, 'good.character.json').ok).toBe(true);
    expect(problem('empty.character.json')).toMatchObject({ code: 'file.empty', message: expect.stringContaining('empty.character.json: the file is empty') });
    expect(problem('garbage.character.json').code).toBe('file.not-json');
    expect(problem('binary.character.json').code).toBe('file.not-utf8');
    expect(problem('future.character.json').message).toContain('newer Quartermaster');
    expect(problem('wrongtype.character.json')).toMatchObject({ code: 'file.invalid', path: 'skills' });
    expect(problem('unknown.character.json')).toMatchObject({ path: 'ruleset' });
    expect(problem('huge.character.json')).toMatchObject({ code: 'file.too-large', message: expect.stringContaining('the file is 50.0 MB; the limit is 5.0 MB') });
    expect(problem('pipe.character.json')).toMatchObject({ code: 'file.unreadable', message: expect.stringContaining('not a regular file') });
    expect(statSync(join(dir, 'long.character.json')).size).toBeGreaterThan(80 * 1024);
    expect(byName(entries, 'long.character.json')).toMatchObject({ readable: true, ok: true });
    expect(problem('missing.character.json').message).toContain('no such file or folder');
    expect(entries.filter((e) => e.readable === false)).toHaveLength(9);
    expect(entries.some((e) => e.file.includes('.quartermaster-backups') || e.file.endsWith('notes.txt'))).toBe(false);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses bad usage with exit 2', async () => {
    const io = captureIo();
    expect(await main(['check'], io)).toBe(2);
    expect(await main(['check', '--frobnicate', examples], io)).toBe(2);
    expect(await main(['launch-rockets'], io)).toBe(2);
    expect(io.stderr()).toContain('unknown command "launch-rockets"');
  });
});

describe('a long report', () => {
  let dir: string;
  beforeAll(() => {
    // 150 files: more than two of the batches --json is written in, one of them unreadable.
    dir = mkdtempSync(join(tmpdir(), 'qm-check-many-'));
    const names = readdirSync(examples);
    for (let i = 0; i < 150; i++) copyFileSync(join(examples, names[i % names.length]!), join(dir, `c${String(i).padStart(3, '0')}.character.json`));
    writeFileSync(join(dir, 'c077.character.json'), '{ "format": "quartermaster-character", "version": 1, "name": 5 }');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a JSON array of every entry in file order, each entry on a line of its own', async () => {
    const io = captureIo();
    const code = await main(['check', '--json', dir], io);
    expect(code).toBe(2);
    const entries = JSON.parse(io.stdout()) as any[];
    expect(io.stdout()).toBe(`[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
    // Line 2 to 151: one file each (grep finds a file's whole entry).
    const lines = io.stdout().split('\n');
    expect(lines).toHaveLength(150 + 3);
    expect(JSON.parse(lines[78]!.replace(/,$/, '')).file).toBe(join(dir, 'c077.character.json'));
    expect(entries.map((e) => e.file)).toEqual(Array.from({ length: 150 }, (_, i) => join(dir, `c${String(i).padStart(3, '0')}.character.json`)));
    // 25 copies of each example (Borislav's break a rule); c077, a copy of Elowen's, replaced.
    // The refused file is worded by zod (loaded only for it), naming the field.
    expect(entries[77]).toMatchObject({ readable: false, errors: [{ code: 'file.invalid', path: 'id' }] });
    expect(entries.filter((e) => e.readable)).toHaveLength(149);
  });

  it('prints the text report with its totals at the end', async () => {
    const io = captureIo();
    await main(['check', dir], io);
    const text = io.stdout();
    expect(text.match(/^(OK|RULE ERROR|UNREADABLE) /gm)).toHaveLength(150);
    expect(text.endsWith('\n150 files: 124 clean, 25 with rule errors, 1 unreadable.\n')).toBe(true);
  });

  it('streams: reads no further file while the report so far waits to go out', async () => {
    // A reader slower than the check (a pipe into a pager): output waits, and so does reading, so
    // memory holds a buffer of the report, not all of it.
    const io = captureIo();
    let reads = 0;
    const waits: (() => void)[] = [];
    const slow: Io = {
      ...io,
      readFileCapped: (p, max) => {
        reads++;
        return io.readFileCapped(p, max);
      },
      // Reads without a promise count the same.
      readFileCappedSync: (p, max, options) => {
        reads++;
        return io.readFileCappedSync!(p, max, options);
      },
      drained: () => new Promise<void>((done) => waits.push(done)),
    };
    const run = main(['check', '--json', dir], slow);
    while (waits.length === 0) await new Promise((r) => setTimeout(r, 5));
    const readsAtFirstWait = reads;
    expect(readsAtFirstWait).toBeLessThan(150);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(readsAtFirstWait);
    // Let every wait through as it comes; the report is the same as without waiting.
    const release = setInterval(() => waits.splice(0).forEach((done) => done()), 1);
    expect(await run).toBe(2);
    clearInterval(release);
    expect(reads).toBe(150);
    const plain = captureIo();
    await main(['check', '--json', dir], plain);
    expect(io.stdout()).toBe(plain.stdout());
  });

  it('reads through promises the same when the io has no synchronous reads', async () => {
    const sync = captureIo();
    const io = captureIo();
    const promised: Io = { ...io, readFileCappedSync: undefined };
    expect(await main(['check', '--json', dir], promised)).toBe(await main(['check', '--json', dir], sync));
    expect(io.stdout()).toBe(sync.stdout());
    expect(JSON.parse(io.stdout())).toHaveLength(150);
  });

  it('says which files a folder without character files held and why they were left out (exit 2; --json still prints [])', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'qm-check-none-'));
    writeFileSync(join(folder, 'Aldric.json'), '{}');
    writeFileSync(join(folder, 'notes.txt'), 'x');
    writeFileSync(join(folder, '.hidden.character.json'), '{}');
    const io = captureIo();
    expect(await main(['check', '--json', folder], io)).toBe(2);
    expect(io.stdout()).toBe('[]\n');
    expect(io.stderr()).toBe(`quartermaster check: no character file found in ${folder}: 2 files were left out, because only files named *.character.json are checked:\n  ${join(folder, 'Aldric.json')}\n  ${join(folder, 'notes.txt')}\n`);
    const empty = mkdtempSync(join(tmpdir(), 'qm-check-none-'));
    const io2 = captureIo();
    expect(await main(['check', empty], io2)).toBe(2);
    expect(io2.stderr()).toBe(`quartermaster check: no character file found in ${empty}: there are no files in it (hidden files and folders are left out)\n`);
    rmSync(folder, { recursive: true });
    rmSync(empty, { recursive: true });
  });

  it('takes its options through parseArgs: --help, a file named like an option after --, and usage errors in words', async () => {
    const help = captureIo();
    expect(await main(['check', '--help'], help)).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: quartermaster check \[--json\]/);
    // After --, "--help" is a file name (here a missing one), not the option.
    const dashed = captureIo();
    expect(await main(['check', '--', '--help'], dashed)).toBe(2);
    expect(dashed.stdout()).toMatch(/^UNREADABLE  --help: /);
    const version = captureIo();
    expect(await main(['--version'], version)).toBe(0);
    expect(version.stdout()).toBe(`quartermaster ${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
    const bad = captureIo();
    expect(await main(['check', '--jsn', 'x'], bad)).toBe(2);
    expect(bad.stderr()).toMatch(/^quartermaster check: unknown option --jsn\n\nUsage: quartermaster check/);
    const flag = captureIo();
    expect(await main(['check', '--json=false', 'x'], flag)).toBe(2);
    expect(flag.stderr()).toMatch(/^quartermaster check: --json takes no value\n/);
  });
});

describe('the built command run directly', () => {
  it('node dist/cli.mjs check runs the check (it used to exit 0 and print nothing)', async () => {
    await promisify(execFile)('node', [join(root, 'scripts/build-cli.mjs')]);
    const run = await promisify(execFile)('node', [join(root, 'dist/cli.mjs'), 'check', '--json', join(examples, 'bg-borislav.character.json')]).catch((e) => e);
    expect(run.code).toBe(1); // Borislav breaks a rule
    expect(JSON.parse(run.stdout)[0]).toMatchObject({ ok: false, name: 'Борислав' });
  });

  it('stops quietly when its reader stops reading (| head): no stack trace for the broken pipe', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'qm-pipe-'));
    try {
      // 700 files: a report of about 0.5 MB, more than a pipe holds.
      const { generate } = await import(pathToFileURL(join(root, 'bench/generate.mjs')).href);
      generate(folder, 700);
      for (const args of [['check', '--json', folder], ['desk', folder]]) {
        const child = spawn(process.execPath, [join(root, 'bin/quartermaster.cjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let err = '';
        child.stderr.on('data', (d) => (err += d));
        // Read the first chunk, then close the pipe, as `head -1` does.
        child.stdout.once('data', () => child.stdout.destroy());
        const code = await new Promise((done) => child.on('close', done));
        expect(err).toBe('');
        expect([0, 1]).toContain(code);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('installs as a direct `quartermaster` command (npm install -g ./command-line)', async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'qm-prefix-'));
    try {
      await promisify(execFile)('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(root, 'command-line')]);
      const bin = join(prefix, process.platform === 'win32' ? 'quartermaster.cmd' : 'bin/quartermaster');
      const run = await promisify(execFile)(bin, ['check', '--json', join(examples, 'fl-dimitri.character.json')]);
      expect(JSON.parse(run.stdout)[0]).toMatchObject({ ok: true, name: 'Dimitri' });
      // A refused file is worded by zod, which the one-file check bundle loads only then.
      const bad = join(prefix, 'bad.character.json');
      writeFileSync(bad, JSON.stringify({ format: 'quartermaster-character', version: 2, id: 'not-a-uuid', ruleset: 'novitas', name: 'X' }));
      const refused = await promisify(execFile)(bin, ['check', '--json', bad]).catch((e) => e);
      expect(refused.code).toBe(2);
      expect(JSON.parse(refused.stdout)[0].errors[0]).toMatchObject({ code: 'file.invalid', path: 'id' });
      // Other commands go through the full command line.
      expect((await promisify(execFile)(bin, ['help'])).stdout).toContain('Usage: quartermaster <command>');
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe('npx quartermaster', () => {
  it('runs from the repository root through the package bin', async () => {
    await promisify(execFile)('node', [join(root, 'scripts/build-cli.mjs')]);
    const run = await promisify(execFile)('npx', ['--no-install', 'quartermaster', 'check', '--json', 'assets/examples/fl-dimitri.character.json'], { cwd: root }).catch((e) => e);
    expect(run.stderr ?? '').not.toMatch(/at .*\.(m?js|ts):\d+/); // no stack trace
    const entries = JSON.parse(run.stdout);
    expect(entries[0]).toMatchObject({ ok: true, name: 'Dimitri' });
  });

  it('finds its fonts when bundled (print through the built command)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'qm-npx-')), 'dimitri.pdf');
    const run = await promisify(execFile)('npx', ['--no-install', 'quartermaster', 'print', 'assets/examples/fl-dimitri.character.json', '--out', out], { cwd: root });
    expect(run.stdout).toContain('Wrote');
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (!s.isFile()) out[p] = `${s.mode}:${s.mtimeMs}`; // a named pipe: reading it would wait for a writer
      else out[p] = `${s.size}:${s.mtimeMs}:${readFileSync(p).subarray(0, 64).toString('hex')}`;
    }
  };
  walk(dir);
  return out;
}
