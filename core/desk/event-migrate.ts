// Migrations from older event file versions to the current one, applied on load step by step by the
// shared versioned loader (core/format/versioned.ts).
//
// Version 1 -> 2: the per-character record (`characters: { <id>: { checkedInAt, printed, voided } }`,
// overwritten in place) becomes the ledger. Every id is made from the content (SHA-256, shaped as a
// UUID), so two desks migrating copies of one v1 file get identical events that merge cleanly:
// - the event id from "name|game|dates.start";
// - a check-in entry per `checkedInAt`, a printed entry per print (its serials numbered as editions
//   1, 2, … in print order: cards printed before editions bore none, and still verify by hash), a
//   voided entry for the `voided` list (at the last print's time);
// - fields v1 did not know on a character's record are kept in the header's `v1Characters`.
import { uuidFromText } from '../format/uuid';
import type { Migration, Raw } from '../format/versioned';

export type EventMigration = Migration;

/** The desk name migrated entries carry. */
export const V1_DESK = 'event file v1';

/** The id a v1 event gets: the same for every copy of the file. */
export function migratedEventId(name: unknown, game: unknown, start: unknown): string {
  return uuidFromText(`${String(name)}|${String(game)}|${String(start)}`);
}

const isObject = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

export function upgradeV1Event(raw: Raw): Raw {
  const { characters, ...rest } = raw;
  const dates = isObject(raw.dates) ? raw.dates : {};
  const eventId = typeof raw.id === 'string' ? raw.id : migratedEventId(raw.name, raw.game, dates.start);
  const entries: Raw[] = [];
  const extras: Raw = {};
  const idFor = (...parts: (string | number)[]) => uuidFromText(['v1', eventId, ...parts].join('|'));
  if (isObject(characters)) {
    for (const [key, record] of Object.entries(characters)) {
      const character = key.toLowerCase();
      if (!isObject(record)) {
        // Not a record: kept as it was, so the problem is still there to see (and nothing is lost).
        extras[key] = record;
        continue;
      }
      const { checkedInAt, printed, voided, ...unknown } = record;
      if (Object.keys(unknown).length > 0) extras[character] = unknown;
      if (checkedInAt !== undefined) entries.push({ id: idFor(character, 'check-in'), at: checkedInAt, desk: V1_DESK, kind: 'check-in', character });
      let lastAt: unknown;
      const editions = new Map<string, number>();
      /** Per serial, the editions of prints before the last (v1 voided the earlier cards of a serial). */
      const earlier = new Map<string, string[]>();
      let lastCards: Raw[] = [];
      if (Array.isArray(printed)) {
        printed.forEach((p, i) => {
          if (!isObject(p)) return;
          const { at, hash, serials, facts, ...more } = p;
          lastAt = at;
          const cards = Array.isArray(serials)
            ? [...new Set(serials)].map((serial) => {
                const n = (editions.get(String(serial)) ?? 0) + 1;
                editions.set(String(serial), n);
                return { serial, edition: String(n) };
              })
            : serials;
          for (const c of lastCards) earlier.set(String(c.serial), [...(earlier.get(String(c.serial)) ?? []), String(c.edition)]);
          lastCards = Array.isArray(cards) ? cards : [];
          entries.push({ ...more, id: idFor(character, 'printed', i), at, desk: V1_DESK, kind: 'printed', character, hash, cards, ...(facts !== undefined ? { facts } : {}) });
        });
      }
      if (Array.isArray(voided) && voided.length > 0) {
        const at = isTime(lastAt) ? lastAt : isTime(checkedInAt) ? checkedInAt : `${String(dates.start)}T00:00:00Z`;
        const current = new Set(lastCards.map((c) => String(c.serial)));
        // The editions printed before the last print; a serial the last print does not carry is void in every edition.
        const cards = voided.flatMap((serial) => {
          const known = earlier.get(String(serial));
          if (known) return known.map((edition) => ({ serial, edition }));
          return current.has(String(serial)) ? [] : [{ serial }];
        });
        if (cards.length > 0) entries.push({ id: idFor(character, 'voided'), at, desk: V1_DESK, kind: 'voided', character, cards, reason: 'voided before the ledger (event file v1)' });
      }
    }
  }
  // By time, then id. Each entry's instant is parsed once (NaN when it is not a time): the comparator
  // answers every pair as comparing the times in it would, so the sort comes out the same, without
  // parsing two dates per comparison (a v1 file of 20,000 characters makes 30,000 entries).
  const instants = new Map<Raw, number>();
  for (const e of entries) instants.set(e, isTime(e.at) ? Date.parse(e.at) : Number.NaN);
  entries.sort((a, b) => {
    const ta = instants.get(a)!;
    const tb = instants.get(b)!;
    return (Number.isNaN(ta) || Number.isNaN(tb) ? 0 : ta - tb) || String(a.id).localeCompare(String(b.id));
  });
  return { ...rest, version: 2, id: eventId, ...(Object.keys(extras).length > 0 ? { v1Characters: extras } : {}), entries };
}

export const EVENT_MIGRATIONS: readonly EventMigration[] = [{ from: 1, to: 2, migrate: upgradeV1Event }];
