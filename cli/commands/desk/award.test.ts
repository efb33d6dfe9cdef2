// `quartermaster desk award`: closing an event awards the Curious Pastimes points to the characters
// checked in (5 for the first main event of the year, "After the first event a character attends in
// a year, they receive 5 experience points."), once, writes their points records, and the desk
// report shows each balance (20 starting points + 5 = 25).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn } from '../../../core/desk/checkin';
import { newEvent } from '../../../core/desk/event';
import { serializeEvent } from '../../../core/desk/event-load';
import { EXAMPLES, stampAt } from '../../../core/desk/testing';
import { main } from '../../main';
import { captureIo } from '../../testing/capture';

async function run(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const B = EXAMPLES.brannoc.id;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-award-'));
  writeFileSync(join(dir, 'brannoc.character.json'), JSON.stringify(EXAMPLES.brannoc));
  writeFileSync(join(dir, 'elowen.character.json'), JSON.stringify(EXAMPLES.elowen));
  let e = newEvent({ name: 'Spring Gathering', game: 'curious-pastimes', start: '2026-04-03', id: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });
  e = checkIn(e, B, stampAt('2026-04-03T18:00:00+01:00')).event;
  e = checkIn(e, EXAMPLES.elowen.id, stampAt('2026-04-03T18:05:00+01:00')).event;
  writeFileSync(join(dir, 'spring.event.json'), serializeEvent(e));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const pointsOf = () => JSON.parse(readFileSync(join(dir, 'brannoc.character.json'), 'utf8')).points as { kind: string; points: number }[];

describe('quartermaster desk award', () => {
  it('awards 5 to the Curious Pastimes character checked in, says why Novitas gets none, and the report shows the balance 25', async () => {
    const r = await run(['desk', 'award', dir, '--desk', 'Front desk']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Awarded (1):');
    expect(r.out).toMatch(/Brannoc \(.*\): 5 points: First main event in a year/);
    expect(r.out).toMatch(/Elowen.*Novitas publishes no advancement/);
    expect(pointsOf().map((p) => [p.kind, p.points])).toEqual([['start', 20], ['award', 5]]);
    const report = await run(['desk', dir]);
    expect(report.out).toMatch(/Brannoc .*points 25/);
    const log = readFileSync(join(dir, 'spring.event.json'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(log.filter((e) => e.kind === 'award')).toMatchObject([{ character: B, points: 5, rule: 'first-main-event' }]);
  });

  it('awards once: a second close appends nothing and writes no file', async () => {
    await run(['desk', 'award', dir, '--desk', 'Front desk']);
    const before = readFileSync(join(dir, 'spring.event.json'), 'utf8');
    const again = await run(['desk', 'award', dir, '--desk', 'Front desk']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Awarded: nobody new.');
    expect(again.out).toMatch(/Brannoc.*already awarded for this event/);
    expect(again.out).toContain('(0 entries appended); 0 character files written.');
    expect(readFileSync(join(dir, 'spring.event.json'), 'utf8')).toBe(before);
    expect(pointsOf().map((p) => p.points)).toEqual([20, 5]);
  });

  it('in a season folder, takes --event by the event\'s name as `desk` does, and without it lists the events (exit 2)', async () => {
    const summer = newEvent({ name: 'Summer Court', game: 'curious-pastimes', start: '2026-07-10', id: '4b2d3c5e-6f70-4b8c-9dae-1f2a3b4c5d6e' });
    writeFileSync(join(dir, 'summer.event.json'), serializeEvent(summer));
    const unnamed = await run(['desk', 'award', dir]);
    expect(unnamed.code).toBe(2);
    expect(unnamed.err).toMatch(/holds 2 event files .*choose one with --event \(its file, id or name\)/);
    const named = await run(['desk', 'award', dir, '--event', 'spring gathering', '--desk', 'Front desk']);
    expect(named.err).toBe('');
    expect(named.out).toMatch(/Brannoc \(.*\): 5 points/);
    expect(readFileSync(join(dir, 'summer.event.json'), 'utf8')).toBe(serializeEvent(summer));
  });

  it('refuses a folder with no event file (exit 2)', async () => {
    rmSync(join(dir, 'spring.event.json'));
    const r = await run(['desk', 'award', dir]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('quartermaster desk award:');
  });
});
