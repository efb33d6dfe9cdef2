// Reading a character file: bytes in, a validated Character or a clear problem out.
// Pure: the caller reads the bytes and names the source (usually the file path).
import { z } from 'zod';
import { characterSchema, type Character } from '../model/character';
import { CURRENT_VERSION, FILE_FORMAT } from '../model/ids';
import { inspectJson, parseGuardedJson } from './json-guard';
import { migrate } from './migrate';
import { fieldPath } from './paths';

export type LoadProblemCode =
  | 'too-large'
  | 'empty'
  | 'not-utf8'
  | 'too-deep'
  | 'not-json'
  | 'not-character'
  | 'future-version'
  | 'bad-version'
  | 'forbidden-key'
  | 'invalid'
  /** The file could not be read from disk (missing, permission denied); set by callers that read files. */
  | 'io';

export type LoadProblem = {
  code: LoadProblemCode;
  /** One sentence that names the file and, where there is one, the field. */
  message: string;
  /** The field at fault, as "armour[0].type", when the problem is in one field. */
  field?: string;
  /** For future-version files: the version found. */
  version?: number;
};

export type LoadResult =
  | { ok: true; character: Character; migratedFrom?: number }
  | { ok: false; problem: LoadProblem };

export function loadCharacterBytes(bytes: Uint8Array, source: string): LoadResult {
  const parsed = parseGuardedJson(bytes);
  if (!parsed.ok) return problem(source, parsed.failure.code, parsed.failure.message, parsed.failure.field);
  return loadCharacterValue(parsed.value, source, { inspected: true });
}

/** Validates a parsed value; `inspected` when parseGuardedJson has already checked depth and keys. */
export function loadCharacterValue(raw: unknown, source: string, options: { inspected?: boolean } = {}): LoadResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return problem(source, 'not-character', 'it is not a Quartermaster character file (expected a JSON object)');
  }
  const obj = raw as Record<string, unknown>;
  if (obj.format !== FILE_FORMAT) {
    return problem(source, 'not-character', `it is not a Quartermaster character file (field "format" must be "${FILE_FORMAT}")`, 'format');
  }
  const version = obj.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return problem(source, 'bad-version', 'field "version" must be a whole number', 'version');
  }
  if (version > CURRENT_VERSION) {
    return {
      ok: false,
      problem: {
        code: 'future-version',
        message: `${source}: it was saved by a newer Quartermaster (file format version ${version}); this version reads up to ${CURRENT_VERSION}. Update Quartermaster to edit it.`,
        field: 'version',
        version,
      },
    };
  }
  const structure = options.inspected ? null : inspectJson(obj);
  if (structure) return problem(source, structure.code, structure.message, structure.field);
  let current = obj;
  if (version < CURRENT_VERSION) {
    try {
      current = migrate(obj, version);
    } catch (e) {
      return problem(source, 'bad-version', `it cannot be upgraded from version ${version}: ${(e as Error).message}`, 'version');
    }
  }
  const parsed = characterSchema.safeParse(current);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = fieldPath(first.path);
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problem${parsed.error.issues.length > 2 ? 's' : ''})` : '';
    return problem(source, 'invalid', `field "${field || '(top level)'}": ${describeIssue(first)}${more}`, field);
  }
  return version < CURRENT_VERSION ? { ok: true, character: parsed.data, migratedFrom: version } : { ok: true, character: parsed.data };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_big':
      return issue.origin === 'string' ? `is longer than ${issue.maximum} characters` : issue.origin === 'array' ? `has more than ${issue.maximum} entries` : `must be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${issue.minimum}`;
    case 'invalid_format':
      return `is not a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

function problem(source: string, code: LoadProblemCode, what: string, field?: string): { ok: false; problem: LoadProblem } {
  return { ok: false, problem: field === undefined ? { code, message: `${source}: ${what}` } : { code, message: `${source}: ${what}`, field } };
}
