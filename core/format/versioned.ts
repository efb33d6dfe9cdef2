// Reading a versioned Quartermaster JSON file (character or event): bytes in, a validated value or
// a clear problem out. One implementation for every file kind: guards, version check, migration
// step by step, validation with the first problem named by field. Pure: callers read bytes.
// Validation is the kind's zod schema, the model itself: the one definition of each format (the
// JSON Schema for other tools is generated from it).
import type { z } from 'zod';
import { inspectJson, parseGuardedJson } from './json-guard';
import { fieldPath } from './paths';

export type Raw = Record<string, unknown>;
export type Migration = { from: number; to: number; migrate(raw: Raw): Raw };

export type FileProblemCode =
  | 'too-large'
  | 'empty'
  | 'not-utf8'
  | 'too-deep'
  | 'not-json'
  | 'not-character'
  | 'not-event'
  | 'future-version'
  | 'bad-version'
  | 'forbidden-key'
  | 'invalid'
  /** The file could not be read from disk (missing, permission denied); set by callers that read files. */
  | 'io';

export type FileProblem = {
  code: FileProblemCode;
  /** One sentence that names the file and, where there is one, the field. */
  message: string;
  /** The field at fault, as "armour[0].type", when the problem is in one field. */
  field?: string;
  /** For future-version files: the version found. */
  version?: number;
};

export type FileHeader = {
  /** The value of the file's "format" field. */
  format: string;
  /** "character", "event": used in messages. */
  noun: string;
  /** The problem code for a JSON file that is not of this kind. */
  wrongKindCode: 'not-character' | 'not-event';
  currentVersion: number;
  migrations: readonly Migration[];
  /**
   * A step run after the version migrations on every file up to the current version: a change of
   * meaning that needs no version of its own (it must leave an already upgraded file unchanged).
   */
  upgrade?: (raw: Raw) => Raw;
  /** The largest file of this kind (default MAX_FILE_BYTES). */
  maxBytes?: number;
};

export type FileKind<T> = FileHeader & { schema: z.ZodType<T> };

export type VersionedResult<T> = { ok: true; value: T; migratedFrom?: number } | { ok: false; problem: FileProblem };

export function loadVersionedBytes<T>(kind: FileKind<T>, bytes: Uint8Array, source: string): VersionedResult<T> {
  const parsed = parseGuardedJson(bytes, kind.maxBytes);
  if (!parsed.ok) return problem(source, parsed.failure.code, parsed.failure.message, parsed.failure.field);
  return loadVersionedValue(kind, parsed.value, source, { inspected: true });
}

/** Validates a parsed value; `inspected` when parseGuardedJson has already checked depth and keys. */
export function loadVersionedValue<T>(kind: FileKind<T>, raw: unknown, source: string, options: { inspected?: boolean } = {}): VersionedResult<T> {
  const prepared = prepare(kind, raw, source, options.inspected ?? false);
  if (!prepared.ok) return prepared;
  const parsed = kind.schema.safeParse(prepared.value);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = fieldPath(first.path);
    const n = parsed.error.issues.length;
    const more = n > 1 ? ` (and ${n - 1} more problem${n > 2 ? 's' : ''})` : '';
    return problem(source, 'invalid', `field "${field || '(top level)'}": ${describeIssue(first)}${more}`, field);
  }
  return accepted(parsed.data, prepared.migratedFrom);
}

function accepted<T>(value: T, migratedFrom: number | undefined): VersionedResult<T> {
  return migratedFrom === undefined ? { ok: true, value } : { ok: true, value, migratedFrom };
}

/** Everything before schema validation: kind, version, structure, migration to the current version. */
function prepare(kind: FileHeader, raw: unknown, source: string, inspected: boolean): { ok: true; value: Raw; migratedFrom?: number } | { ok: false; problem: FileProblem } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return problem(source, kind.wrongKindCode, `it is not a Quartermaster ${kind.noun} file (expected a JSON object)`);
  }
  const obj = raw as Raw;
  if (obj.format !== kind.format) {
    return problem(source, kind.wrongKindCode, `it is not a Quartermaster ${kind.noun} file (field "format" must be "${kind.format}")`, 'format');
  }
  const version = obj.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return problem(source, 'bad-version', 'field "version" must be a whole number', 'version');
  }
  if (version > kind.currentVersion) {
    return {
      ok: false,
      problem: {
        code: 'future-version',
        message: `${source}: it was saved by a newer Quartermaster (${kind.noun} file version ${version}); this version reads up to ${kind.currentVersion}. Update Quartermaster to use it.`,
        field: 'version',
        version,
      },
    };
  }
  const structure = inspected ? null : inspectJson(obj);
  if (structure) return problem(source, structure.code, structure.message, structure.field);
  let current = obj;
  if (version < kind.currentVersion) {
    try {
      current = migrateSteps(obj, version, kind.currentVersion, kind.migrations, kind.noun);
    } catch (e) {
      return problem(source, 'bad-version', `it cannot be upgraded from version ${version}: ${(e as Error).message}`, 'version');
    }
  }
  if (kind.upgrade) current = kind.upgrade(current);
  return version < kind.currentVersion ? { ok: true, value: current, migratedFrom: version } : { ok: true, value: current };
}

/** Applies migrations one version at a time from `fromVersion` up to `target`. */
export function migrateSteps(raw: Raw, fromVersion: number, target: number, migrations: readonly Migration[], noun: string): Raw {
  let current = raw;
  let version = fromVersion;
  while (version < target) {
    const step = migrations.find((m) => m.from === version);
    if (!step) throw new Error(`no migration from ${noun} file version ${version}`);
    current = step.migrate(current);
    version = step.to;
  }
  return current;
}

/** Plain words for a zod issue. */
export function describeIssue(issue: z.core.$ZodIssue): string {
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

function problem(source: string, code: FileProblemCode, what: string, field?: string): { ok: false; problem: FileProblem } {
  return { ok: false, problem: field === undefined ? { code, message: `${source}: ${what}` } : { code, message: `${source}: ${what}`, field } };
}
