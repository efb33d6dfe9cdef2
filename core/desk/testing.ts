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
import { uuidFromText } from '../format/uuid';
import { deskCharacter, type DeskCharacter } from './characters';
import { namedDesk } from './editions';
import type { Stamp } from './ledger';
import { checkIn } from './checkin';
import type { DeskEvent } from './event';
import type { Facts } from './facts';
import { recordPrints } from './lifecycle';

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

/** Ids for test entries: the same sequence every run (UUID-shaped, lower case). */
export function idSequence(prefix = 'entry'): () => string {
  let n = 0;
  return () => uuidFromText(`${prefix}|${n++}`);
}

/** A stamp for test entries at `at` from the desk named `desk` (id made from the name). */
const testIds = idSequence('test-entry');
export function stampAt(at: string, desk = 'Front desk', newId: () => string = testIds): Stamp {
  return { at, desk, deskId: namedDesk(desk).id, newId };
}

/** The event with the character checked in at `at` (a check-in entry). */
export function withCheckIn(event: DeskEvent, id: string, at: string, desk = 'Front desk'): DeskEvent {
  return checkIn(event, id, stampAt(at, desk)).event;
}

/** The event with a print of the character recorded (a printed entry, editions the desk's next). */
export function withPrint(event: DeskEvent, id: string, print: { at: string; hash: string; serials: readonly string[]; facts?: Facts }, desk = 'Front desk'): DeskEvent {
  return recordPrints(event, [{ id, hash: print.hash, cards: print.serials.map((serial) => ({ serial })), ...(print.facts ? { facts: print.facts } : {}) }], stampAt(print.at, desk)).event;
}
