// `quartermaster desk --reprint-changed` in a folder with no event file whose characters play two
// games as many each: it does not pick the event's game, so it prints nothing and makes no file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { EXAMPLES } from '../../../core/desk/testing';
import { nodeIo } from '../../io';
import { runDesk } from './desk';

const dir = mkdtempSync(join(tmpdir(), 'qm-desk-tie-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('refuses to make an event when two games tie, and says how to choose', async () => {
  for (const name of ['elowen', 'brannoc'] as const) writeFileSync(join(dir, `${name}.character.json`), JSON.stringify(EXAMPLES[name]));
  let err = '';
  const io = { ...nodeIo(), out: () => {}, err: (t: string) => void (err += t) };
  const fonts = async () => ({ regular: new Uint8Array(readFileSync(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url))), bold: new Uint8Array(readFileSync(new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))) });
  const code = await runDesk([dir, '--reprint-changed', '--out', join(dir, 'cards.pdf')], io, { now: () => new Date('2026-10-02T17:30:00Z'), hostname: () => 'desk-laptop-1', fonts });
  expect(code).toBe(2);
  expect(err).toContain('as many characters play each of curious-pastimes, novitas, so the new event');
  expect(readdirSync(dir).sort()).toEqual(['brannoc.character.json', 'elowen.character.json']);
});
