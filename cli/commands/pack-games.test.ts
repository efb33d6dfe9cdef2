// Games defined only by a pack, checked and printed by the command line with no code of their own:
// Emberfall (core/packs/examples/emberfall.rules.md) and Saltmarsh, a tiny game made up here, each
// from a packs/ folder beside its characters. Expected values are worked out from the rule texts.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main';
import { captureIo } from '../testing/capture';

const EMBERFALL_PACK = join(import.meta.dirname, '../../core/packs/examples/emberfall.pack.json');


async function run(...args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

let n = 0;
function character(folder: string, file: string, ruleset: string, name: string, extra: Record<string, unknown> = {}): void {
  n++;
  const id = `0b6f7ba4-5a8e-4d2b-9a55-3f1f0d1c2e${String(n).padStart(2, '0')}`;
  writeFileSync(join(folder, file), JSON.stringify({ format: 'quartermaster-character', version: 2, id, ruleset, name, ...extra }));
}

const q = (quote: string) => ({ quote, source: 'saltmarsh.rules.md § All' });
/**
 * Saltmarsh, made up for this test. Its whole rule text: "A body is a head and a torso. The head takes
 * 1 hit and the torso takes 2. You start with 6 points. Rowing costs 2 points. Netting costs 3 points
 * and needs Rowing. Diving costs 4 points; a diver cannot net, nor a netter dive."
 */
const SALTMARSH = {
  format: 'quartermaster-game-pack',
  formatVersion: 1,
  id: 'saltmarsh',
  version: '0.1.0',
  names: { en: 'Saltmarsh', bg: 'Солено блато' },
  source: { title: 'Saltmarsh', edition: 'test', published: 'cli/commands/pack-games.test.ts' },
  body: {
    locations: { value: ['head', 'torso'], ...q('A body is a head and a torso.') },
    hits: { head: { value: 1, ...q('The head takes 1 hit') }, torso: { value: 2, ...q('the torso takes 2') } },
  },
  skills: [
    { id: 'rowing', names: { en: 'Rowing' }, maxLevel: { value: 1, ...q('Rowing costs 2 points.') }, cost: { perLevel: [2] } },
    {
      id: 'netting',
      names: { en: 'Netting' },
      maxLevel: { value: 1, ...q('Netting costs 3 points') },
      requires: { expression: 'levels["rowing"] >= 1', words: { en: 'Netting needs Rowing.' } },
      excludes: ['diving'],
      cost: { perLevel: [3] },
    },
    { id: 'diving', names: { en: 'Diving' }, maxLevel: { value: 1, ...q('Diving costs 4 points') }, excludes: ['netting'], cost: { perLevel: [4] } },
  ],
  costs: { published: true, unit: { en: 'points' }, ...q('costs 2 points') },
  armour: null,
  numbers: {},
  cards: [],
  advancement: { published: true, startingPoints: { value: 6, ...q('You start with 6 points.') }, awards: [], death: {} },
};

let root: string;
let emberfall: string;
let saltmarsh: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'qm-pack-games-'));
  emberfall = join(root, 'emberfall-event');
  mkdirSync(join(emberfall, 'packs'), { recursive: true });
  copyFileSync(EMBERFALL_PACK, join(emberfall, 'packs', 'emberfall.pack.json'));
  // Swordplay 1 (2) and Shield (3): 5 of 12.
  character(emberfall, 'cato.character.json', 'emberfall', 'Cato', { skills: [{ id: 'swordplay', level: 1 }, { id: 'shield', level: 1 }], armour: [{ name: 'Hauberk', type: 'mail', locations: ['torso'] }] });
  // Shield without Swordplay; Swordplay missing, so Shield 3 + Toughness 2 (3 + 6) = 12 of 12: no overspend.
  character(emberfall, 'brann.character.json', 'emberfall', 'Brann', { skills: [{ id: 'shield', level: 1 }, { id: 'toughness', level: 2 }] });
  // A game whose pack is nowhere.
  character(emberfall, 'lost.character.json', 'ashgrove', 'Lost');

  saltmarsh = join(root, 'saltmarsh-event');
  mkdirSync(join(saltmarsh, 'packs'), { recursive: true });
  writeFileSync(join(saltmarsh, 'packs', 'saltmarsh.pack.json'), JSON.stringify(SALTMARSH));
  // Rowing (2) and Netting (3): 5 of 6.
  character(saltmarsh, 'ada.character.json', 'saltmarsh', 'Ada', { skills: [{ id: 'rowing', level: 1 }, { id: 'netting', level: 1 }] });
  // Netting without Rowing, and with Diving: 3 + 4 = 7 of 6.
  character(saltmarsh, 'bo.character.json', 'saltmarsh', 'Bo', { skills: [{ id: 'netting', level: 1 }, { id: 'diving', level: 1 }] });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('quartermaster check on a pack\'s game', () => {
  it('checks Emberfall characters from the packs folder beside them, and names a game with no pack', async () => {
    const { code, out } = await run('check', '--json', emberfall);
    const entries = JSON.parse(out) as any[];
    const by = (name: string) => entries.find((e) => e.file.endsWith(`${name}.character.json`));
    expect(by('cato')).toMatchObject({ ok: true, readable: true, ruleset: 'emberfall', errors: [] });
    expect(by('cato').derived.budget).toMatchObject({ spent: 5, available: 12, remaining: 7 });
    expect(by('cato').derived.hits.find((h: any) => h.location === 'torso').hits).toBe(3);
    expect(by('brann')).toMatchObject({ ok: false, readable: true, errors: [{ code: 'pack.prerequisite', path: 'skills[0].level', message: 'Shield: You must know Swordplay to learn Shield.' }] });
    expect(by('brann').derived.budget).toMatchObject({ spent: 12, remaining: 0 });
    expect(by('lost')).toMatchObject({ readable: false, errors: [{ code: 'file.no-game-pack', path: 'ruleset' }] });
    expect(by('lost').errors[0].message).toBe(`${join(emberfall, 'lost.character.json')}: field "ruleset": no game pack named 'ashgrove' is loaded: put its .pack.json in the packs folder (packs/ beside the characters, or the app's packs folder) and try again`);
    expect(code).toBe(2);
  });

  it('says the game\'s name and its values in the text report', async () => {
    const { out } = await run('check', join(emberfall, 'cato.character.json'));
    expect(out).toContain('Cato, Emberfall');
    expect(out).toContain('hits head 1, torso 3, left-arm 2, right-arm 2, left-leg 2, right-leg 2; armour torso Mail 2; 5 of 12 character points spent');
  });

  it('checks a second invented game the same way: cost, prerequisite, exclusion, budget', async () => {
    const { code, out } = await run('check', '--json', saltmarsh);
    const entries = JSON.parse(out) as any[];
    const ada = entries.find((e) => e.name === 'Ada');
    const bo = entries.find((e) => e.name === 'Bo');
    expect(ada).toMatchObject({ ok: true, ruleset: 'saltmarsh' });
    expect(ada.derived.hits).toEqual([{ location: 'head', hits: 1 }, { location: 'torso', hits: 2 }]);
    expect(ada.derived.budget).toMatchObject({ spent: 5, available: 6, remaining: 1 });
    expect(bo.errors.map((e: any) => e.message)).toEqual([
      'Netting: Netting needs Rowing.',
      'Netting and Diving cannot be held together.',
      'The skills cost 7 points but the character has 6: 1 over budget.',
    ]);
    expect(code).toBe(1);
  });
});

describe('quartermaster print on a pack\'s game', () => {
  it('prints Emberfall cards with the pack\'s names and values, and leaves out the game with no pack', async () => {
    const pdf = join(root, 'emberfall.pdf');
    const { code, err } = await run('print', emberfall, '--out', pdf, '--no-backs');
    expect(err).toContain(`field "ruleset": no game pack named 'ashgrove' is loaded`);
    expect(code).toBe(2);
    const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Game: Emberfall');
    expect(text).toContain('Hits: head 1, torso 3, left arm 2');
    expect(text).toContain('Armour: torso Mail 2');
    expect(text).toContain('5 of 12 character points spent');
    expect(text).toContain('Shield: You must know Swordplay to learn Shield.');
    expect(text).not.toContain('Lost');
  });

  it('prints the second invented game, in Bulgarian where its pack names it', async () => {
    const pdf = join(root, 'saltmarsh.pdf');
    const { code } = await run('print', join(saltmarsh, 'ada.character.json'), '--out', pdf, '--no-backs', '--lang', 'bg');
    expect(code).toBe(0);
    const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Солено блато');
    expect(text).toContain('Rowing, Netting');
    expect(text).toContain('похарчени 5 от 6 points');
  });
});
