// What the desk report and the check-in sheet need of an event, per character: when the character
// was checked in, its current print (the hash its cards carry, when) and the label of its current
// character card. The command line's desk reads the event file on a second thread while this one
// reads the characters (cli/desk-event-thread.ts); the other thread sends these, packed as a few
// arrays of strings (cheap to copy between threads, unlike the ledger's thousands of objects).
import type { DeskEvent } from './event';
import { characterFold, foldEvent } from './fold';
import { characterCardLabel } from './rows';

export type Standing = { checkedInAt: string | null; current: { hash: string; at: string } | null };

/** A character's standing for an event, and its current character card's label ("CH-…/2"). */
export type Standings = { standing(id: string): Standing; cardLabel(id: string): string | null };

/** The standings of an event, from its fold (ids in any case). */
export function eventStandings(event: DeskEvent): Standings {
  return { standing: (id) => characterFold(event, id), cardLabel: (id) => characterCardLabel(characterFold(event, id).current ?? undefined) };
}

/** Every character the ledger names, in columns (null where it has no check-in or print). */
export type PackedStandings = { ids: string[]; checkedInAt: (string | null)[]; hash: (string | null)[]; at: (string | null)[]; card: (string | null)[] };

export function packStandings(event: DeskEvent): PackedStandings {
  const packed: PackedStandings = { ids: [], checkedInAt: [], hash: [], at: [], card: [] };
  // The fold's keys are the ledger's character ids (lower case, as the schema requires).
  for (const [id, c] of foldEvent(event).characters) {
    packed.ids.push(id);
    packed.checkedInAt.push(c.checkedInAt);
    packed.hash.push(c.current?.hash ?? null);
    packed.at.push(c.current?.at ?? null);
    packed.card.push(characterCardLabel(c.current ?? undefined));
  }
  return packed;
}

const NOT_NAMED: Standing = Object.freeze({ checkedInAt: null, current: null });

/** The standings packStandings packed: a character the ledger does not name stands nowhere. */
export function unpackStandings(packed: PackedStandings): Standings {
  const at = new Map<string, number>();
  packed.ids.forEach((id, i) => at.set(id, i));
  const standings: Standing[] = packed.ids.map((_, i) => {
    const hash = packed.hash[i] ?? null;
    return { checkedInAt: packed.checkedInAt[i] ?? null, current: hash === null ? null : { hash, at: packed.at[i]! } };
  });
  return {
    standing: (id) => {
      const i = at.get(id.toLowerCase());
      return i === undefined ? NOT_NAMED : standings[i]!;
    },
    cardLabel: (id) => {
      const i = at.get(id.toLowerCase());
      return i === undefined ? null : (packed.card[i] ?? null);
    },
  };
}
