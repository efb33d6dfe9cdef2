// Types the sync store's files share (store.ts and the files split from it).
import type { Character } from '../../core/model/character';

/** A character as the event's store holds it: its document id and revision, its file name, its open conflicts. */
export type StoredCharacter = { id: string; rev: string; file: string; character: Character; conflicts: string[] };
