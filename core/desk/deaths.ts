// Deaths and what follows them, per game, folded from the ledger. Pure. The readings, with the rule
// quotes, are in docs/desk.md and docs/rulesets/<game>.md:
//
// - Fortune's Landing: a death ("either from having taken a Killing Blow or having bled to death")
//   makes the character dead; a return brings it back and adds the cards its way of returning adds to
//   the Tiles of Fate ("Each character begins with a clean Deck of eight cards … Each time the
//   character suffers a death and is brought back from death he must add a number of new cards to
//   his deck"); a permanent death at dawn or dusk ends it (status dead).
// - Novitas: "If the Dead condition lasts for 2 convergences the condition can no longer be removed:
//   the character is permanently dead." The desk records Dead at the end of a shift and each
//   convergence passed while Dead; at the second the character is permanently dead and retired, and
//   the desk says "permanent: tell the plot marshal". A return (Revive) before that resets the count.
// - Curious Pastimes: a death retires the character (its "character card and all items carried at
//   the time should be handed to a Referee or the Event Desk"); the player's new character starts at
//   20 less one per death of that player at this event (startingPoints), 20 at the next event.
// - bg-magic: its text has no rule beyond death and return: they are recorded as notes.
import { CP_STARTING_POINTS, startingPoints } from '../rulesets/curious-pastimes';
import { FL_TILES_OF_FATE_CLEAN_DECK } from '../rulesets/fortunes-landing-wounds';
import type { GameId } from '../model/ids';
import type { EntryOf, LedgerEntry } from './entries';
import type { DeskEvent } from './event';
import { foldEvent } from './fold';
import { seasonEntries } from '../season/entries';

/** Dead convergences after which a Novitas character is permanently dead. */
export const NOVITAS_PERMANENT_CONVERGENCES = 2;
export const PLOT_MARSHAL_ALERT = 'permanent: tell the plot marshal';

export type LifeState = 'alive' | 'dead' | 'permanent' | 'retired';

export type DeathFold = {
  state: LifeState;
  /** Deaths through this event, within its season (cancelled ones left out). */
  deaths: number;
  returns: number;
  /** The death now in force (state dead or permanent). */
  lastDeath: EntryOf<'died'> | null;
  /** Novitas: convergences passed since the death now in force. */
  convergences: number;
  /** Fortune's Landing: the deck after this event's returns, from the file's deck before it. */
  tilesOfFate: number | null;
  /** Tiles of Fate cards added through this event, within its season. */
  cardsAdded: number;
  /** The returns whose cards were added (a return while not dead adds none). */
  cardReturns: Set<string>;
  /** What the desk must say (Novitas: "permanent: tell the plot marshal"). */
  alert: string | null;
  /** Why the character is permanently dead or retired, in words. */
  reason: string | null;
  /** When the state now in force began (the entry that made it); null when alive. */
  since: string | null;
};

/**
 * One character's deaths through this event: within its season (core/season/), the earlier events'
 * first. `ruleset` is the character's game; `deckBefore` the Tiles of Fate deck before the season's
 * returns (the clean 8 when absent).
 */
export function deathFold(event: DeskEvent, character: string, ruleset: GameId, deckBefore?: number): DeathFold {
  return foldDeaths(seasonEntries(event, character), ruleset, deckBefore);
}

/** The same over a character's uncancelled entries in ledger order. */
export function foldDeaths(entries: readonly LedgerEntry[], ruleset: GameId, deckBefore?: number): DeathFold {
  const out: DeathFold = { state: 'alive', deaths: 0, returns: 0, lastDeath: null, convergences: 0, tilesOfFate: ruleset === 'fortunes-landing' ? (deckBefore ?? FL_TILES_OF_FATE_CLEAN_DECK) : null, cardsAdded: 0, cardReturns: new Set(), alert: null, reason: null, since: null };
  const over = () => out.state === 'permanent' || out.state === 'retired';
  for (const e of entries) {
    switch (e.kind) {
      case 'died':
        // Already Dead: the same Dead condition, not a new one. Novitas: "If the Dead condition
        // lasts for 2 convergences the condition can no longer be removed" and "if a character ends
        // a shift while still dead … they should seek out the plot marshal" (000_…txt): a second
        // shift-end record of one death does not restart its count of convergences.
        if (over() || out.state === 'dead') break;
        out.deaths++;
        out.lastDeath = e;
        out.convergences = 0;
        out.since = e.at;
        if (ruleset === 'curious-pastimes') {
          out.state = 'retired';
          out.reason = 'Died (Curious Pastimes): the character is retired; the player may make a new character';
        } else out.state = 'dead';
        break;
      case 'convergence':
        if (ruleset !== 'novitas' || out.state !== 'dead') break;
        out.convergences++;
        if (out.convergences >= NOVITAS_PERMANENT_CONVERGENCES) {
          out.state = 'retired';
          out.since = e.at;
          out.alert = PLOT_MARSHAL_ALERT;
          out.reason = `Permanently dead: Dead for ${NOVITAS_PERMANENT_CONVERGENCES} convergences`;
        }
        break;
      case 'returned':
        if (out.state !== 'dead') break;
        out.state = 'alive';
        out.returns++;
        out.lastDeath = null;
        out.since = null;
        out.convergences = 0;
        if (out.tilesOfFate !== null && e.cards !== undefined) {
          out.tilesOfFate += e.cards;
          out.cardsAdded += e.cards;
          out.cardReturns.add(e.id);
        }
        break;
      case 'permanent-death':
        if (over()) break;
        out.state = 'permanent';
        out.since = e.at;
        out.reason = e.reason ?? (e.when ? `Permanent death at ${e.when}` : 'Permanent death');
        if (ruleset === 'novitas') out.alert = PLOT_MARSHAL_ALERT;
        break;
      case 'retired':
        if (out.state === 'retired') break;
        out.state = 'retired';
        out.since = e.at;
        out.reason = e.reason ?? 'Retired at the event desk';
        break;
    }
  }
  return out;
}

/**
 * Curious Pastimes: the starting points of a new character for `player` at this event, and the
 * deaths that count: every death of any character of that player at this event ("One point is
 * deducted from your starting total each time you die and create a new character at an event").
 * Only this event's ledger counts, never the season's earlier events: "For the next event you may
 * generate a 20 point character". `playerOf` gives a character id's player.
 */
export function newCharacterPoints(event: DeskEvent, player: string, playerOf: (character: string) => string | undefined): { deaths: number; points: number; base: number } {
  const who = normalPlayer(player);
  let deaths = 0;
  for (const [id, c] of foldEvent(event).characters) {
    const p = playerOf(id);
    if (p === undefined || normalPlayer(p) !== who) continue;
    deaths += c.entries.filter((e) => e.kind === 'died').length;
  }
  return { deaths, points: startingPoints(deaths), base: CP_STARTING_POINTS };
}

/** A player's name as two records of one player compare it (case and spacing ignored). */
export const normalPlayer = (p: string) => p.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/** The life state words the desk row shows. */
export function lifeWords(f: DeathFold, ruleset: GameId): string | null {
  switch (f.state) {
    case 'alive':
      return f.returns > 0 ? `Returned${ruleset === 'fortunes-landing' && f.tilesOfFate !== null ? ` (Tiles of Fate ${f.tilesOfFate})` : ''}` : null;
    case 'dead':
      return ruleset === 'novitas' ? `Dead (${f.convergences} of ${NOVITAS_PERMANENT_CONVERGENCES} convergences)` : 'Dead';
    case 'permanent':
      return f.alert ? `Permanently dead: ${f.alert}` : 'Permanently dead';
    case 'retired':
      return f.alert ? `Retired (${f.alert})` : 'Retired';
  }
}
