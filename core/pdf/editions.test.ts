// Cards printed at the event desk carry their edition: the label SERIAL/EDITION in the footer and,
// on the character card, a QR code naming it (QM2). Printed without editions (outside an event) a
// card carries the serial alone and the code stays QM1, so cards printed before editions still verify.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../format/hash';
import { derive } from '../rulesets/index';
import { cardCodePayload, parseCardCode } from './card-code';
import { faceText, type CellsOp } from './draw';
import { FontMetrics } from './fonts';
import { layoutBatch } from './print';
import { qrCells, qrPayload } from './qr';
import { sampleCharacter } from './sample-characters';
import { serialFor } from './serial';

const root = new URL('../../', import.meta.url).pathname;
const metrics = new FontMetrics({ regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) });
const fl = sampleCharacter('fortunes-landing', 0);
const now = new Date('2026-10-02T09:00:00Z');
const batch = (editions?: (id: string, serial: string) => string) =>
  layoutBatch([{ character: fl, derivation: derive(fl), source: 'fl.character.json' }], { now, metrics, sections: ['character', 'items'], ...(editions ? { editions } : {}) });

describe('editions on printed cards', () => {
  it('prints SERIAL/EDITION in the footer and puts it in the character card QR code', () => {
    const laid = batch((_id, serial) => (serial.startsWith('CH-') ? '2' : '1-K7QM'));
    const ch = serialFor(fl.id, 'character', 0);
    const character = laid.cards.find((c) => c.spec.type === 'character')!;
    expect(character.spec).toMatchObject({ serial: ch, edition: '2', label: `${ch}/2` });
    expect(faceText(character.front)).toContain(`${ch}/2`);
    const cells = character.front.ops.find((o): o is CellsOp => o.op === 'cells')!;
    const payload = cardCodePayload(fl.id, contentHash(fl), `${ch}/2`);
    expect(payload).toBe(`QM2:${fl.id.toUpperCase()}:${contentHash(fl).toUpperCase()}:${ch}/2`);
    expect(cells.runs).toEqual(qrCells(payload, 0, 0, 1).runs);
    expect(parseCardCode(payload)).toEqual({ version: 2, id: fl.id, hash: contentHash(fl), serial: ch, edition: '2', label: `${ch}/2` });
    const item = laid.cards.find((c) => c.spec.type === 'item')!;
    expect(item.spec.label).toBe(`${serialFor(fl.id, 'item', fl.items[0]!.id)}/1-K7QM`);
    expect(faceText(item.front)).toContain('/1-K7QM');
  });

  it('without editions prints the serial alone and the v1 code', () => {
    const laid = batch();
    const character = laid.cards.find((c) => c.spec.type === 'character')!;
    expect(character.spec.edition).toBeUndefined();
    const cells = character.front.ops.find((o): o is CellsOp => o.op === 'cells')!;
    expect(cells.runs).toEqual(qrCells(qrPayload(fl.id, contentHash(fl)), 0, 0, 1).runs);
    expect(parseCardCode(qrPayload(fl.id, contentHash(fl)))).toEqual({ version: 1, id: fl.id, hash: contentHash(fl) });
  });

  it('reads scanned codes leniently (spaces, lower case) and refuses others', () => {
    const ch = serialFor(fl.id, 'character', 0);
    expect(parseCardCode(`  ${cardCodePayload(fl.id, contentHash(fl), `${ch}/12-K7QM`).toLowerCase()}\n`)).toMatchObject({ version: 2, edition: '12-K7QM', label: `${ch}/12-K7QM` });
    expect(parseCardCode(`QM2:${fl.id}:${contentHash(fl)}:${ch}/0`)).toBeNull();
    expect(parseCardCode(`QM2:${fl.id}:${contentHash(fl)}`)).toBeNull();
    expect(parseCardCode('https://example.com')).toBeNull();
  });
});
