// `quartermaster packs preview`, in process, over character files on disk and copies of Emberfall
// with one change each (core/packs/testing/emberfall-variants.ts). Expected changes worked out by
// hand from core/packs/examples/emberfall.rules.md (12 points to start; Swordplay 2/3/4, Shield 3,
// Toughness 3 x level, Herbalism 2 a level).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import builtinCp from '../../core/packs/builtin/curious-pastimes.pack.json';
import { EMBERFALL_CHANGES, emberfallJsonVariant } from '../../core/packs/testing/emberfall-variants';
import { pdfText } from '../../node/testing/pdf-readback';
import { main, nodeIo } from '../main';
import { captureIo } from '../testing/capture';

async function run(...args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

// Character files name one of the four built-in games: the Emberfall copies go by Curious Pastimes' id.
const GAME = 'curious-pastimes';
let dir: string;
let folder: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-preview-'));
  folder = join(dir, 'characters');
  mkdirSync(join(folder, 'more'), { recursive: true });
  const character = (n: number, name: string, skills: [string, number][], ruleset = GAME) => ({
    format: 'quartermaster-character',
    version: 2,
    id: `00000000-0000-4000-8000-00000000000${n}`,
    ruleset,
    name,
    skills: skills.map(([id, level]) => ({ id, level })),
  });
  const put = (file: string, c: unknown) => writeFileSync(join(folder, file), `${JSON.stringify(c, null, 2)}\n`);
  put('aldric.character.json', character(1, 'Aldric', [['swordplay', 2], ['toughness', 1]])); // (2 + 3) + 3 = 8
  put('brina.character.json', character(2, 'Brina', [['swordplay', 1], ['shield', 1]])); // 2 + 3 = 5
  put('more/cato.character.json', character(3, 'Cato', [['toughness', 2], ['herbalism', 1]])); // (3 + 6) + 2 = 11
  put('dara.character.json', character(4, 'Dara', [['swordplay', 3]])); // 2 + 3 + 4 = 9
  put('erik.character.json', character(5, 'Erik', [['swordplay', 1]], 'novitas'));
  writeFileSync(join(folder, 'notes.txt'), 'not a character');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function packs(change: keyof typeof EMBERFALL_CHANGES): [string, string] {
  const oldFile = join(dir, 'old.pack.json');
  const newFile = join(dir, 'new.pack.json');
  writeFileSync(oldFile, JSON.stringify(emberfallJsonVariant(undefined, GAME)));
  writeFileSync(newFile, JSON.stringify(emberfallJsonVariant(EMBERFALL_CHANGES[change], GAME)));
  return [oldFile, newFile];
}

/** Every file under a folder with its bytes, to show that nothing was written. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p] = readFileSync(p).toString('base64');
    }
  };
  walk(root);
  return out;
}

describe('quartermaster packs preview', () => {
  it('a cost rise, as text: Cato goes over budget (14 of 12) and is void; exit 1; nothing written', async () => {
    const [oldFile, newFile] = packs('costRise');
    const before = snapshot(dir);
    const { code, out, err } = await run('packs', 'preview', oldFile, newFile, folder);
    expect(err).toBe('');
    expect(code).toBe(1);
    expect(out).toContain('5 character files: 4 of Emberfall, 1 of other games, 0 unreadable.');
    expect(out).toContain(`\nNewly invalid (1)\n  ${join(folder, 'more/cato.character.json')}: Cato\n    The skills cost 14 character points but the character has 12: 2 over budget.\n`);
    expect(out).toContain(`points spent: 8 → 9`);
    expect(out).toContain(`\nVoid: newly invalid, a publication voids their cards (1)\n  ${join(folder, 'more/cato.character.json')}: Cato\n`);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a renamed skill, as JSON: the card changes, the reprint list, no void; exit 0', async () => {
    const [oldFile, newFile] = packs('renameSwordplay');
    const { code, out } = await run('packs', 'preview', '--json', oldFile, newFile, folder);
    expect(code).toBe(0);
    const p = JSON.parse(out);
    expect(p.format).toBe('quartermaster-pack-preview');
    expect(p.formatVersion).toBe(1);
    expect(p.pack).toEqual({ id: GAME, name: 'Emberfall', old: { version: '1.0.0', file: oldFile }, new: { version: '1.1.0', file: newFile } });
    expect(p.characters).toEqual({ files: 5, inGame: 4, otherGames: 1, unreadable: [] });
    expect(p.changes.card.map((c: { name: string; values: unknown }) => [c.name, c.values])).toEqual([
      ['Aldric', [{ key: 'skill:swordplay', old: 'Swordplay 2', new: 'Blade Work 2' }]],
      ['Brina', [{ key: 'skill:swordplay', old: 'Swordplay 1', new: 'Blade Work 1' }]],
      ['Dara', [{ key: 'skill:swordplay', old: 'Swordplay 3', new: 'Blade Work 3' }]],
    ]);
    expect(p.reprint).toEqual([
      { file: join(folder, 'aldric.character.json'), id: '00000000-0000-4000-8000-000000000001', name: 'Aldric' },
      { file: join(folder, 'brina.character.json'), id: '00000000-0000-4000-8000-000000000002', name: 'Brina' },
      { file: join(folder, 'dara.character.json'), id: '00000000-0000-4000-8000-000000000004', name: 'Dara' },
    ]);
    expect(p.void).toEqual([]);
    // The documented shape (docs/game-packs.md, "The JSON shape").
    expect(Object.keys(p)).toEqual(['format', 'formatVersion', 'pack', 'characters', 'changes', 'reprint', 'void']);
    expect(Object.keys(p.changes)).toEqual(['newlyInvalid', 'noLongerInvalid', 'problemsChanged', 'points', 'card']);
    expect(Object.keys(p.changes.card[0])).toEqual(['file', 'id', 'name', 'values']);
  });

  it('a removed skill and a lowered limit name the character and the reason', async () => {
    const [oldFile, newFile] = packs('removeShield');
    const removed = JSON.parse((await run('packs', 'preview', '--json', oldFile, newFile, folder)).out);
    expect(removed.changes.newlyInvalid.map((c: { name: string; problems: string[] }) => [c.name, c.problems])).toEqual([
      ['Brina', ['"shield" is not in the Emberfall catalogue, so its cost is unknown and not counted.']],
    ]);
    const [oldAgain, lowered] = packs('swordplayMax2');
    const { code, out } = await run('packs', 'preview', oldAgain, lowered, folder);
    expect(code).toBe(1);
    expect(out).toContain(
      `\nNewly invalid (1)\n  ${join(folder, 'dara.character.json')}: Dara\n    Swordplay is at level 3, but Emberfall allows at most 2 ("Swordplay has two levels, costing 2 and 3 points."); only 2 levels are counted.\n`,
    );
    expect(out).toContain('points spent: 9 → 5');
  });

  it('--pdf writes a printable summary (read back with pdftotext) and nothing else; refuses to overwrite without --force', async () => {
    const [oldFile, newFile] = packs('costRise');
    const pdf = join(dir, 'preview.pdf');
    const before = snapshot(dir);
    const first = await run('packs', 'preview', oldFile, newFile, folder, '--pdf', pdf);
    expect(first.code).toBe(1);
    expect(first.out).toMatch(/Wrote .*preview\.pdf: the preview on 1 page\.\n$/);
    const after = snapshot(dir);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), pdf].sort());
    for (const f of Object.keys(before)) expect(after[f]).toBe(before[f]);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Rules-change preview: Emberfall 1.0.0 → 1.1.0');
    expect(text).toContain('Newly invalid (1)');
    expect(text).toContain('The skills cost 14 character points but the character has 12: 2 over budget.');
    expect(text).toContain('Void: newly invalid, a publication voids their cards (1)');
    expect(text).toContain('page 1 of 1');

    const pdfBytes = readFileSync(pdf);
    const again = await run('packs', 'preview', oldFile, newFile, folder, '--pdf', pdf);
    expect(again.code).toBe(2);
    expect(again.err).toContain(`${pdf} already exists; nothing was written (--force replaces it)`);
    expect(again.out).toBe('');
    expect(readFileSync(pdf)).toEqual(pdfBytes);
    const forced = await run('packs', 'preview', oldFile, newFile, folder, '--pdf', pdf, '--force');
    expect(forced.code).toBe(1);
    expect(existsSync(pdf)).toBe(true);
  });

  it('refuses packs of two games, and a bad pack with its file, JSON path and why (exit 2)', async () => {
    const [oldFile] = packs('costRise');
    const other = join(dir, 'other.pack.json');
    writeFileSync(other, JSON.stringify(emberfallJsonVariant(undefined, 'novitas')));
    const differ = await run('packs', 'preview', oldFile, other, folder);
    expect(differ.code).toBe(2);
    expect(differ.err).toBe(`${other}: id: the new pack is of the game "novitas" but the old one (${oldFile}) is of "${GAME}"; a preview compares two versions of one game's pack\n`);
    const broken = emberfallJsonVariant(undefined, GAME);
    broken.skills[0].maxLevel.value = -1;
    const bad = join(dir, 'bad.pack.json');
    writeFileSync(bad, JSON.stringify(broken));
    const r = await run('packs', 'preview', oldFile, bad, folder);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^${bad.replace(/[.]/g, '\\.')}: skills\\[0\\]\\.maxLevel\\.value: .*>=0`));
    expect(r.out).toBe('');
  });

  it('works on the four games\' data: the built-in Curious Pastimes pack against a copy with more hits', async () => {
    const cp = structuredClone(builtinCp) as typeof builtinCp & { version: string; body: { hits: { value: number } } };
    const oldFile = join(dir, 'cp-old.pack.json');
    writeFileSync(oldFile, JSON.stringify(cp));
    cp.version = '1.1.0';
    const base = cp.body.hits.value;
    cp.body.hits.value = base + 1;
    const newFile = join(dir, 'cp-new.pack.json');
    writeFileSync(newFile, JSON.stringify(cp));
    const p = JSON.parse((await run('packs', 'preview', '--json', oldFile, newFile, folder)).out);
    expect(p.changes.card[0].values).toEqual([{ key: 'hits', old: String(base), new: String(base + 1) }]);
    expect(p.changes.card).toHaveLength(4);
  });

  it('lists a character file it cannot read and still compares the rest (exit 2); no character file at all is exit 2', async () => {
    const [oldFile, newFile] = packs('costRise');
    const broken = join(folder, 'broken.character.json');
    writeFileSync(broken, '{ "format": "quartermaster-character", ');
    const r = await run('packs', 'preview', '--json', oldFile, newFile, folder);
    expect(r.code).toBe(2);
    const p = JSON.parse(r.out);
    expect(p.characters.files).toBe(6);
    expect(p.characters.unreadable.map((u: { file: string }) => u.file)).toEqual([broken]);
    expect(p.characters.unreadable[0].message).toContain('broken.character.json');
    expect(p.void.map((c: { name: string }) => c.name)).toEqual(['Cato']);
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const none = await run('packs', 'preview', oldFile, newFile, empty);
    expect(none.code).toBe(2);
    expect(none.err).toBe(`quartermaster packs preview: no character file found in ${empty}\n`);
  });

  it('bad usage and --help', async () => {
    expect((await run('packs', 'preview', '--help')).out).toMatch(/^Usage: quartermaster packs preview OLD\.pack\.json NEW\.pack\.json/);
    const r = await run('packs', 'preview', 'a.pack.json');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^quartermaster packs preview: name the old pack file and the new one/);
    expect((await run('packs', 'preview', 'a', 'b', 'c', '--force')).err).toMatch(/--force only lets --pdf replace a file/);
  });
});
