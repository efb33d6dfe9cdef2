// `quartermaster print`: a folder of characters in, one PDF out; bad files reported while the rest
// print; exit codes as `check`; nothing written but the PDF.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleCharacter } from '../../core/pdf/sample-characters';
import type { Character } from '../../core/model/character';
import { main } from '../main';
import { parsePrintArgs } from './print';
import { facePlacements, printScaling } from '../../node/testing/pdf-readback';
import { captureIo } from '../testing/capture';


let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-print-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const put = (name: string, c: Character | string) => {
  const file = join(dir, name);
  writeFileSync(file, typeof c === 'string' ? c : `${JSON.stringify(c, null, 2)}\n`);
  return file;
};
const listing = () => readdirSync(dir, { recursive: true }).map(String).sort();
const raw = (pdf: string) => execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' });

async function print(...args: string[]) {
  const io = captureIo();
  const code = await main(['print', ...args], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('quartermaster print', () => {
  it('prints every readable character, reports the bad files by name, and exits 2', async () => {
    put('b.character.json', { ...sampleCharacter('novitas', 2), player: 'Zoë' });
    put('a.character.json', { ...sampleCharacter('fortunes-landing', 0), player: 'Ann' });
    mkdirSync(join(dir, 'more'));
    put('more/c.character.json', { ...sampleCharacter('curious-pastimes', 1), player: 'Bo' });
    put('broken.character.json', '{ "format": "quartermaster-character", ');
    put('wrong.character.json', JSON.stringify({ ...sampleCharacter('novitas', 5), ruleset: 'chess' }));
    // Over the 5 MB limit: refused by its size alone.
    put('huge.character.json', ' '.repeat(6 * 1024 * 1024));
    // A named pipe must not make the command wait for a writer.
    execFileSync('mkfifo', [join(dir, 'pipe.character.json')]);
    const before = listing();
    const out = join(dir, 'pack.pdf');

    const r = await print(dir, join(dir, 'missing.character.json'), '--out', out);

    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(dir, 'broken.character.json')}: it is not valid JSON`);
    expect(r.err).toContain(`${join(dir, 'wrong.character.json')}: field "ruleset"`);
    expect(r.err).toContain(`${join(dir, 'missing.character.json')}: no such file or folder`);
    expect(r.err).toContain(`${join(dir, 'huge.character.json')}: the file is 6.0 MB; the limit is 5.0 MB`);
    expect(r.err).toContain(join(dir, 'pipe.character.json'));
    expect(r.out).toMatch(/^Wrote .*pack\.pdf: \d+ cards for 3 characters on \d+ A4 pages/);
    // Only the PDF was added; no temp file left, no character file touched.
    expect(listing()).toEqual([...before, 'pack.pdf'].sort());
    // Sorted by player: Ann (Aldric), Bo (Brannoc), Zoë (Elowen). -raw keeps the drawing order.
    const text = raw(out);
    const order = ['Aldric 0', 'Brannoc 1', 'Elowen 2'].map((n) => text.indexOf(n));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it('exits 0 when every character is clean, 1 when one has rule errors (still printed)', async () => {
    const clean = put('clean.character.json', sampleCharacter('bg-magic', 3));
    const out = join(dir, 'ok.pdf');
    expect((await print(clean, '--out', out)).code).toBe(0);
    // Two metal armours one over the other is a rule error for a mage.
    const bad = sampleCharacter('bg-magic', 7);
    const broken = put('metal.character.json', {
      ...bad,
      armour: [
        { name: 'Ризница', type: 'metal', locations: ['torso'] },
        { name: 'Нагръдник', type: 'metal', locations: ['torso'] },
      ],
    });
    const r = await print(clean, broken, '--out', out, '--cards', 'character');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`metal\\.character\\.json: 1 rule error; printed with the errors listed on the character card`));
    expect(raw(out)).toContain(bad.name);
    // The card says what is wrong, in the player's language, and never to run a command.
    expect(raw(out).replace(/\s+/g, ' ')).toContain('две метални брони една върху друга (торс)');
    expect(raw(out)).not.toMatch(/quartermaster check/);
  });

  it('passes paper, size and card choices through', async () => {
    const f = put('cp.character.json', sampleCharacter('curious-pastimes', 1));
    const out = join(dir, 'spells.pdf');
    const r = await print(f, '--out', out, '--paper', 'letter', '--size', 'poker', '--cards', 'spells,token');
    expect(r.code).toBe(0);
    // 3 spell cards + 1 token = 4 cards, 9 poker cards a Letter page: 1 page.
    expect(r.out).toContain('4 cards for 1 character on 1 Letter page (poker card (63.5 × 88.9 mm), 9 per page)');
    const doc = await PDFDocument.load(readFileSync(out));
    expect([doc.getPage(0).getWidth(), doc.getPage(0).getHeight()]).toEqual([612, 792]);
    const text = raw(out);
    expect(text).toContain('Corporeal');
    expect(text).not.toContain('Hits:');
  });

  it('writes nothing and exits 2 for bad usage or nothing to print', async () => {
    const f = put('fl.character.json', sampleCharacter('fortunes-landing', 0));
    const before = listing();
    for (const args of [
      [f], // no --out
      [f, '--out', join(dir, 'x.character.json')], // not a .pdf
      [f, '--out', join(dir, 'x.pdf'), '--cards', 'character,dragons'],
      [f, '--out', join(dir, 'x.pdf'), '--paper', 'a3'],
      [f, '--out', join(dir, 'x.pdf'), '--margin', 'wide'],
      [f, '--out', join(dir, 'x.pdf'), '--frobnicate'],
      ['--out', join(dir, 'x.pdf')], // no input
      [join(dir, 'none.character.json'), '--out', join(dir, 'x.pdf')], // nothing readable
      [f, '--out', join(dir, 'x.pdf'), '--cards', 'spells'], // no spell cards for Fortune's Landing
      [f, '--out', join(dir, 'x.pdf'), '--margin', '70'], // the cards do not fit
    ]) {
      const r = await print(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.length, args.join(' ')).toBeGreaterThan(0);
    }
    expect(listing()).toEqual(before);
    expect((await print(f, '--out', join(dir, 'x.pdf'), '--cards', 'dragons')).err).toContain('--cards: unknown card group "dragons"');
  });

  it('reports a second file with the same character id and prints it once', async () => {
    const c = sampleCharacter('novitas', 2);
    put('one.character.json', c);
    put('two.character.json', { ...c, name: 'Copy' });
    const out = join(dir, 'dup.pdf');
    const r = await print(dir, '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(dir, 'two.character.json')}: the character id ${c.id} is already printed from ${join(dir, 'one.character.json')}`);
    expect(raw(out)).not.toContain('Copy');
  });

  it('reports a PDF that cannot be written', async () => {
    const f = put('fl.character.json', sampleCharacter('fortunes-landing', 0));
    const r = await print(f, '--out', join(dir, 'no-such-folder', 'x.pdf'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot write');
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
  });
});

describe('print arguments', () => {
  it('read margins, offsets and --opt=value forms', () => {
    const p = parsePrintArgs(['a', '--out=x.pdf', '--margin', '4', '--offset', '1.5,-0.5', '--back-offset=0,1', '--gap', '2', '--no-backs', '--lang', 'en']);
    expect(p).toMatchObject({ paths: ['a'], out: 'x.pdf', backs: false, language: 'en', layout: { marginMm: 4, gapMm: 2, offsetMm: { x: 1.5, y: -0.5 }, backOffsetMm: { x: 0, y: 1 } } });
    expect(() => parsePrintArgs(['a', '--out', 'x.pdf', '--offset', '1'])).toThrow('--offset must be X,Y in millimetres');
    // A negative offset is a value, not a forgotten one; a flag takes no value; -- ends the options.
    expect(parsePrintArgs(['a', '--out', 'x.pdf', '--offset', '-1.5,0.5', '--margin', '-.5']).layout).toMatchObject({ offsetMm: { x: -1.5, y: 0.5 }, marginMm: -0.5 });
    expect(() => parsePrintArgs(['a', '--out', 'x.pdf', '--no-backs=false'])).toThrow('--no-backs takes no value');
    expect(() => parsePrintArgs(['a', '--out', '--cards'])).toThrow('--out needs a value');
    expect(parsePrintArgs(['--out', 'x.pdf', '--', '--odd name.character.json']).paths).toEqual(['--odd name.character.json']);
  });
});

describe('quartermaster print: every card a character needs, on card stock', () => {
  it('prints by default every card type of each game, and puts the cards where Avery 8371 (= 5371) has them', async () => {
    put('fl.character.json', sampleCharacter('fortunes-landing', 0));
    put('cp.character.json', sampleCharacter('curious-pastimes', 1));
    put('nov.character.json', sampleCharacter('novitas', 2));
    put('bg.character.json', sampleCharacter('bg-magic', 3));
    const out = join(dir, 'stock.pdf');
    const r = await print(dir, '--out', out, '--stock', '8371');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/on \d+ Letter pages \(Avery 5371 card \(88\.9 × 50\.8 mm\), 10 per page/);
    const text = raw(out).replace(/\s+/g, ' ');
    for (const s of ['Armour tag', 'tear in half to cast', '+1 hit on every location', 'Counted against the 20-point daily cap', 'Ролева магия', 'Игра: Български правила за магове']) expect(text).toContain(s);
    expect(text).not.toMatch(/run quartermaster/);
    // Letter, first card 0.75 in / 0.5 in from the top-left: x 54 pt, y 792 − 36 − 144 = 612 pt.
    const [first] = await facePlacements(new Uint8Array(readFileSync(out)));
    expect(first![0]).toMatchObject({ x: 54, y: 612 });
    expect(first![1]).toMatchObject({ x: 54 + 252, y: 612 });
    expect(await printScaling(new Uint8Array(readFileSync(out)))).toBe('None');
    expect(() => parsePrintArgs(['a', '--out', 'x.pdf', '--stock', '5160'])).toThrow(/--stock: no card stock "5160"; choose a product code: C32011/);
  });
});
