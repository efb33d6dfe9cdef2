// Test support for the sync tests (not shipped): v2 events, ledger entries, characters.
import { randomUUID } from 'node:crypto';
import type { Character } from '../../core/model/character';
import type { LedgerEntry, LedgerEvent } from './ledger-api';

export function ledgerEvent(overrides: Partial<LedgerEvent> = {}): LedgerEvent {
  return {
    format: 'quartermaster-event',
    version: 2,
    id: randomUUID(),
    name: 'Autumn Muster',
    game: 'fortunes-landing',
    dates: { start: '2026-10-02', end: '2026-10-04' },
    entries: [],
    ...overrides,
  };
}

let clock = Date.parse('2026-10-02T09:00:00Z');
export function entry(kind: string, character: string | undefined, desk: string, extra: Record<string, unknown> = {}): LedgerEntry {
  clock += 1000;
  return { id: randomUUID(), at: new Date(clock).toISOString(), desk, kind, ...(character ? { character } : {}), ...extra };
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
