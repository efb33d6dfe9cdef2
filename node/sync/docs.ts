// The documents of a replicated event, and the check every document passes before anything reads
// it: the same limits and zod schemas as files (size, nesting depth, no `__proto__`, the character
// and ledger entry schemas). One database per event holds:
//   "header"            { kind: "header", event: <the event file without its entries> }
//   "entry:<id>"        { kind: "entry", entry: <one ledger entry> }       (immutable, never deleted)
// The header and the entries are named by their content: their one revision is contentRev(doc),
// so the same entry stored at two desks is one revision, and any other revision is a forgery.
//   "character:<id>"    { kind: "character", file: "<name>.character.json", character: <the file>,
//                         savedBy?: { desk: <the desk's name>, at: <ISO time> } (which desk saved this version) }
//   "desk:<desk id>"    { kind: "desk", desk: <presence.ts: name, link state, changes waiting, last seen> }
//   "deskkey:<desk id>", "seal"   a desk's public key, and the entries witnessed when first shared (desk-keys.ts)
// plus PouchDB's own "_local/…" replication checkpoints. Nothing else is accepted.
import * as z from 'zod';
import { MAX_ENTRY_CHARS } from '../../core/desk/event-format';
import { inspectJson } from '../../core/format/json-guard';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { loadCharacterValue } from '../../core/format/load';
import type { Character } from '../../core/model/character';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';
import { deskNameText } from '../../core/model/plain-text';
import { fieldPath } from '../../core/format/paths';
import { describeIssue } from '../../core/format/versioned';
import { PRESENCE_PREFIX, presenceDocId, presenceSchema, type Presence } from './presence';
import { eventHeaderSchema, ledgerEntrySchema, type EventHeader, type LedgerEntry } from './ledger-api';
import { KEY_PREFIX, SEAL_ID, checkSigningDoc, entrySignatureSchema, type EntrySignature, type KeyDoc, type SealDoc } from './desk-keys';
import { canonicalHash } from '../fs/sha256';

export const HEADER_ID = 'header';
export const ENTRY_PREFIX = 'entry:';
export const CHARACTER_PREFIX = 'character:';

/** Replication checkpoints are tiny; anything bigger under _local/ is not one of ours. */
const MAX_LOCAL_DOC_BYTES = 64 * 1024;

export type HeaderDoc = { _id: typeof HEADER_ID; _rev?: string; kind: 'header'; event: EventHeader };
/** `signature`: by the desk that recorded it (signatures.ts); checked against the registered keys, not here. */
export type EntryDoc = { _id: string; _rev?: string; kind: 'entry'; entry: LedgerEntry; signature?: EntrySignature };
/** Which desk saved a character's version, and when: shown beside each version of a conflict. */
export type SavedBy = { desk: string; at: string };
export type CharacterDoc = { _id: string; _rev?: string; kind: 'character'; file: string; character: Character; savedBy?: SavedBy };

const savedBySchema = z.strictObject({ desk: deskNameText, at: z.iso.datetime({ offset: true }) });
export type PresenceDoc = { _id: string; _rev?: string; kind: 'desk'; desk: Presence };
export type EventDoc = HeaderDoc | EntryDoc | CharacterDoc | PresenceDoc | KeyDoc | SealDoc;

export type DocCheck = { ok: true; doc: EventDoc } | { ok: true; local: true } | { ok: true; deleted: true; id: string } | { ok: false; id: string; message: string };

/** The database name of an event: CouchDB's rules (lower case, starts with a letter) from its id. */
export function databaseName(eventId: string): string {
  const id = eventId.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new Error(`"${eventId}" is not an event id (a UUID)`);
  return `qm-event-${id}`;
}

export const entryDocId = (entryId: string) => `${ENTRY_PREFIX}${entryId}`;
export const characterDocId = (characterId: string) => `${CHARACTER_PREFIX}${characterId.toLowerCase()}`;

/**
 * A character file's name as a document may carry it: one plain name ending in .character.json, no
 * folder, not hidden, nothing a file system could read as a path or a device.
 */
export function safeCharacterFileName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > 200 || !name.endsWith(CHARACTER_FILE_SUFFIX)) return false;
  const stem = name.slice(0, -CHARACTER_FILE_SUFFIX.length);
  if (stem === '' || stem.startsWith('.') || stem.endsWith(' ') || stem.endsWith('.')) return false;
  if (/[\u0000-\u001f\u007f<>:"/\\|?*]/.test(name)) return false;
  return !/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(stem);
}

/**
 * The one revision the header or an entry document may have: "1-" and a hash of its content (its
 * _id, kind and the header or entry), so it never depends on which desk stored it first.
 */
export function contentRev(doc: { _id: string; kind: string; event?: unknown; entry?: unknown }): string {
  const body = doc.kind === 'header' ? { _id: doc._id, kind: doc.kind, event: doc.event } : { _id: doc._id, kind: doc.kind, entry: doc.entry };
  return `1-${canonicalHash(body).slice(0, 32)}`;
}

function refuse(id: string, message: string): { ok: false; id: string; message: string } {
  return { ok: false, id, message: `document "${id.slice(0, 100)}": ${message}` };
}

/**
 * Checks one document as it comes from another desk (or out of the local database). `raw` may be
 * anything; nothing in it is trusted until this returns ok.
 */
export function checkDoc(raw: unknown, options: { allowDeleted?: boolean } = {}): DocCheck {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return refuse('?', 'is not a JSON object');
  const structure = inspectJson(raw);
  const rawId = (raw as Record<string, unknown>)._id;
  const id = typeof rawId === 'string' ? rawId : '?';
  if (structure) return refuse(id, structure.message);
  const doc = raw as Record<string, unknown>;
  if (typeof rawId !== 'string' || rawId === '') return refuse(id, 'has no _id');
  const size = Buffer.byteLength(JSON.stringify(doc));
  if (rawId.startsWith('_local/')) {
    return size <= MAX_LOCAL_DOC_BYTES ? { ok: true, local: true } : refuse(id, `is ${size} bytes; a checkpoint is at most ${MAX_LOCAL_DOC_BYTES}`);
  }
  if (size > MAX_FILE_BYTES) return refuse(id, `is ${(size / 1048576).toFixed(1)} MB; the limit is ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MB`);
  if ('_attachments' in doc) return refuse(id, 'has attachments, which events do not use');
  if (doc._deleted === true) {
    // Entries and the header are never deleted; a character's losing revision is, when a conflict is resolved.
    if (options.allowDeleted && rawId.startsWith(CHARACTER_PREFIX)) return { ok: true, deleted: true, id: rawId };
    return refuse(id, 'deletes a document that is never deleted');
  }
  if (rawId === HEADER_ID) {
    if (doc.kind !== 'header') return refuse(id, 'field "kind" must be "header"');
    const r = eventHeaderSchema.safeParse(doc.event);
    if (!r.success) return refuse(id, fieldMessage('event', r.error.issues[0]!));
    // The limits of the event file's header line, so that what is shared can always be written.
    if (JSON.stringify(r.data).length > MAX_ENTRY_CHARS) return refuse(id, `its header is longer than ${MAX_ENTRY_CHARS} characters as JSON`);
    return { ok: true, doc: { ...(doc as object), event: r.data } as HeaderDoc };
  }
  if (rawId.startsWith(ENTRY_PREFIX)) {
    if (doc.kind !== 'entry') return refuse(id, 'field "kind" must be "entry"');
    const r = ledgerEntrySchema.safeParse(doc.entry);
    if (!r.success) return refuse(id, fieldMessage('entry', r.error.issues[0]!));
    if (rawId !== entryDocId(r.data.id)) return refuse(id, `the _id must be "${entryDocId(r.data.id)}" (the entry's id)`);
    // The limits of an event file's line (every desk writes the entry there).
    const lineStructure = inspectJson(doc.entry);
    if (lineStructure) return refuse(id, `field "entry": ${lineStructure.message}`);
    if (JSON.stringify(r.data).length > MAX_ENTRY_CHARS) return refuse(id, `its entry is longer than ${MAX_ENTRY_CHARS} characters as JSON`);
    const signed = entrySignatureSchema.optional().safeParse(doc.signature);
    if (!signed.success) return refuse(id, fieldMessage('signature', signed.error.issues[0]!));
    return { ok: true, doc: { ...(doc as object), entry: r.data } as EntryDoc };
  }
  if (rawId.startsWith(CHARACTER_PREFIX)) {
    if (doc.kind !== 'character') return refuse(id, 'field "kind" must be "character"');
    if (!safeCharacterFileName(doc.file)) return refuse(id, 'field "file" must be a plain file name ending in .character.json');
    if (doc.savedBy !== undefined) {
      const r = savedBySchema.safeParse(doc.savedBy);
      if (!r.success) return refuse(id, fieldMessage('savedBy', r.error.issues[0]!));
    }
    const loaded = loadCharacterValue(doc.character, `document "${rawId}" field "character"`);
    if (!loaded.ok) return refuse(id, loaded.problem.message);
    if (rawId !== characterDocId(loaded.character.id)) return refuse(id, `the _id must be "${characterDocId(loaded.character.id)}" (the character's id)`);
    return { ok: true, doc: { ...(doc as object), character: loaded.character } as CharacterDoc };
  }
  if (rawId.startsWith(PRESENCE_PREFIX)) {
    if (doc.kind !== 'desk') return refuse(id, 'field "kind" must be "desk"');
    const r = presenceSchema.safeParse(doc.desk);
    if (!r.success) return refuse(id, fieldMessage('desk', r.error.issues[0]!));
    if (rawId !== presenceDocId(r.data.id)) return refuse(id, `the _id must be "${presenceDocId(r.data.id)}" (the desk's id)`);
    return { ok: true, doc: { ...(doc as object), desk: r.data } as PresenceDoc };
  }
  if (rawId.startsWith(KEY_PREFIX) || rawId === SEAL_ID) {
    const c = checkSigningDoc(doc, rawId);
    return c.ok ? { ok: true, doc: c.doc } : refuse(id, c.message);
  }
  return refuse(id, 'is not a document of a Quartermaster event');
}

function fieldMessage(prefix: string, issue: Parameters<typeof describeIssue>[0]): string {
  const field = fieldPath([prefix, ...issue.path]);
  return `field "${field}": ${describeIssue(issue)}`;
}
