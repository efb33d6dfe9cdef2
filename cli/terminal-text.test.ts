// Control characters in names, file names and desk names: refused where names are validated, and
// escaped in everything `check`, `desk` and `desk log` print (a name holding "\r\x1b[2K" wiped the
// "RULE ERROR" at the start of its line on a terminal).
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryLine } from '../core/desk/event-load';
import { loadCharacterValue } from '../core/format/load';
import { visible, visibleLines } from '../core/format/visible';
import { checkDoc } from '../node/sync/docs';
import { entry, ledgerEvent, sheet } from '../node/sync/testing/helpers';
import { eventFileText } from '../node/sync/ledger-api';
import { main } from './main';
import { captureIo } from './testing/capture';

const WIPE = '\r\x1b[2K';
/** What a terminal would obey: every control character but the line break, and the C1 range. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;


let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qm-terminal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const examples = join(new URL('.', import.meta.url).pathname, '..', 'assets/examples');
const borislav = () => JSON.parse(readFileSync(join(examples, 'bg-borislav.character.json'), 'utf8'));

describe('control characters', () => {
  it('are escaped, visibly, in text for a terminal; JSON stays JSON', () => {
    expect(visible(`Bob${WIPE}`)).toBe('Bob\\u000d\\u001b[2K');
    expect(visible('a\nb\t\u009b\u202e')).toBe('a\\u000ab\\u0009\\u009b\\u202e');
    expect(visibleLines(`one${WIPE}\ntwo\n`)).toBe('one\\u000d\\u001b[2K\ntwo\n');
    expect(visible('Борислав · plain')).toBe('Борислав · plain');
    const json = JSON.stringify({ name: 'x\u009b\u007fy' });
    expect(JSON.parse(visibleLines(json))).toEqual({ name: 'x\u009b\u007fy' });
  });

  it('are refused in a character\'s name and player name, in a desk\'s name in an entry, a presence and a saved version', () => {
    const named = loadCharacterValue(sheet(`Bob${WIPE}`), 'bob.character.json');
    expect(named.ok).toBe(false);
    expect(!named.ok && named.problem.message).toMatch(/name.*must not contain control characters/);
    expect(loadCharacterValue(sheet('Bob', { player: 'Sam\u0007' }), 'bob.character.json').ok).toBe(false);
    expect(loadCharacterValue(sheet('Bob Smith-Jones (Ærø)'), 'bob.character.json').ok).toBe(true);

    const e = entry('check-in', sheet('Ayla').id, `Desk${WIPE}`);
    const refused = checkDoc({ _id: `entry:${e.id}`, kind: 'entry', entry: e });
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.message).toMatch(/field "entry\.desk".*control characters/);
    const desk = { id: '3f2b9a4e-5d6c-4b7a-8e9f-0a1b2c3d4e5f', name: `Gate${WIPE}`, state: 'connected', since: '2026-10-02T09:00:00Z', seenAt: '2026-10-02T09:00:00Z', waiting: 0 };
    expect(checkDoc({ _id: `desk:${desk.id}`, kind: 'desk', desk })).toMatchObject({ ok: false });
    expect(checkDoc({ _id: `desk:${desk.id}`, kind: 'desk', desk: { ...desk, name: 'Gate' } })).toMatchObject({ ok: true });
    const c = sheet('Ayla');
    expect(checkDoc({ _id: `character:${c.id}`, kind: 'character', file: 'Ayla.character.json', character: c, savedBy: { desk: `A\x1b`, at: '2026-10-02T09:00:00Z' } })).toMatchObject({ ok: false });
  });

  it('quartermaster check prints names and file names escaped: "RULE ERROR" stays on its line', async () => {
    // A rule error (Borislav's), in a file whose name holds the wipe; and a character named with it.
    writeFileSync(join(dir, `bad${WIPE}.character.json`), JSON.stringify(borislav()));
    writeFileSync(join(dir, 'wiped.character.json'), JSON.stringify({ ...borislav(), name: `Bob${WIPE}` }));
    const io = captureIo();
    expect(await main(['check', dir], io)).toBe(2);
    const out = io.stdout() + io.stderr();
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain(`RULE ERROR  ${join(dir, 'bad\\u000d\\u001b[2K.character.json')}: Борислав (Ivan)`);
    expect(out).toMatch(/UNREADABLE .*wiped\.character\.json.*name.*must not contain control characters/);

    const json = captureIo();
    await main(['check', '--json', dir], json);
    expect(json.stdout()).not.toMatch(RAW_CONTROL);
    expect((JSON.parse(json.stdout()) as { file: string }[]).map((e) => e.file).sort()).toEqual([join(dir, `bad${WIPE}.character.json`), join(dir, 'wiped.character.json')]);
  });

  it('quartermaster desk and desk log print file names, names, notes and desk names escaped', async () => {
    const ayla = sheet('Ayla');
    writeFileSync(join(dir, 'Ayla.character.json'), JSON.stringify(ayla));
    writeFileSync(join(dir, `Evil${WIPE}.character.json`), JSON.stringify(sheet('Evil')));
    const ev = ledgerEvent({ entries: [entry('check-in', ayla.id, 'Front desk'), entry('note', undefined, 'Front desk', { text: `rain${WIPE}at the gate` })] });
    writeFileSync(join(dir, 'Muster.event.json'), eventFileText(ev));
    // A line another program wrote with a desk name no desk may have: left out of the ledger, said.
    appendFileSync(join(dir, 'Muster.event.json'), entryLine(entry('check-in', ayla.id, `Gate${WIPE}`)));

    const report = captureIo();
    await main(['desk', dir], report);
    expect(report.stdout() + report.stderr()).not.toMatch(RAW_CONTROL);
    expect(report.stdout()).toContain('Evil\\u000d\\u001b[2K.character.json');

    const log = captureIo();
    expect(await main(['desk', 'log', dir], log)).toBe(2);
    const out = log.stdout() + log.stderr();
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('rain\\u000d\\u001b[2Kat the gate');
    expect(out).toMatch(/Not in the ledger above \(1 line/);
    expect(out).toMatch(/desk.*must not contain control characters/);

    const json = captureIo();
    await main(['desk', 'log', '--json', dir], json);
    expect(json.stdout()).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json.stdout()).entries.find((e: { kind: string }) => e.kind === 'note').text).toBe(`rain${WIPE}at the gate`);
  });

  it('quartermaster desk refuses --desk with control characters', async () => {
    writeFileSync(join(dir, 'Ayla.character.json'), JSON.stringify(sheet('Ayla')));
    const io = captureIo();
    expect(await main(['desk', dir, '--desk', `Gate${WIPE}`], io)).toBe(2);
    expect(io.stderr()).toContain('--desk must be a name of 1 to 60 characters, without control characters');
    expect(io.stderr()).not.toMatch(RAW_CONTROL);
  });
});
