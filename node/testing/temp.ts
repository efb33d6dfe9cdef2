// Test support for the Node-side tests (not shipped): temp folders and characters.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Character } from '../../core/model/character';

/** A fresh temp folder (real path, so symlinked /tmp does not confuse path checks). */
export async function tempFolder(prefix = 'qm-electron-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

let counter = 0;
/** A valid character file object (format v1). */
export function character(overrides: Partial<Character> & Record<string, unknown> = {}): Character {
  counter++;
  return {
    format: 'quartermaster-character',
    version: 1,
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    ruleset: 'bg-magic',
    name: `Character ${counter}`,
    player: 'Player',
    notes: '',
    skills: [],
    armour: [],
    weapons: [],
    items: [],
    ...overrides,
  } as Character;
}

export function characterText(c: Character): string {
  return `${JSON.stringify(c, null, 2)}\n`;
}

