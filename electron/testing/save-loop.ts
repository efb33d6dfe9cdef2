// Child process for electron/crash-safety.test.ts (test support, not shipped): saves one character
// file and one event file over and over with the app's real save paths until it is killed.
//
//   node save-loop.mjs <library folder> <character file> <event file>
//
// - The character is saved through the IPC handler table (`saveCharacter`: conflict check, backup
//   into `.quartermaster-backups`, atomic write), exactly as the app's window would save it.
// - The event file is saved as `quartermaster desk --reprint-changed` records a print: a backup of
//   the previous event file (`backUpEvent`), then the atomic write the command line uses.
// Both loops run at once, so one SIGKILL interrupts both somewhere in their save cycle.
//
// Each file's content is a pure function of a version number (`characterVersion`, `eventVersion`),
// so the test can tell exactly which version a file holds. The child writes one line to stdout
// synchronously (a pipe on Linux is written synchronously by Node) when it starts and after every
// completed save: "start c 12", "saved c 13", "start e 4", "saved e 5". Every line written before
// the kill is therefore in the pipe for the parent to read.
import { writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backUpEvent, writeAtomic } from '../../node/files';
import { loadEventBytes, serializeEvent } from '../../core/desk/event-load';
import { compareEntries, type LedgerEntry } from '../../core/desk/ledger';
import { EVENT_FILE_FORMAT, EVENT_VERSION, eventSchema, type DeskEvent } from '../../core/desk/event';
import { serializeCharacter } from '../../core/format/save';
import { characterSchema, type Character } from '../../core/model/character';
import type { Derivation } from '../../core/rulesets/types';
import { handlerFixture } from '../testing';

const CHARACTER_ID = '2f1c9a7e-5b3d-4c1a-9e8f-0a1b2c3d4e5f';

/** Version `n` of the test character: the notes say which save it is and vary in length. */
export function characterVersion(n: number): Character {
  return characterSchema.parse({
    format: 'quartermaster-character',
    version: 1,
    id: CHARACTER_ID,
    ruleset: 'fortunes-landing',
    name: 'Crash Test',
    player: 'Sam',
    // Lengths from 0 to 2,999 filler characters, so an old and a new version differ in size and a
    // file cut short or mixed from two versions cannot equal either.
    notes: `save ${n} ${'x'.repeat((n * 337) % 3000)}`,
    skills: [{ id: 'body-development', level: 1 + (n % 3) }],
    armour: [],
    weapons: [],
    items: [],
  });
}

export function characterVersionText(n: number): string {
  return serializeCharacter(characterVersion(n));
}

/** The version number a character file holds (from its notes), or null. */
export function characterVersionOf(c: { notes?: unknown }): number | null {
  const m = typeof c.notes === 'string' ? /^save (\d+) /.exec(c.notes) : null;
  return m ? Number(m[1]) : null;
}

const uuid = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** Version `n` of the test event file: its name carries the number; 0 to 39 characters checked in (ledger entries). */
export function eventVersion(n: number): DeskEvent {
  const entries: unknown[] = [];
  for (let i = 0; i < (n * 7) % 40; i++) {
    const at = `2026-10-02T${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`;
    entries.push({ id: uuid(0x10000 + i), at, desk: 'Desk 1', kind: 'check-in', character: uuid(i + 1) });
  }
  entries.sort((a, b) => compareEntries(a as LedgerEntry, b as LedgerEntry));
  return eventSchema.parse({
    format: EVENT_FILE_FORMAT,
    version: EVENT_VERSION,
    id: '7e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b',
    name: `Autumn Muster ${n}`,
    game: 'fortunes-landing',
    dates: { start: '2026-10-02', end: '2026-10-04' },
    entries,
  });
}

export function eventVersionText(n: number): string {
  return serializeEvent(eventVersion(n));
}

/** The version number an event file holds (from its name), or null. */
export function eventVersionOf(e: { name?: unknown }): number | null {
  const m = typeof e.name === 'string' ? /^Autumn Muster (\d+)$/.exec(e.name) : null;
  return m ? Number(m[1]) : null;
}

const say = (line: string) => writeSync(1, `${line}\n`);

async function saveCharacters(library: string, file: string): Promise<never> {
  const noRules = (): Derivation => ({ derived: { ruleset: 'fortunes-landing' }, violations: [] }) as unknown as Derivation;
  const { handlers } = handlerFixture(library, join(library, 'no-examples'), { now: () => Date.now(), derive: noRules });
  await handlers.listLibrary(); // grants the file, as the window's library list does
  const opened = await handlers.openCharacter({ path: file });
  if (!opened.ok) throw new Error(`cannot open ${file}: ${opened.problem.message}`);
  if (opened.opened.readOnly) throw new Error(`${file} opened read-only: ${opened.opened.readOnlyReason}`);
  let n = characterVersionOf(opened.opened.character);
  if (n === null) throw new Error(`${file}: not a crash-test character`);
  let hash = opened.opened.hash;
  say(`start c ${n}`);
  for (;;) {
    n++;
    const r = await handlers.saveCharacter({ path: file, character: characterVersion(n), expectedHash: hash });
    if (!r.ok) throw new Error(`save ${n} refused: ${r.message}`);
    hash = r.hash;
    say(`saved c ${n}`);
  }
}

async function saveEvents(library: string, file: string): Promise<never> {
  const loaded = loadEventBytes(new Uint8Array(await readFile(file)), file);
  if (!loaded.ok) throw new Error(loaded.problem.message);
  let n = eventVersionOf(loaded.event);
  if (n === null) throw new Error(`${file}: not a crash-test event`);
  say(`start e ${n}`);
  for (;;) {
    n++;
    await backUpEvent(file, library, Date.now());
    await writeAtomic(file, eventVersionText(n)); // what the command line's io.writeFileAtomic calls
    say(`saved e ${n}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [library, characterFile, eventFile] = process.argv.slice(2);
  if (!library || !characterFile || !eventFile) {
    process.stderr.write('usage: save-loop <library> <character file> <event file>\n');
    process.exit(2);
  }
  Promise.all([saveCharacters(library, characterFile), saveEvents(library, eventFile)]).catch((e: unknown) => {
    process.stderr.write(`save-loop: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(3);
  });
}
