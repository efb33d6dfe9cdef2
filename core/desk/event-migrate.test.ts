// The order of a migrated v1 event file's entries: the ledger order (core/desk/order.ts), whatever
// order the v1 record listed them in and whatever UTC offsets their times were written with.
import { describe, expect, it } from 'vitest';
import { loadEventBytes } from './event-load';
import { V1_DESK } from './event-migrate';
import { compareEntries } from './order';
import { prng } from '../testing/mutate';

const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v, null, 2));

/** A v1 file of `n` characters, checked in and printed at times drawn from a few, in several UTC offsets. */
function v1Event(n: number, seed: number) {
  const rand = prng(seed);
  // 18:05+01:00, 17:05Z and 19:05+02:00 are one instant.
  const times = ['2026-10-02T18:05:00+01:00', '2026-10-02T17:05:00Z', '2026-10-02T19:05:00+02:00', '2026-10-02T18:06:00+01:00', '2026-10-01T09:00:00Z', '2026-10-02T18:05:00.5+01:00'];
  const pick = () => times[Math.floor(rand() * times.length)]!;
  const characters: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    characters[`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`] = {
      ...(rand() < 0.7 ? { checkedInAt: pick() } : {}),
      printed: Array.from({ length: Math.floor(rand() * 3) }, () => ({ at: pick(), hash: 'ab'.repeat(32), serials: ['CH-1', 'IT-2'] })),
      ...(rand() < 0.2 ? { voided: ['CH-1'] } : {}),
    };
  }
  return { format: 'quartermaster-event', version: 1, name: 'Muster', game: 'novitas', dates: { start: '2026-10-02', end: '2026-10-04' }, characters };
}

describe('migrating a v1 event file', () => {
  it('puts the entries in ledger order: the instant, whatever the offset, then (one desk, no seq) the time as written, then the id', () => {
    for (const seed of [1, 2, 3]) {
      const r = loadEventBytes(enc(v1Event(300, seed)), 'muster.event.json');
      if (!r.ok) throw new Error(r.problem.message);
      expect(r.migratedFrom).toBe(1);
      const entries = r.event.entries;
      expect(entries.length).toBeGreaterThan(300);
      // Migrated entries all come from one desk and carry no seq.
      expect(entries.every((e) => e.desk === V1_DESK && e.deskId === undefined && e.seq === undefined)).toBe(true);
      let sameInstant = 0;
      for (let i = 1; i < entries.length; i++) {
        const a = entries[i - 1]!;
        const b = entries[i]!;
        expect(compareEntries(a, b), `${a.at} ${a.id} before ${b.at} ${b.id}`).toBeLessThan(0);
        // The rules spelled out: the instant first…
        const dt = Date.parse(a.at) - Date.parse(b.at);
        expect(dt, `${a.at} before ${b.at}`).toBeLessThanOrEqual(0);
        if (dt !== 0) continue;
        // …then, at one instant, the text of the time (17:05Z before 18:05+01:00), then the id.
        if (a.at !== b.at) sameInstant++;
        expect(a.at < b.at || (a.at === b.at && a.id < b.id), `${a.at} ${a.id} before ${b.at} ${b.id}`).toBe(true);
      }
      // The offsets really meet: one instant is written more than one way next to itself.
      expect(sameInstant).toBeGreaterThan(0);
    }
  });
});
