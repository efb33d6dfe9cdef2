// A rules-change preview: what publishing a new version of a game pack would change for each
// character of its game, grouped by kind, with the characters whose cards need reprinting and those
// whose cards the publication would void. Pure: ./evaluate.ts gives each pack's view of a character;
// the command line (cli/commands/packs-preview.ts) reads the files and writes the report.
import type { Character } from '../model/character';
import { evaluateCharacter, playsPack, type Evaluation } from './evaluate';
import type { GamePack } from './schema';

export const PREVIEW_FORMAT = 'quartermaster-pack-preview';
export const PREVIEW_FORMAT_VERSION = 1;

export type PreviewCharacter = { file: string; id: string; name: string };
export type Change<T> = { old: T; new: T };
/** A card value that changes; null where the value is not on the card under that pack. */
export type CardChange = { key: string; old: string | null; new: string | null };

/** What changes for one character; null fields and empty lists: no change of that kind. */
export type CharacterChange = PreviewCharacter & {
  /** Invalid under each pack (any problem). */
  invalid: Change<boolean>;
  /** Problems (in words) under the new pack that the old did not find, and the old ones that went. */
  added: string[];
  removed: string[];
  spent: Change<number | null> | null;
  available: Change<number | null> | null;
  card: CardChange[];
};

export type Preview = {
  format: typeof PREVIEW_FORMAT;
  formatVersion: typeof PREVIEW_FORMAT_VERSION;
  pack: { id: string; name: string; old: { version: string; file: string }; new: { version: string; file: string } };
  characters: { files: number; inGame: number; otherGames: number; unreadable: { file: string; message: string }[] };
  changes: {
    /** Valid under the old pack, invalid under the new: every new problem in words. */
    newlyInvalid: (PreviewCharacter & { problems: string[] })[];
    /** Invalid under the old pack, valid under the new: the problems that went. */
    noLongerInvalid: (PreviewCharacter & { problems: string[] })[];
    /** Invalid under both, with other problems. */
    problemsChanged: (PreviewCharacter & { added: string[]; removed: string[] })[];
    /** Points spent or available that change. */
    points: (PreviewCharacter & { spent: Change<number | null> | null; available: Change<number | null> | null })[];
    /** Card values that change. */
    card: (PreviewCharacter & { values: CardChange[] })[];
  };
  /** Valid under the new pack, with card values that change: their cards are printed again. */
  reprint: PreviewCharacter[];
  /** Newly invalid: a publication voids their cards. */
  void: PreviewCharacter[];
};

function messages(e: Evaluation): string[] {
  return e.problems.map((p) => p.message);
}

function cardChanges(before: Evaluation, after: Evaluation): CardChange[] {
  const oldValues = new Map(before.card.map((v) => [v.key, v.value]));
  const newValues = new Map(after.card.map((v) => [v.key, v.value]));
  const changes: CardChange[] = [];
  // In the new card's order, then what the new card no longer shows.
  for (const [key, value] of newValues) if (oldValues.get(key) !== value) changes.push({ key, old: oldValues.get(key) ?? null, new: value });
  for (const [key, value] of oldValues) if (!newValues.has(key)) changes.push({ key, old: value, new: null });
  return changes;
}

/** The difference between two evaluations of one character; null when nothing changes. */
export function compareEvaluations(who: PreviewCharacter, before: Evaluation, after: Evaluation): CharacterChange | null {
  const was = messages(before);
  const is = messages(after);
  const added = is.filter((m) => !was.includes(m));
  const removed = was.filter((m) => !is.includes(m));
  const spent = before.spent === after.spent ? null : { old: before.spent, new: after.spent };
  const available = before.available === after.available ? null : { old: before.available, new: after.available };
  const card = cardChanges(before, after);
  if (added.length === 0 && removed.length === 0 && spent === null && available === null && card.length === 0) return null;
  return { ...who, invalid: { old: was.length > 0, new: is.length > 0 }, added, removed, spent, available, card };
}

/** Builds a preview one character at a time (a folder of thousands is not held whole). */
export class PreviewBuilder {
  readonly preview: Preview;

  constructor(
    private readonly oldPack: GamePack,
    private readonly newPack: GamePack,
    files: { old: string; new: string },
  ) {
    if (oldPack.id !== newPack.id) throw new Error(`the two packs are of different games (${oldPack.id} and ${newPack.id})`);
    this.preview = {
      format: PREVIEW_FORMAT,
      formatVersion: PREVIEW_FORMAT_VERSION,
      pack: { id: newPack.id, name: newPack.names.en, old: { version: oldPack.version, file: files.old }, new: { version: newPack.version, file: files.new } },
      characters: { files: 0, inGame: 0, otherGames: 0, unreadable: [] },
      changes: { newlyInvalid: [], noLongerInvalid: [], problemsChanged: [], points: [], card: [] },
      reprint: [],
      void: [],
    };
  }

  unreadable(file: string, message: string): void {
    this.preview.characters.files++;
    this.preview.characters.unreadable.push({ file, message });
  }

  /** A character read from `file`: counted, and compared when it plays the packs' game. */
  add(file: string, character: Pick<Character, 'id' | 'name' | 'ruleset' | 'skills' | 'armour'>): void {
    const c = this.preview.characters;
    c.files++;
    if (!playsPack(character, this.newPack)) {
      c.otherGames++;
      return;
    }
    c.inGame++;
    const who: PreviewCharacter = { file, id: character.id, name: character.name };
    const change = compareEvaluations(who, evaluateCharacter(this.oldPack, character), evaluateCharacter(this.newPack, character));
    if (change) this.record(change);
  }

  private record(change: CharacterChange): void {
    const { file, id, name } = change;
    const who = { file, id, name };
    const g = this.preview.changes;
    if (!change.invalid.old && change.invalid.new) {
      g.newlyInvalid.push({ ...who, problems: change.added });
      this.preview.void.push(who);
    } else if (change.invalid.old && !change.invalid.new) g.noLongerInvalid.push({ ...who, problems: change.removed });
    else if (change.added.length > 0 || change.removed.length > 0) g.problemsChanged.push({ ...who, added: change.added, removed: change.removed });
    if (change.spent !== null || change.available !== null) g.points.push({ ...who, spent: change.spent, available: change.available });
    if (change.card.length > 0) {
      g.card.push({ ...who, values: change.card });
      if (!change.invalid.new) this.preview.reprint.push(who);
    }
  }
}
