// The order of a migrated v1 event file's entries, and ids made with another SHA-256 (the command
// line's native one) giving the same event.
import { describe, expect, it } from 'vitest';
import { loadEventBytes } from './event-load';
import { EVENT_MIGRATIONS, eventMigrations } from './event-migrate';
import { prng } from '../testing/mutate';
import { sha256Hex } from '../format/hash';
import { uuidFromHash } from '../format/uuid';

const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));

/** A v1 file of `n` characters, checked in and printed at times drawn from a few, in several UTC offsets. */
function v1Event(n: number, seed: number) {
  const rand = prng(seed);
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
  it('puts the entries in time order (the instant, whatever the offset), then by id', () => {
    for (const seed of [1, 2, 3]) {
      const r = loadEventBytes(enc(v1Event(300, seed)), 'muster.event.json');
      if (!r.ok) throw new Error(r.problem.message);
      const entries = r.event.entries;
      expect(entries.length).toBeGreaterThan(300);
      for (let i = 1; i < entries.length; i++) {
        const a = entries[i - 1]!;
        const b = entries[i]!;
        const dt = Date.parse(a.at) - Date.parse(b.at);
        expect(dt, `${a.at} before ${b.at}`).toBeLessThanOrEqual(0);
        // 18:05+01:00 and 17:05Z are one instant: then the ids decide.
        if (dt === 0) expect(a.id.localeCompare(b.id), `${a.id} before ${b.id}`).toBeLessThan(0);
      }
    }
  });

  it('gives the same event with ids from a different SHA-256 implementation of the same function', () => {
    const other = eventMigrations((text) => uuidFromHash(sha256Hex(text)));
    const file = enc(v1Event(100, 4));
    const a = loadEventBytes(file, 'a.event.json', EVENT_MIGRATIONS);
    const b = loadEventBytes(file, 'a.event.json', other);
    expect(a.ok && b.ok).toBe(true);
    expect(b).toEqual(a);
  });
});
