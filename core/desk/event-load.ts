// Reading and writing an event file: bytes in, a validated event or a clear problem out, through the
// same versioned loader as character files (size, UTF-8, nesting depth, no __proto__ keys, version
// and migration, field-named errors). Pure: the caller reads the bytes and names the source.
// A file is validated by the compiled validator (see ./event-load-fast.ts); zod words the problem.
import { loadVersionedBytes, loadVersionedValue, type FileKind, type VersionedResult } from '../format/versioned';
import { eventSchema, type DeskEvent } from './event';
import { eventHeader, type EventLoadResult, type EventProblem } from './event-load-fast';
import { EVENT_MIGRATIONS, type EventMigration } from './event-migrate';

export type { EventLoadResult, EventProblem, EventProblemCode } from './event-load-fast';

const eventFile = (migrations: readonly EventMigration[]): FileKind<DeskEvent> => ({ ...eventHeader(migrations), schema: eventSchema });

export function loadEventBytes(bytes: Uint8Array, source: string, migrations: readonly EventMigration[] = EVENT_MIGRATIONS): EventLoadResult {
  return asEvent(loadVersionedBytes(eventFile(migrations), bytes, source));
}

export function loadEventValue(raw: unknown, source: string, migrations: readonly EventMigration[] = EVENT_MIGRATIONS): EventLoadResult {
  return asEvent(loadVersionedValue(eventFile(migrations), raw, source));
}

/** Pretty JSON with a trailing newline. Validates first so that no invalid event file is ever written. */
export function serializeEvent(event: DeskEvent): string {
  return `${JSON.stringify(eventSchema.parse(event), null, 2)}\n`;
}

function asEvent(r: VersionedResult<DeskEvent>): EventLoadResult {
  if (!r.ok) return { ok: false, problem: r.problem as EventProblem };
  return r.migratedFrom === undefined ? { ok: true, event: r.value } : { ok: true, event: r.value, migratedFrom: r.migratedFrom };
}
