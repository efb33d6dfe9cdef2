// `quartermaster desk` over a season folder of three events sharing their characters: the events
// listed when none is chosen, one chosen by name or id, and folded within its season (the rule
// texts: Novitas "If the Dead condition lasts for 2 convergences the condition can no longer be
// removed: the character is permanently dead"; a retired character stays retired).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES, fakeId } from '../../../core/desk/testing';
import { runDesk } from './desk';
import { captureIo } from '../../testing/capture';

const deps = { now: () => new Date('2026-09-05T10:00:00Z'), hostname: () => 'desk-laptop-1', fonts: async () => ({ regular: new Uint8Array(), bold: new Uint8Array() }) };
async function desk(args: string[]) {
  const io = captureIo();
  const code = await runDesk(args, io, deps);
  return { code, out: io.stdout(), err: io.stderr() };
}

const ELOWEN = fakeId(1);
const VASIL = fakeId(2);
const IDS = { spring: '11111111-1111-4111-8111-111111111111', summer: '22222222-2222-4222-8222-222222222222', autumn: '33333333-3333-4333-8333-333333333333' };
let n = 0;
const entry = (at: string, kind: string, character: string, more: object = {}) => ({ id: `0b7d6a52-4a43-4c55-8e1a-${String(++n).padStart(12, '0')}`, at, desk: 'Front desk', seq: n, kind, character, ...more });
const eventText = (id: string, name: string, start: string, end: string, ...entries: object[]) =>
  [{ format: 'quartermaster-event', version: 3, id, name, game: 'novitas', dates: { start, end } }, ...entries].map((x) => `${JSON.stringify(x)}\n`).join('');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-season-'));
  writeFileSync(join(dir, 'elowen.character.json'), JSON.stringify({ ...structuredClone(EXAMPLES.elowen), id: ELOWEN, player: 'Ann' }));
  writeFileSync(join(dir, 'vasil.character.json'), JSON.stringify({ ...structuredClone(EXAMPLES.vasil), id: VASIL, player: 'Bo' }));
  // Spring: Elowen Dead at the end of a shift, then a convergence passed while Dead (1 of 2); Vasil retired.
  writeFileSync(join(dir, 'spring.event.json'), eventText(IDS.spring, 'Spring Muster', '2026-04-10', '2026-04-12', entry('2026-04-11T17:00:00+01:00', 'died', ELOWEN, { shiftEnd: true }), entry('2026-04-11T18:00:00+01:00', 'convergence', ELOWEN), entry('2026-04-11T20:00:00+01:00', 'retired', VASIL, { reason: 'The player moved away' })));
  // Summer: a second shift-end record of the same Dead condition, then the second convergence.
  writeFileSync(join(dir, 'summer.event.json'), eventText(IDS.summer, 'Summer Court', '2026-06-12', '2026-06-14', entry('2026-06-13T12:00:00+01:00', 'died', ELOWEN, { shiftEnd: true }), entry('2026-06-13T18:00:00+01:00', 'convergence', ELOWEN)));
  // Autumn: Vasil's player checks him in again.
  writeFileSync(join(dir, 'autumn.event.json'), eventText(IDS.autumn, 'Autumn Gathering', '2026-09-04', '2026-09-06', entry('2026-09-04T09:00:00+01:00', 'check-in', VASIL)));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lineOf = (out: string, name: string) => out.split('\n').find((l) => l.includes(name) && l.includes(' · ')) ?? '';

describe('quartermaster desk in a season folder', () => {
  it('with no event chosen: lists the season, newest first, and exits 2', async () => {
    const r = await desk([dir]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${dir} holds 3 event files (autumn.event.json, spring.event.json, summer.event.json); choose one with --event (its file, id or name)`);
    const listed = r.err.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim().split(' · ')[0]);
    expect(listed).toEqual(['Autumn Gathering', 'Summer Court', 'Spring Muster']);
    expect(r.err).toContain(`  Spring Muster · 2026-04-10 – 2026-04-12 · id ${IDS.spring} · spring.event.json`);
  });

  it('the second event by name: Elowen, Dead since spring with one convergence, is permanently dead at the summer convergence', async () => {
    const r = await desk([dir, '--event', 'summer court']);
    expect(r.err).toBe('');
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`Event: Summer Court · Novitas · 2026-06-12 to 2026-06-14 (${join(dir, 'summer.event.json')})`);
    expect(lines[1]).toBe('Season: event 2 of 3 (Spring Muster, Summer Court, Autumn Gathering); what its characters did at the 1 earlier event counts here');
    expect(lineOf(r.out, 'Elowen')).toContain('PERMANENTLY DEAD since 2026-06-13 18:00 (retired)');
    // The spring event alone: Dead, one of two convergences.
    const spring = await desk([dir, '--event', join(dir, 'spring.event.json')]);
    expect(lineOf(spring.out, 'Elowen')).toContain('DEAD since 2026-04-11 17:00 (1 of 2 convergences)');
  });

  it('the third event by id: Vasil, retired in spring, stays retired though checked in; Elowen stays permanently dead', async () => {
    const r = await desk([dir, '--event', IDS.autumn.toUpperCase()]);
    expect(r.out.split('\n')[0]).toContain('Autumn Gathering');
    expect(lineOf(r.out, 'Васил')).toContain('RETIRED since 2026-04-11 20:00, was checked in 09:00 · cards NOT VALID');
    expect(lineOf(r.out, 'Elowen')).toContain('PERMANENTLY DEAD since 2026-06-13 18:00 (retired): permanent: tell the plot marshal');
    expect(r.out).toContain('; 0 checked in.');
    // Nothing was written: the files are as they were.
    expect(JSON.parse(readFileSync(join(dir, 'elowen.character.json'), 'utf8')).status).toBeUndefined();
  });

  it('an event the season does not hold: says so with the list', async () => {
    const r = await desk([dir, '--event', 'Winter Ball']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`no event in ${dir} has the id or name "Winter Ball"; the season's events, newest first:`);
  });
});
