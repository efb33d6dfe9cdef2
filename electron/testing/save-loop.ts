// Child process for electron/library/crash-safety.test.ts (test support, not shipped): saves one character
// file over and over with the app's real save path until it is killed.
//
//   node save-loop.mjs <library folder> <character file>
//
// The character is saved through the IPC handler table (`saveCharacter`: conflict check, backup
// into `.quartermaster-backups`, atomic write), exactly as the app's window would save it. (The
// event file is no longer saved whole: entries are appended to it, and node/event-log/crash.test.ts
// kills its appends.)
//
// The file's content is a pure function of a version number (`characterVersion`), so the test can
// tell exactly which version the file holds. The child writes one line to stdout synchronously (a
// pipe on Linux is written synchronously by Node) when it starts and after every completed save:
// "start c 12", "saved c 13". Every line written before the kill is therefore in the pipe for the
// parent to read.
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeCharacter } from '../../core/format/save';
import { characterSchema, type Character } from '../../core/model/character';
import type { Derivation } from '../../core/rulesets/types';
import { handlerFixture } from './handlers';

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
    // In the app the window learns of a save only after a round trip over IPC; the pause (0–6 ms)
    // stands for it, so that kills also land between a rename and its confirmation on a slow FUSE
    // volume, where the handler's own work after the rename takes almost no time.
    const pause = (n % 4) * 2;
    await new Promise((resolve) => setTimeout(resolve, pause));
    say(`saved c ${n}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [library, characterFile] = process.argv.slice(2);
  if (!library || !characterFile) {
    process.stderr.write('usage: save-loop <library> <character file>\n');
    process.exit(2);
  }
  saveCharacters(library, characterFile).catch((e: unknown) => {
    process.stderr.write(`save-loop: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(3);
  });
}
