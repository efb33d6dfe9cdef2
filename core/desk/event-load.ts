// Reading and writing an event file: bytes in, a validated event or a clear problem out, through the
// same versioned loader as character files (size, UTF-8, nesting depth, no __proto__ keys, version
// and migration, field-named errors). Pure: the caller reads the bytes and names the source.
import { MAX_EVENT_FILE_BYTES } from '../format/limits';
import { loadVersionedBytes, loadVersionedValue, type FileKind, type FileProblem, type FileProblemCode, type VersionedResult } from '../format/versioned';
import { EVENT_FILE_FORMAT, EVENT_VERSION, eventSchema, type DeskEvent } from './event';
import { EVENT_MIGRATIONS, type EventMigration } from './event-migrate';

export type EventProblemCode = Exclude<FileProblemCode, 'not-character'>;
export type EventProblem = FileProblem & { code: EventProblemCode };

export type EventLoadResult = { ok: true; event: DeskEvent; migratedFrom?: number } | { ok: false; problem: EventProblem };

const eventFile = (migrations: readonly EventMigration[]): FileKind<DeskEvent> => ({
  format: EVENT_FILE_FORMAT,
  noun: 'event',
  wrongKindCode: 'not-event',
  maxBytes: MAX_EVENT_FILE_BYTES,
  currentVersion: EVENT_VERSION,
  migrations,
  schema: eventSchema,
});

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
