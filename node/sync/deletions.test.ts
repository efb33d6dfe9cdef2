// A character file deleted at one desk of a shared event, with real desks: a hub serving on
// 127.0.0.1 and two desks joined to it with its join code (the same DeskSession the app and the
// command line run). A deletion never takes a character from the event: the file is written again
// from the database at the next pass (also when it was deleted while the desk was closed), and the
// other desks never lose it. A retired character's file may be tidied away at one desk: it stays
// away there, the others keep it, and it comes back when the retirement is undone. A rename is
// not a deletion. Everything started here is stopped at the end.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp';
import { parseJoinCode } from './join-code';
import { eventFileText } from './ledger-api';
import { DeskSession } from './session';
import { until } from './testing/procs';
import { ledgerEvent, sheet } from './testing/helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const FAST = { pollMs: 200, settleMs: 20, link: { backoffMs: 100, maxBackoffMs: 500, heartbeatMs: 300 } };

/** The folder's character files, by name, as text. */
async function files(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const n of (await readdir(folder)).filter((n) => n.endsWith('.character.json')).sort()) out[n] = await readFile(join(folder, n), 'utf8');
  return out;
}

describe('a character file deleted at one desk', () => {
  it('is written again unless retired; a retired one stays away at that desk only; a rename is kept', async () => {
    const t = await tempFolder('qm-deletions-');
    cleanups.push(t.cleanup);
    const ayla = sheet('Ayla');
    const bran = sheet('Bran');
    const cato = sheet('Cato', { status: 'retired', statusReason: 'Retired at Autumn Muster' });
    const ev = ledgerEvent();
    const hubFolder = join(t.dir, 'hub');
    await mkdir(hubFolder);
    await writeFile(join(hubFolder, 'Autumn Muster.event.json'), eventFileText(ev));
    await writeFile(join(hubFolder, 'Ayla.character.json'), text(ayla));
    await writeFile(join(hubFolder, 'Bran.character.json'), text(bran));
    await writeFile(join(hubFolder, 'Cato.character.json'), text(cato));
    const hub = await DeskSession.open({ folder: hubFolder, ...FAST }, ev.id);
    cleanups.push(() => hub.close());
    const code = parseJoinCode(await hub.serve('127.0.0.1', 0));

    const join_ = async (name: string) => {
      const folder = join(t.dir, name);
      await mkdir(folder, { recursive: true });
      const session = await DeskSession.open({ folder, ...FAST }, ev.id);
      session.join({ kind: 'hub', code });
      return { folder, session };
    };
    const one = await join_('one');
    const two = await join_('two');
    cleanups.push(() => two.session.close());
    let oneSession = one.session;
    cleanups.push(() => oneSession.close());
    const all = await files(hubFolder);
    expect(Object.keys(all)).toEqual(['Ayla.character.json', 'Bran.character.json', 'Cato.character.json']);
    for (const d of [one, two]) expect(await until(async () => JSON.stringify(await files(d.folder)) === JSON.stringify(all), 15_000)).toBe(true);

    // Ayla's file deleted at desk one: back at the next pass, byte for byte; the others never lost it.
    await rm(join(one.folder, 'Ayla.character.json'));
    await oneSession.pass();
    expect((await files(one.folder))['Ayla.character.json']).toBe(all['Ayla.character.json']);
    expect(await files(two.folder)).toEqual(all);
    expect(await files(hubFolder)).toEqual(all);
    // The desk says what it did (the desk view lists it under the link line).
    expect((await oneSession.status()).notes.map((n) => n.message)).toEqual([
      'Ayla.character.json was deleted at this desk and is written again: the character is still part of the event at every desk (retire it at the desk to take it out of play)',
    ]);

    // The event file deleted at desk two: written again, with every entry, at the next pass.
    const eventText = await readFile(join(two.folder, 'Autumn Muster.event.json'), 'utf8');
    await rm(join(two.folder, 'Autumn Muster.event.json'));
    await two.session.pass();
    expect(await readFile(join(two.folder, 'Autumn Muster.event.json'), 'utf8')).toBe(eventText);
    expect((await two.session.status()).notes.map((n) => n.message)).toEqual(['Autumn Muster.event.json was deleted at this desk and is written again: the event is shared with the other desks']);

    // Deleted while desk one was closed: back when it opens again.
    await oneSession.close();
    await rm(join(one.folder, 'Ayla.character.json'));
    oneSession = await DeskSession.open({ folder: one.folder, ...FAST }, ev.id);
    oneSession.join({ kind: 'hub', code });
    expect((await files(one.folder))['Ayla.character.json']).toBe(all['Ayla.character.json']);

    // Bran renamed at desk one: one file of Bran there, under the new name, and no problem; the other desks keep theirs.
    await rename(join(one.folder, 'Bran.character.json'), join(one.folder, 'Bran the Bold.character.json'));
    await oneSession.pass();
    const afterRename = await files(one.folder);
    expect(Object.keys(afterRename)).toEqual(['Ayla.character.json', 'Bran the Bold.character.json', 'Cato.character.json']);
    expect(JSON.parse(afterRename['Bran the Bold.character.json']!)).toEqual(bran);
    expect((await oneSession.status()).problems).toEqual([]);
    expect(JSON.parse((await files(two.folder))['Bran.character.json']!)).toEqual(bran);

    // Cato (retired) deleted at desk one: stays away there through later passes; the hub and desk two keep Cato.
    await rm(join(one.folder, 'Cato.character.json'));
    await oneSession.pass();
    await oneSession.pass();
    expect(Object.keys(await files(one.folder))).toEqual(['Ayla.character.json', 'Bran the Bold.character.json']);
    expect((await oneSession.status()).notes.at(-1)!.message).toBe('Cato.character.json was deleted at this desk; the character is retired, so it stays away here and is kept at the other desks');
    expect(JSON.parse((await files(two.folder))['Cato.character.json']!)).toEqual(cato);
    expect(JSON.parse((await files(hubFolder))['Cato.character.json']!)).toEqual(cato);
    expect((await oneSession.store.character(cato.id))!.character).toEqual(cato);

    // The retirement undone at desk two (the file saved without the status): Cato comes back at desk one, active.
    const { status: _s, statusReason: _r, ...active } = cato as typeof cato & { status?: string; statusReason?: string };
    await writeFile(join(two.folder, 'Cato.character.json'), text(active));
    await two.session.pass();
    expect(await until(async () => (await files(one.folder))['Cato.character.json'] !== undefined, 15_000)).toBe(true);
    expect(JSON.parse((await files(one.folder))['Cato.character.json']!)).toEqual(active);
    // And every desk ends with the same characters.
    expect(await until(async () => JSON.stringify(await files(hubFolder)) === JSON.stringify(await files(two.folder)), 15_000)).toBe(true);
  }, 90_000);
});
