// Test support for the sync tests (not shipped): events, ledger entries, characters.
import { createHash, randomUUID } from 'node:crypto';
import type { Character } from '../../../core/model/character';
import { namedDesk } from '../../../core/desk/editions';
import type { LedgerEntry, LedgerEvent } from '../ledger-api';
import { loadDeskKey, type DeskKey } from '../desk-keys';

/** The desk id the tests give the desk named `name` (made from the name, as the command line does). */
export const deskIdOf = (name: string): string => namedDesk(name).id;

/** A signing key for the desk named `name`, kept in `folder`. */
export const testDeskKey = (folder: string, name: string): Promise<DeskKey> => loadDeskKey(folder, { id: deskIdOf(name) });

/** An entry made at the desk named `desk`: carries that desk's id, so that desk's store signs it. */
export const deskEntry = (kind: LedgerEntry['kind'], character: string | undefined, desk: string, extra: Record<string, unknown> = {}): LedgerEntry => entry(kind, character, desk, { deskId: deskIdOf(desk), ...extra });

export function ledgerEvent(overrides: Partial<LedgerEvent> = {}): LedgerEvent {
  return {
    format: 'quartermaster-event',
    version: 3,
    id: randomUUID(),
    name: 'Autumn Muster',
    game: 'fortunes-landing',
    dates: { start: '2026-10-02', end: '2026-10-04' },
    entries: [],
    ...overrides,
  };
}

let clock = Date.parse('2026-10-02T09:00:00Z');
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const serialOf = (id: string) => `CH-${[...id.replace(/-/g, '').slice(0, 10)].map((h) => CROCKFORD[parseInt(h, 16)]).join('').replace(/^(.{5})/, '$1-')}`;

/** A valid ledger entry of `kind` (with the fields that kind needs), one second after the last. */
export function entry(kind: LedgerEntry['kind'], character: string | undefined, desk: string, extra: Record<string, unknown> = {}): LedgerEntry {
  clock += 1000;
  const own: Record<string, unknown> =
    kind === 'printed'
      ? { hash: createHash('sha256').update(randomUUID()).digest('hex'), cards: [{ serial: serialOf(character!), edition: '1' }] }
      : kind === 'voided'
        ? { cards: [{ serial: serialOf(character!) }] }
        : kind === 'note'
          ? { text: 'rain at the gate' }
          : kind === 'undo'
            ? { target: randomUUID() }
            : {};
  return { id: randomUUID(), at: new Date(clock).toISOString(), desk, kind, ...(character ? { character: character.toLowerCase() } : {}), ...own, ...extra } as LedgerEntry;
}

export function sheet(name: string, overrides: Record<string, unknown> = {}): Character {
  return {
    format: 'quartermaster-character',
    version: 2,
    id: randomUUID(),
    ruleset: 'fortunes-landing',
    name,
    player: `${name}'s player`,
    notes: '',
    skills: [],
    armour: [],
    weapons: [],
    items: [],
    ...overrides,
  } as Character;
}
