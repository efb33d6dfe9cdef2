// A season folder through the desk's IPC handlers, on real files: the chooser's events, an event
// opened within its season, and the character files settled from the season's ledger. Novitas
// (/work/shared/rules/000_…txt): "If the Dead condition lasts for 2 convergences the condition can
// no longer be removed: the character is permanently dead."
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../core/desk/testing';
import type { DeskFolder } from '../../core/ipc/contract';
import { handlerFixture, tempFolder } from '../testing/handlers';

const NOON = Date.UTC(2026, 5, 13, 11, 0);
const SPRING = '11111111-1111-4111-8111-111111111111';
const SUMMER = '22222222-2222-4222-8222-222222222222';
const ELOWEN = EXAMPLES.elowen.id.toLowerCase();
const line = (v: unknown) => `${JSON.stringify(v)}\n`;
const header = (id: string, name: string, start: string, end: string) => ({ format: 'quartermaster-event', version: 3, id, name, game: 'novitas', dates: { start, end } });
const entry = (n: number, at: string, kind: string, more: object = {}) => ({ id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, at, desk: 'Front desk', seq: n, kind, character: ELOWEN, ...more });

let dir: string;
let cleanup: () => Promise<void>;
let folder: string;
beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-desk-season-'));
  folder = join(dir, 'Season 2026');
  await mkdir(join(dir, 'library'));
  await mkdir(join(dir, 'examples'));
  await mkdir(folder);
  await writeFile(join(folder, 'elowen.character.json'), `${JSON.stringify(EXAMPLES.elowen, null, 2)}\n`);
  // Spring: Dead at the end of a shift, a convergence passed while Dead (1 of 2).
  await writeFile(join(folder, 'spring.event.json'), line(header(SPRING, 'Spring Muster', '2026-04-10', '2026-04-12')) + line(entry(1, '2026-04-11T17:00:00+01:00', 'died', { shiftEnd: true })) + line(entry(2, '2026-04-11T18:00:00+01:00', 'convergence')));
  await writeFile(join(folder, 'summer.event.json'), line(header(SUMMER, 'Summer Court', '2026-06-12', '2026-06-14')));
});
afterEach(() => cleanup());

const fileOf = (d: DeskFolder) => {
  if (d.eventFile.kind !== 'file') throw new Error(`no event file: ${d.eventFile.kind}`);
  return d.eventFile;
};
const elowen = async () => JSON.parse(await readFile(join(folder, 'elowen.character.json'), 'utf8'));

describe('a season folder in the desk', () => {
  it('offers the season’s events; the summer event folds spring first, and its convergence makes the file permanently dead and stay so', async () => {
    let clock = NOON;
    const f = handlerFixture(join(dir, 'library'), join(dir, 'examples'), { now: () => (clock += 1000) });
    f.queue.folder.push(folder);
    const first = await f.handlers.openEventFolder();
    expect(first?.eventFile).toMatchObject({ kind: 'several', events: [{ name: 'Spring Muster' }, { name: 'Summer Court' }] });
    const springFile = join(folder, 'spring.event.json');
    const summerFile = join(folder, 'summer.event.json');

    // Spring opened: the file says Dead (settled from spring's ledger).
    const spring = fileOf(await f.handlers.loadEventFolder({ folder, eventFile: springFile }));
    expect(spring.season?.place).toEqual({ earlier: [], later: [SUMMER] });
    expect((await elowen()).status).toBe('dead');

    // Summer opened: spring's death and convergence come with it; the file stays Dead.
    const summer = fileOf(await f.handlers.loadEventFolder({ folder, eventFile: summerFile }));
    expect(summer.season?.place.earlier.map((e) => [e.name, e.entries.map((x) => x.kind)])).toEqual([['Spring Muster', ['died', 'convergence']]]);
    expect(summer.season?.events.map((e) => e.name)).toEqual(['Spring Muster', 'Summer Court']);
    expect((await elowen()).status).toBe('dead');

    // The second convergence, at summer: permanently dead, the file retired.
    const r = await f.handlers.recordDesk({ folder, eventFile: summerFile, request: { kind: 'convergence', character: ELOWEN } });
    expect(r.ok).toBe(true);
    const after = await elowen();
    expect([after.status, after.statusReason]).toEqual(['retired', 'Permanently dead: Dead for 2 convergences']);
    expect(after.history.map((h: { kind: string; event: string }) => `${h.kind} at ${h.event}`)).toEqual(['died at Spring Muster', 'convergence at Spring Muster', 'convergence at Summer Court']);

    // Opening either event again writes nothing: spring does not undo summer's status.
    const bytes = await readFile(join(folder, 'elowen.character.json'), 'utf8');
    await f.handlers.loadEventFolder({ folder, eventFile: springFile });
    await f.handlers.loadEventFolder({ folder, eventFile: summerFile });
    expect(await readFile(join(folder, 'elowen.character.json'), 'utf8')).toBe(bytes);
  });
});
