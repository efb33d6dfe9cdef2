// Packs from folders: the newest version of each id wins, and every hostile pack is refused with
// its file, JSON path and reason, leaving the others loaded.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import emberfall from '../../core/packs/examples/emberfall.pack.json';
import { tempFolder } from '../testing/temp';
import { loadPacks, MAX_PACK_BYTES, readPackFile, readPackFolder } from './load';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempFolder('qm-packs-')));
afterEach(async () => cleanup());

function pack(change: (p: Record<string, any>) => void = () => {}): Record<string, any> {
  const copy = structuredClone(emberfall) as Record<string, any>;
  change(copy);
  return copy;
}
async function put(folder: string, name: string, content: unknown): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = join(folder, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}
async function refusal(file: string): Promise<{ path: string; message: string }> {
  const result = await readPackFile(file);
  if (result.ok) throw new Error(`${file} was accepted`);
  expect(result.problems[0]!.file).toBe(file);
  return result.problems[0]!;
}

describe('loadPacks', () => {
  it('starts from the four built-in packs', async () => {
    const { used, problems } = await loadPacks();
    expect([...used.keys()].sort()).toEqual(['bg-magic', 'curious-pastimes', 'fortunes-landing', 'novitas']);
    expect(problems).toEqual([]);
  });

  it("takes the newest version of an id: a game's 1.2.0 over the app's 1.1.0 over 1.0.0, and a newer built-in game over its built-in pack", async () => {
    const app = join(dir, 'app');
    const game = join(dir, 'game');
    await put(app, 'emberfall.pack.json', pack());
    await put(app, 'emberfall-1.1.pack.json', pack((p) => (p.version = '1.1.0')));
    await put(game, 'emberfall.pack.json', pack((p) => (p.version = '1.2.0')));
    await put(game, 'novitas.pack.json', pack((p) => ((p.id = 'novitas'), (p.version = '1.0.1'))));
    const { all, used, problems } = await loadPacks({ app, game });
    expect(problems).toEqual([]);
    expect(all).toHaveLength(8);
    expect(used.get('emberfall')?.pack.version).toBe('1.2.0');
    expect(used.get('emberfall')?.origin).toBe('game');
    expect(used.get('novitas')?.pack.version).toBe('1.0.1');
    expect(used.get('curious-pastimes')?.origin).toBe('built-in');
  });

  it('keeps the good packs of a folder and names the file, path and reason of a bad one', async () => {
    await put(dir, 'a.pack.json', pack());
    const bad = await put(dir, 'b.pack.json', pack((p) => (p.skills[0].maxLevel.value = -1)));
    await put(dir, 'notes.json', '{ not a pack and not read');
    const { packs, problems } = await readPackFolder(dir, 'app');
    expect(packs.map((p) => p.pack.id)).toEqual(['emberfall']);
    expect(problems).toEqual([{ file: bad, path: 'skills[0].maxLevel.value', message: expect.stringMatching(/>=0|at least 0|too small/i) }]);
  });
});

describe('a hostile pack is refused without harm', () => {
  it('over 1 MB: refused before it is read', async () => {
    const file = await put(dir, 'big.pack.json', ' '.repeat(MAX_PACK_BYTES + 1));
    expect(await refusal(file)).toEqual({ file, path: '(the whole file)', message: `the file is ${MAX_PACK_BYTES + 1} bytes; a pack may be at most ${MAX_PACK_BYTES} (1 MB)` });
  });

  it('not a plain file (a link to a device)', async () => {
    const file = join(dir, 'zero.pack.json');
    await symlink('/dev/zero', file);
    expect((await refusal(file)).message).toBe('not a file');
  });

  it('nested too deep: measured on the text, never parsed', async () => {
    const file = await put(dir, 'deep.pack.json', `{"numbers": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect((await refusal(file)).message).toBe('objects and lists are nested 10001 deep; a pack may nest at most 32');
    // Brackets inside strings do not count.
    const quoted = await put(dir, 'quoted.pack.json', pack((p) => (p.names.en = '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"[[[')));
    expect((await readPackFile(quoted)).ok).toBe(true);
  });

  it('__proto__, constructor and prototype keys, wherever they are', async () => {
    const top = await put(dir, 'proto.pack.json', JSON.stringify(pack()).replace('{', '{"__proto__": {"polluted": true},'));
    expect(await refusal(top)).toMatchObject({ path: '__proto__', message: 'the keys __proto__, constructor and prototype are refused in a pack' });
    const deep = await put(dir, 'ctor.pack.json', pack((p) => (p.numbers = { ...p.numbers, constructor: { value: 1, quote: 'q', source: 's' } })));
    expect((await refusal(deep)).path).toBe('numbers.constructor');
    const inList = await put(dir, 'proto2.pack.json', pack((p) => (p.skills[2].cost.prototype = 'x')));
    expect((await refusal(inList)).path).toBe('skills[2].cost.prototype');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('expressions that nest macros, call refused functions, run over 500 characters or do not type-check', async () => {
    const expression = async (name: string, e: string) => refusal(await put(dir, name, pack((p) => (p.skills[1].requires.expression = e))));
    expect(await expression('nested.pack.json', 'levels.exists(a, levels.exists(b, levels[a] > levels[b]))')).toMatchObject({
      path: 'skills[1].requires.expression',
      message: 'exists() inside another macro is refused: nested macros multiply the work',
    });
    expect((await expression('regex.pack.json', '"aaaa".matches("(a|a)*b")')).message).toMatch(/matches\(\) is not allowed/);
    expect((await expression('long.pack.json', `levels["shield"] == 0${' || levels["shield"] == 0'.repeat(25)}`)).message).toBe('an expression is at most 500 characters');
    expect((await expression('typed.pack.json', 'levels["shield"] + "x"')).message).toMatch(/does not type-check/);
    const formula = await put(dir, 'formula.pack.json', pack((p) => (p.skills[2].cost.formula = 'level * 3.5')));
    expect((await refusal(formula)).message).toMatch(/does not type-check|gives double/);
  });

  it('more than 200 packs in a folder: the folder is refused and none is read', async () => {
    for (let i = 0; i < 201; i++) await writeFile(join(dir, `p${i}.pack.json`), '');
    const { packs, problems } = await readPackFolder(dir, 'app');
    expect(packs).toEqual([]);
    expect(problems).toEqual([{ file: dir, path: '(the whole folder)', message: 'the folder holds 201 packs; at most 200 are read from one folder, so none were' }]);
  });

  it('text that is not UTF-8 or not JSON', async () => {
    const latin1 = join(dir, 'latin1.pack.json');
    await writeFile(latin1, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    expect((await refusal(latin1)).message).toBe('not UTF-8 text');
    const broken = await put(dir, 'broken.pack.json', '{"format": ');
    expect((await refusal(broken)).message).toMatch(/^not JSON: /);
  });
});
