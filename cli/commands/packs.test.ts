// `quartermaster packs list|check`, in process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import emberfall from '../../core/packs/examples/emberfall.pack.json';
import { main, nodeIo } from '../main';
import { captureIo } from '../testing/capture';

async function run(...args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'qm-packs-cli-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));
function put(folder: string, name: string, content: unknown): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('quartermaster packs list', () => {
  it('lists the built-in packs with their versions', async () => {
    const { code, out } = await run('packs', 'list');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^id\s+version\s+used\s+name\s+file$/);
    expect(out).toMatch(/^novitas\s+1\.0\.0\s+yes\s+Novitas\s+\(built in\) novitas\.pack\.json$/m);
    expect(out.trim().split('\n')).toHaveLength(5);
  });

  it('adds the packs of each folder; of one id the newest is used; problems name file, path and why (exit 2)', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    put(a, 'emberfall.pack.json', emberfall);
    put(b, 'emberfall.pack.json', { ...emberfall, version: '1.1.0' });
    const bad = put(b, 'broken.pack.json', { ...emberfall, id: 'Broken Game' });
    const { code, out } = await run('packs', 'list', a, b);
    expect(code).toBe(2);
    expect(out).toMatch(/^emberfall\s+1\.0\.0\s+no\s+Emberfall\s+.*a\/emberfall\.pack\.json$/m);
    expect(out).toMatch(/^emberfall\s+1\.1\.0\s+yes\s+Emberfall\s+.*b\/emberfall\.pack\.json$/m);
    expect(out).toContain(`1 problem:\n${bad}: id: an id is 1 to 64 lower-case letters`);
  });
});

describe('quartermaster packs check', () => {
  it('says ok with a summary for a valid pack, and each problem with its path for a bad one', async () => {
    const good = put(dir, 'emberfall.pack.json', emberfall);
    const skills = structuredClone(emberfall.skills) as Record<string, unknown>[];
    (skills[1]!.requires as { expression: string }).expression = 'levels["swordplay"] + 1';
    const bad = put(dir, 'bad.pack.json', { ...emberfall, skills });
    const { code, out } = await run('packs', 'check', good, bad);
    expect(code).toBe(2);
    expect(out).toBe(
      `ok  ${good}: Emberfall 1.0.0: 6 skills, costs published, starts with 12 points\n` +
        `BAD ${bad}: 1 problem\n    skills[1].requires.expression: the expression gives int, but a prerequisite must give bool\n` +
        '2 packs checked, 1 with problems\n',
    );
  });

  it('exits 0 when every pack is valid', async () => {
    expect((await run('packs', 'check', put(dir, 'e.pack.json', emberfall))).code).toBe(0);
  });

  it('answers --help and refuses bad usage (exit 2)', async () => {
    const help = await run('packs', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: quartermaster packs list \[FOLDER\.\.\.\]/);
    const none = await run('packs', 'check');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^quartermaster packs: name at least one pack file to check/);
    const other = await run('packs', 'install');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/unknown subcommand "install"/);
    expect((await run('packs', 'list', '--json')).err).toMatch(/unknown option --json/);
  });
});
