// Fixtures for the desk's tests (and the app's desk view tests): the shipped example characters,
// loaded and varied without touching the file system.
import aldric from '../../assets/examples/fl-aldric.character.json';
import borislav from '../../assets/examples/bg-borislav.character.json';
import brannoc from '../../assets/examples/cp-brannoc.character.json';
import dimitri from '../../assets/examples/fl-dimitri.character.json';
import elowen from '../../assets/examples/nov-elowen.character.json';
import vasil from '../../assets/examples/bg-vasil.character.json';
import { loadCharacterValue } from '../format/load';
import type { Character } from '../model/character';
import { deskCharacter, type DeskCharacter } from './characters';

export const EXAMPLES = { aldric, borislav, brannoc, dimitri, elowen, vasil } as const;
export type ExampleName = keyof typeof EXAMPLES;

/** An example character, validated, with any fields overridden. */
export function example(name: ExampleName, changes: Record<string, unknown> = {}): Character {
  const r = loadCharacterValue(structuredClone({ ...EXAMPLES[name], ...changes }), `${name}.character.json`);
  if (!r.ok) throw new Error(r.problem.message);
  return r.character;
}

/** An example as the desk holds it, from the file `<name>.character.json` unless named. */
export function exampleDesk(name: ExampleName, changes: Record<string, unknown> = {}, file = `${name}.character.json`): DeskCharacter {
  return deskCharacter(file, example(name, changes));
}

/** A UUID v4 made from a number, for copies of the examples. */
export function fakeId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
