// Play sessions (core/session/session.ts): the editor's undo history and the condition trackers of
// one character file, in the drafts folder beside its draft (`<hash>.session.json`), never in the
// character file. Written atomically as the renderer autosaves, read when the file is opened again,
// removed when the player says the day is over. A session larger than a file may be loses its oldest
// undo steps first, so it can always be read back.
import { sha256Hex } from '../../node/fs/sha256';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { parseGuardedJson } from '../../core/format/json-guard';
import { fieldPath } from '../../core/format/paths';
import { SESSION_FORMAT, SESSION_VERSION, sessionStateSchema, type SessionState } from '../../core/session/session';
import { readBytes, writeAtomic } from '../../node/fs/files';

const SESSION_SUFFIX = '.session.json';

/** The session file of one character file. */
export function sessionFileOf(folder: string, path: string): string {
  return join(folder, `${sha256Hex(path).slice(0, 32)}${SESSION_SUFFIX}`);
}

function invalid(what: string, issue: { path: PropertyKey[]; message: string }): Error {
  return new Error(`${what}: field "${fieldPath(issue.path) || '(top level)'}": ${issue.message}`);
}

/** Writes (or replaces) the session of `path`; returns how many undo steps were kept. */
export async function writeSession(folder: string, path: string, state: unknown, savedMs: number): Promise<{ savedMs: number; steps: number }> {
  const parsed = sessionStateSchema.safeParse(state);
  if (!parsed.success) throw invalid(`Session of ${path} not kept`, parsed.error.issues[0]!);
  const session = parsed.data;
  let past = session.past;
  let text = '';
  for (;;) {
    text = `${JSON.stringify({ format: SESSION_FORMAT, version: SESSION_VERSION, path, savedMs, ...session, past })}\n`;
    if (Buffer.byteLength(text) <= MAX_FILE_BYTES) break;
    if (past.length === 0) throw new Error(`Session of ${path} not kept: it would be over ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MB even without undo steps`);
    // Drop the oldest quarter of the steps (at least one) and try again.
    past = past.slice(Math.max(1, Math.floor(past.length / 4)));
  }
  await mkdir(folder, { recursive: true });
  await writeAtomic(sessionFileOf(folder, path), text);
  return { savedMs, steps: past.length };
}

/** The session of `path`, or null when there is none. A file that cannot be read is an error naming it. */
export async function readSession(folder: string, path: string): Promise<(SessionState & { savedMs: number }) | null> {
  const file = sessionFileOf(folder, path);
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const json = parseGuardedJson(bytes);
  if (!json.ok) throw new Error(`${file}: ${json.failure.message}`);
  const raw = json.value as Record<string, unknown> | null;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw.format !== SESSION_FORMAT) throw new Error(`${file}: field "format" must be "${SESSION_FORMAT}"`);
  if (raw.version !== SESSION_VERSION) throw new Error(`${file}: field "version" must be ${SESSION_VERSION}`);
  if (raw.path !== path) throw new Error(`${file}: field "path" does not name ${path}`);
  const savedMs = raw.savedMs;
  if (typeof savedMs !== 'number' || !Number.isFinite(savedMs) || savedMs < 0) throw new Error(`${file}: field "savedMs" must be a time in milliseconds`);
  const { format: _f, version: _v, path: _p, savedMs: _s, ...rest } = raw;
  const parsed = sessionStateSchema.safeParse(rest);
  if (!parsed.success) throw invalid(file, parsed.error.issues[0]!);
  return { ...parsed.data, savedMs };
}

/** Removes the session of `path`, if there is one. */
export async function removeSession(folder: string, path: string): Promise<void> {
  await rm(sessionFileOf(folder, path), { force: true });
}
