// Reading and writing an event file: bytes in, a validated event or a clear problem out, with the
// same byte guards as character files (size, UTF-8, nesting depth, no __proto__ keys). Pure: the
// caller reads the bytes and names the source (usually the file path).
import { z } from 'zod';
import { guardedText } from '../format/json-guard';
import { fieldPath, findProtoKey } from '../format/paths';
import { EVENT_FILE_FORMAT, EVENT_VERSION, eventSchema, type DeskEvent } from './event';
import { migrateEvent, type EventMigration, EVENT_MIGRATIONS } from './event-migrate';

export type EventProblemCode =
  | 'too-large'
  | 'empty'
  | 'not-utf8'
  | 'too-deep'
  | 'not-json'
  | 'not-event'
  | 'future-version'
  | 'bad-version'
  | 'forbidden-key'
  | 'invalid'
  /** The file could not be read from disk; set by callers that read files. */
  | 'io';

export type EventProblem = {
  code: EventProblemCode;
  /** One sentence that names the file and, where there is one, the field. */
  message: string;
  field?: string;
  version?: number;
};

export type EventLoadResult = { ok: true; event: DeskEvent; migratedFrom?: number } | { ok: false; problem: EventProblem };

export function loadEventBytes(bytes: Uint8Array, source: string, migrations: readonly EventMigration[] = EVENT_MIGRATIONS): EventLoadResult {
  const guarded = guardedText(bytes);
  if (!guarded.ok) return problem(source, guarded.failure.code, guarded.failure.message);
  let raw: unknown;
  try {
    raw = JSON.parse(guarded.text);
  } catch (e) {
    return problem(source, 'not-json', `it is not valid JSON (${(e as Error).message})`);
  }
  return loadEventValue(raw, source, migrations);
}

export function loadEventValue(raw: unknown, source: string, migrations: readonly EventMigration[] = EVENT_MIGRATIONS): EventLoadResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return problem(source, 'not-event', 'it is not a Quartermaster event file (expected a JSON object)');
  }
  const obj = raw as Record<string, unknown>;
  if (obj.format !== EVENT_FILE_FORMAT) {
    return problem(source, 'not-event', `it is not a Quartermaster event file (field "format" must be "${EVENT_FILE_FORMAT}")`, 'format');
  }
  const version = obj.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return problem(source, 'bad-version', 'field "version" must be a whole number', 'version');
  }
  if (version > EVENT_VERSION) {
    return {
      ok: false,
      problem: {
        code: 'future-version',
        message: `${source}: it was saved by a newer Quartermaster (event file version ${version}); this version reads up to ${EVENT_VERSION}. Update Quartermaster to use it.`,
        field: 'version',
        version,
      },
    };
  }
  const protoAt = findProtoKey(obj);
  if (protoAt !== null) return problem(source, 'forbidden-key', `field "${protoAt}" is not allowed`, protoAt);
  let current = obj;
  if (version < EVENT_VERSION) {
    try {
      current = migrateEvent(obj, version, migrations);
    } catch (e) {
      return problem(source, 'bad-version', `it cannot be upgraded from version ${version}: ${(e as Error).message}`, 'version');
    }
  }
  const parsed = eventSchema.safeParse(current);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = fieldPath(first.path);
    const n = parsed.error.issues.length;
    const more = n > 1 ? ` (and ${n - 1} more problem${n > 2 ? 's' : ''})` : '';
    return problem(source, 'invalid', `field "${field || '(top level)'}": ${describeIssue(first)}${more}`, field);
  }
  return version < EVENT_VERSION ? { ok: true, event: parsed.data, migratedFrom: version } : { ok: true, event: parsed.data };
}

/** Pretty JSON with a trailing newline. Validates first so that no invalid event file is ever written. */
export function serializeEvent(event: DeskEvent): string {
  return `${JSON.stringify(eventSchema.parse(event), null, 2)}\n`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}`;
    case 'invalid_key':
      return 'is not a character id (a UUID)';
    case 'too_big':
      return issue.origin === 'string' ? `is longer than ${issue.maximum} characters` : issue.origin === 'array' ? `has more than ${issue.maximum} entries` : `must be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${issue.minimum}`;
    case 'invalid_format':
      switch (issue.format) {
        case 'date':
          return 'is not a date as YYYY-MM-DD';
        case 'datetime':
          return 'is not a time as YYYY-MM-DDTHH:MM:SSZ';
        case 'regex':
          return `is not ${issue.message}`;
        default:
          return `is not a valid ${issue.format}`;
      }
    default:
      return issue.message;
  }
}

function problem(source: string, code: EventProblemCode, what: string, field?: string): { ok: false; problem: EventProblem } {
  return { ok: false, problem: field === undefined ? { code, message: `${source}: ${what}` } : { code, message: `${source}: ${what}`, field } };
}
