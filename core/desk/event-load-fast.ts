// Reading an event file without loading zod: the compiled validator (core/desk/event-validator.ts)
// decides, and only a refused file needs core/desk/event-load.ts (zod) to word its problem. The
// command line's desk uses this, so that reading a clean event file never pays for loading zod.
import { MAX_EVENT_FILE_BYTES } from '../format/limits';
import { tryLoadVersionedBytes, type FileHeader, type FileProblem, type FileProblemCode } from '../format/versioned';
import type { DeskEvent } from './event';
import { EVENT_FILE_FORMAT, EVENT_VERSION, newEventValue, type NewEventInit } from './event-format';
import { EVENT_MIGRATIONS, type EventMigration } from './event-migrate';
import { validateEvent } from './event-validator';

export type EventProblemCode = Exclude<FileProblemCode, 'not-character'>;
export type EventProblem = FileProblem & { code: EventProblemCode };

export type EventLoadResult = { ok: true; event: DeskEvent; migratedFrom?: number } | { ok: false; problem: EventProblem };

/** The event file's header for the versioned loader, with these migrations (the defaults unless a caller brings faster ones). */
export const eventHeader = (migrations: readonly EventMigration[] = EVENT_MIGRATIONS): FileHeader & { compiled: (value: unknown) => boolean } => ({
  format: EVENT_FILE_FORMAT,
  noun: 'event',
  wrongKindCode: 'not-event',
  maxBytes: MAX_EVENT_FILE_BYTES,
  currentVersion: EVENT_VERSION,
  migrations,
  compiled: validateEvent,
});

/**
 * loadEventBytes without zod: the same result, or `null` when the file fails the schema (call
 * loadEventBytes from ./event-load for the problem in words).
 */
export function tryLoadEventBytes(bytes: Uint8Array, source: string, migrations: readonly EventMigration[] = EVENT_MIGRATIONS): EventLoadResult | null {
  const r = tryLoadVersionedBytes<DeskEvent>(eventHeader(migrations), bytes, source);
  if (r === null) return null;
  if (!r.ok) return { ok: false, problem: r.problem as EventProblem };
  return r.migratedFrom === undefined ? { ok: true, event: r.value } : { ok: true, event: r.value, migratedFrom: r.migratedFrom };
}

/**
 * newEvent (./event.ts) without zod: the same event, through the compiled validator; null when zod
 * would refuse it (then newEvent throws the problem in words).
 */
export function tryNewEvent(init: NewEventInit): DeskEvent | null {
  const value = newEventValue(init);
  return validateEvent(value) ? (value as DeskEvent) : null;
}
