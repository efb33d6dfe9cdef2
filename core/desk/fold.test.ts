// The incremental fold (LedgerFold) against the plain one-pass definition (referenceFold) over random
// ledgers added in random batches and a random order, and the fold's readings on hand-worked ledgers.
import { describe, expect, it } from 'vitest';
import { ledgerEntrySchema, type LedgerEntry } from './entries';
import { LedgerFold, type CharacterFold, type Folded } from './fold';
import { referenceFold } from '../testing/reference-fold';
import { prng } from '../testing/mutate';

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const hex = (rand: Rand, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
const randomId = (rand: Rand) => `${hex(rand, 8)}-${hex(rand, 4)}-4${hex(rand, 3)}-${pick(rand, ['8', '9', 'a', 'b'])}${hex(rand, 3)}-${hex(rand, 12)}`;
function shuffle<T>(rand: Rand, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const CHARACTERS = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
const ITEMS = Array.from({ length: 5 }, (_, i) => `11111111-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
const FRONT_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
/**
 * Desks: one with an id under two names (renamed: one desk, one count), one of the same name without
 * an id (another desk), one with an id that numbers only some entries, one named only that numbers.
 */
const DESKS: readonly { desk: string; deskId?: string; seq: 'always' | 'sometimes' | 'never' }[] = [
  { desk: 'Front desk', deskId: FRONT_ID, seq: 'always' },
  { desk: 'Front desk (renamed)', deskId: FRONT_ID, seq: 'always' },
  { desk: 'Front desk', seq: 'never' },
  { desk: 'Side desk', deskId: 'bbbbbbbb-0000-4000-8000-000000000002', seq: 'sometimes' },
  { desk: 'Bar', seq: 'always' },
];
/** A few instants, most written in more than one way (offsets, milliseconds), so that many entries share one. */
const TIMES = [
  // 17:05:00Z
  '2026-10-02T17:05:00Z',
  '2026-10-02T18:05:00+01:00',
  '2026-10-02T14:35:00-02:30',
  '2026-10-02T17:05:00.000Z',
  // 17:05:00.001Z
  '2026-10-02T17:05:00.001Z',
  '2026-10-02T18:05:00.001+01:00',
  // 17:06:00Z
  '2026-10-02T17:06:00Z',
  '2026-10-02T18:06:00+01:00',
  // 18:00:00Z
  '2026-10-02T18:00:00Z',
  '2026-10-02T20:00:00+02:00',
];
const EDITIONS = ['1', '2', '3', '2-K7QM', '1-ABCD'];
const serialsOf = (c: string) => [`CH-${c.slice(-2)}`, `IT-${c.slice(-2)}-1`, `IT-${c.slice(-2)}-2`];
/** Serials two characters share (a game team's own serials, or a card handed on). */
const SHARED = ['SH-1', 'SH-2'];

const KINDS = [
  ['check-in', 8],
  ['check-out', 5],
  ['printed', 8],
  ['voided', 4],
  ['died', 1],
  ['returned', 1],
  ['permanent-death', 1],
  ['retired', 1],
  ['new-character', 1],
  ['convergence', 1],
  ['item-handed-in', 1],
  ['item-returned', 1],
  ['item-transferred', 1],
  ['item-expired', 1],
  ['bow-competency', 1],
  ['note', 2],
  ['undo', 10],
] as const;
type Kind = (typeof KINDS)[number][0];
const KIND_WEIGHT = KINDS.reduce((n, [, w]) => n + w, 0);
function pickKind(rand: Rand): Kind {
  let r = rand() * KIND_WEIGHT;
  for (const [kind, w] of KINDS) if ((r -= w) < 0) return kind;
  return 'note';
}

/** A random ledger of `n` valid entries. */
function randomLedger(rand: Rand, n: number): LedgerEntry[] {
  const ids = Array.from({ length: n }, () => randomId(rand));
  const kinds = Array.from({ length: n }, () => pickKind(rand));
  const undoIds = ids.filter((_, i) => kinds[i] === 'undo');
  const printIds = ids.filter((_, i) => kinds[i] === 'printed');
  const voidedIds = ids.filter((_, i) => kinds[i] === 'voided');
  const counts = new Map<string, number>();
  const entries: LedgerEntry[] = [];
  for (let i = 0; i < n; i++) {
    const d = pick(rand, DESKS);
    const key = d.deskId ?? `name:${d.desk}`;
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    // Mostly the desk's own count; now and then a repeated or out-of-step number.
    const seqValue = rand() < 0.1 ? 1 + Math.floor(rand() * 3) : next;
    const withSeq = d.seq === 'always' || (d.seq === 'sometimes' && rand() < 0.5);
    const base = { id: ids[i]!, at: pick(rand, TIMES), desk: d.desk, ...(d.deskId ? { deskId: d.deskId } : {}), ...(withSeq ? { seq: seqValue } : {}) };
    const character = pick(rand, CHARACTERS);
    const maybe = rand() < 0.7 ? { character } : {};
    const kind = kinds[i]!;
    let e: Record<string, unknown>;
    switch (kind) {
      case 'check-in':
      case 'check-out':
      case 'retired':
      case 'convergence':
        e = { ...base, kind, character };
        break;
      case 'printed': {
        const pool = [...serialsOf(character), ...SHARED];
        const serials = shuffle(rand, pool).slice(0, 1 + Math.floor(rand() * 3));
        e = { ...base, kind, character, hash: hex(rand, 64), cards: serials.map((serial) => ({ serial, edition: pick(rand, EDITIONS) })), ...(rand() < 0.3 ? { facts: { armour: '3 over torso' } } : {}) };
        break;
      }
      case 'voided': {
        const cards = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => {
          const serial = rand() < 0.2 ? pick(rand, SHARED) : pick(rand, serialsOf(rand() < 0.7 ? character : pick(rand, CHARACTERS)));
          // By edition, or every edition of the serial.
          return rand() < 0.6 ? { serial, edition: pick(rand, EDITIONS) } : { serial };
        });
        e = { ...base, kind, ...maybe, cards, ...(rand() < 0.5 ? { reason: pick(rand, ['lost', 'stolen', 'torn']) } : {}) };
        break;
      }
      case 'died':
        e = { ...base, kind, character, ...(rand() < 0.5 ? { cause: pick(rand, ['killing-blow', 'bled-out']) } : {}) };
        break;
      case 'returned':
        e = { ...base, kind, character, how: 'Plot', cards: 3 };
        break;
      case 'permanent-death':
        e = { ...base, kind, character, when: pick(rand, ['dawn', 'dusk']) };
        break;
      case 'new-character':
        e = { ...base, kind, character, from: pick(rand, CHARACTERS), points: 19 };
        break;
      case 'item-handed-in':
      case 'item-returned':
      case 'item-expired':
        e = { ...base, kind, character, item: pick(rand, ITEMS) };
        break;
      case 'item-transferred':
        e = { ...base, kind, character, item: pick(rand, ITEMS), to: pick(rand, CHARACTERS) };
        break;
      case 'bow-competency':
        e = { ...base, kind, ...maybe, player: 'Sam' };
        break;
      case 'note':
        e = { ...base, kind, ...maybe, text: 'a note' };
        break;
      case 'undo': {
        // Any entry (before or after it), an undo (chains, undo of undo), a print (never cancelled),
        // a void (the cards are valid again), an id no entry has, or itself.
        const r = rand();
        const target =
          r < 0.35 ? pick(rand, ids) : r < 0.55 && undoIds.length > 0 ? pick(rand, undoIds) : r < 0.65 && printIds.length > 0 ? pick(rand, printIds) : r < 0.8 && voidedIds.length > 0 ? pick(rand, voidedIds) : r < 0.95 ? randomId(rand) : ids[i]!;
        e = { ...base, kind, ...maybe, target };
        break;
      }
    }
    entries.push(ledgerEntrySchema.parse(e));
  }
  return entries;
}

const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);
const byKey = <T>(m: ReadonlyMap<string, T>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const plainCharacter = (c: CharacterFold) => ({ checkedInAt: c.checkedInAt, checkIn: c.checkIn, prints: ids(c.prints), current: c.current?.id ?? null, entries: ids(c.entries) });
const plainCharacters = (f: Folded) => Object.fromEntries(byKey(f.characters).map(([id, c]) => [id, plainCharacter(c)]));

/** Everything the fold says, as plain data. */
function plain(f: Folded) {
  return {
    entries: ids(f.entries),
    byId: [...f.byId.keys()].sort(),
    cancelled: [...f.cancelled].sort(),
    characters: plainCharacters(f),
    voids: f.voids.map((v) => ({ character: v.character, label: v.label, why: v.why, replacedBy: v.replacedBy?.label ?? null, printEntry: v.printEntry, printedAt: v.printedAt, reason: v.reason ?? null })),
    voidByLabel: [...f.voidByLabel.keys()].sort(),
    printedByLabel: byKey(f.printedByLabel).map(([label, p]) => [label, p.character, p.print.id]),
    serials: byKey(f.serials),
    printingDesks: [...f.printingDesks].sort(),
  };
}

describe('the incremental fold is the one-pass fold', () => {
  it('over random ledgers added in random batches and in a random order', () => {
    let batches = 0;
    let merges = 0;
    let cancels = 0;
    let undoneUndos = 0;
    for (let seed = 1; seed <= 240; seed++) {
      const rand = prng(seed);
      const ledger = randomLedger(rand, 30 + Math.floor(rand() * 120));
      const order = shuffle(rand, ledger);
      const fold = new LedgerFold();
      const added: LedgerEntry[] = [];
      let i = 0;
      while (i < order.length) {
        // One at a time, a few, or more than the fold splices one by one (then it merges).
        const r = rand();
        const size = r < 0.35 ? 1 : r < 0.7 ? 2 + Math.floor(rand() * 8) : r < 0.85 ? 10 + Math.floor(rand() * 25) : 33 + Math.floor(rand() * 60);
        const fresh = order.slice(i, i + size);
        i += size;
        if (fresh.length > 32) merges++;
        // Now and then an entry of the batch twice, or one added before again (a copy): both change nothing.
        const batch = [...fresh];
        if (rand() < 0.2) batch.push(pick(rand, fresh));
        if (added.length > 0 && rand() < 0.2) batch.push(structuredClone(pick(rand, added)));
        const before = plainCharacters(fold);
        const touched = fold.add(shuffle(rand, batch));
        added.push(...fresh);
        const want = plain(referenceFold(added));
        const got = plain(fold);
        expect(got, `seed ${seed}, after ${added.length} entries`).toEqual(want);
        // Every character whose fold changed is in the set add returned (it may hold more).
        for (const id of new Set([...Object.keys(before), ...Object.keys(got.characters)])) {
          if (JSON.stringify(before[id]) !== JSON.stringify(got.characters[id])) expect(touched.has(id), `seed ${seed}: ${id} changed`).toBe(true);
        }
        batches++;
        cancels += want.cancelled.length;
      }
      // Adding any of it again changes nothing.
      const settled = plain(fold);
      expect(fold.add(shuffle(rand, ledger).slice(0, 20)).size).toBe(0);
      expect(plain(fold)).toEqual(settled);
      // Built in one go, too.
      expect(plain(new LedgerFold(order))).toEqual(settled);
      undoneUndos += ledger.filter((e) => e.kind === 'undo' && settled.cancelled.includes(e.id)).length;
    }
    // The random ledgers did exercise what they are for.
    expect(batches).toBeGreaterThan(1_500);
    expect(merges).toBeGreaterThan(50);
    expect(cancels).toBeGreaterThan(500);
    expect(undoneUndos).toBeGreaterThan(20);
  });

  it('changes nothing when an id it holds is added again, even with other content', () => {
    const rand = prng(7);
    const ledger = randomLedger(rand, 80);
    const fold = new LedgerFold(ledger);
    const settled = plain(fold);
    expect(fold.add(ledger).size).toBe(0);
    expect(fold.add(ledger.map((e) => structuredClone(e))).size).toBe(0);
    // Callers check that a repeated id is the same entry; the fold keeps the first it was given.
    const altered = ledger.map((e) => ({ ...e, at: '2027-01-01T00:00:00Z' }) as LedgerEntry);
    expect(fold.add(altered).size).toBe(0);
    expect(plain(fold)).toEqual(settled);
  });
});

// Hand-worked ledgers: the readings themselves (docs/desk.md "Readings of the fold"), for both folds.
const C = CHARACTERS[0]!;
const D = CHARACTERS[1]!;
const id = (n: number) => `0b7d6a52-4a43-4c55-8e1a-${String(n).padStart(12, '0')}`;
const LOW = '00000000-0000-4000-8000-aaaaaaaaaaaa';
const HIGH = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
const desk = { desk: 'Front desk', deskId: FRONT_ID };
const at = '2026-10-02T18:05:00+01:00';
const HASH = 'c'.repeat(64);

/** Both folds of the entries, the incremental one fed in every order given. */
function foldsOf(entries: readonly LedgerEntry[], orders: readonly (readonly number[])[] = [entries.map((_, i) => i)]): Folded[] {
  const out: Folded[] = [referenceFold(entries)];
  for (const o of orders) {
    const one = new LedgerFold();
    for (const i of o) one.add([entries[i]!]);
    out.push(one);
  }
  out.push(new LedgerFold(entries));
  return out;
}
/** Every order of n entries. */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]));
}

describe('the fold on hand-worked ledgers', () => {
  it('folds a check-in and a check-out of one second from one desk in the order of their seq', () => {
    for (const [inId, outId] of [
      [LOW, HIGH],
      [HIGH, LOW],
    ] as const) {
      // In (seq 1), then out (seq 2): checked out.
      const checkIn = { ...desk, id: inId, at, seq: 1, kind: 'check-in', character: C } as LedgerEntry;
      const checkOut = { ...desk, id: outId, at, seq: 2, kind: 'check-out', character: C } as LedgerEntry;
      for (const f of foldsOf([checkIn, checkOut], permutations(2))) {
        expect(f.characters.get(C)).toMatchObject({ checkedInAt: null, checkIn: null });
        expect(ids(f.entries)).toEqual([inId, outId]);
      }
      const batched = new LedgerFold();
      batched.add([checkOut, checkIn]);
      expect(batched.characters.get(C)!.checkedInAt).toBeNull();
      // Out (seq 1), then in (seq 2): checked in.
      const inLater = { ...checkIn, seq: 2 } as LedgerEntry;
      const outEarlier = { ...checkOut, seq: 1 } as LedgerEntry;
      for (const f of foldsOf([inLater, outEarlier], permutations(2))) {
        expect(f.characters.get(C)).toMatchObject({ checkedInAt: at, checkIn: inId });
        expect(ids(f.entries)).toEqual([outId, inId]);
      }
    }
  });

  it('orders by the instant whatever the offset', () => {
    // 18:05+01:00 is 17:05Z, before 17:10Z (though "17:10…Z" sorts first as text): checked out.
    const checkIn = { ...desk, id: HIGH, at: '2026-10-02T18:05:00+01:00', kind: 'check-in', character: C } as LedgerEntry;
    const checkOut = { ...desk, id: LOW, at: '2026-10-02T17:10:00Z', kind: 'check-out', character: C } as LedgerEntry;
    for (const f of foldsOf([checkIn, checkOut], permutations(2))) expect(f.characters.get(C)!.checkedInAt).toBeNull();
  });

  it('keeps the first check-in of a stay, and starts a new stay after a check-out', () => {
    const e = [
      { ...desk, id: id(1), at: '2026-10-02T17:00:00Z', kind: 'check-in', character: C },
      { ...desk, id: id(2), at: '2026-10-02T17:01:00Z', kind: 'check-in', character: C },
      { ...desk, id: id(3), at: '2026-10-02T17:02:00Z', kind: 'check-out', character: C },
      { ...desk, id: id(4), at: '2026-10-02T17:03:00Z', kind: 'check-in', character: C },
      { ...desk, id: id(5), at: '2026-10-02T17:04:00Z', kind: 'check-in', character: C },
    ] as LedgerEntry[];
    for (const f of foldsOf(e, [[4, 3, 2, 1, 0], [2, 0, 4, 1, 3]])) {
      expect(f.characters.get(C)).toMatchObject({ checkedInAt: '2026-10-02T17:03:00Z', checkIn: id(4) });
      expect(ids(f.characters.get(C)!.entries)).toEqual([id(1), id(2), id(3), id(4), id(5)]);
    }
    for (const f of foldsOf(e.slice(0, 2), [[1, 0]])) expect(f.characters.get(C)).toMatchObject({ checkedInAt: '2026-10-02T17:00:00Z', checkIn: id(1) });
  });

  it('cancels with an undo only when the undo comes after its target and is not itself cancelled', () => {
    const checkIn = { ...desk, id: id(1), at: '2026-10-02T17:00:00Z', kind: 'check-in', character: C } as LedgerEntry;
    const u1 = { ...desk, id: id(2), at: '2026-10-02T17:01:00Z', kind: 'undo', target: id(1), character: C } as LedgerEntry;
    const u2 = { ...desk, id: id(3), at: '2026-10-02T17:02:00Z', kind: 'undo', target: id(2), character: C } as LedgerEntry;
    const u3 = { ...desk, id: id(4), at: '2026-10-02T17:03:00Z', kind: 'undo', target: id(3), character: C } as LedgerEntry;
    const every = permutations(4);
    // Undone: not in.
    for (const f of foldsOf([checkIn, u1], permutations(2))) {
      expect([...f.cancelled]).toEqual([id(1)]);
      expect(f.characters.get(C)).toMatchObject({ checkedInAt: null });
      // The undo still names the character.
      expect(ids(f.characters.get(C)!.entries)).toEqual([id(2)]);
    }
    // The undo undone: in again.
    for (const f of foldsOf([checkIn, u1, u2], permutations(3))) {
      expect([...f.cancelled]).toEqual([id(2)]);
      expect(f.characters.get(C)!.checkedInAt).toBe('2026-10-02T17:00:00Z');
    }
    // A chain of three: u3 cancels u2, so u1 counts and the check-in is cancelled.
    for (const f of foldsOf([checkIn, u1, u2, u3], every)) {
      expect([...f.cancelled].sort()).toEqual([id(1), id(3)]);
      expect(f.characters.get(C)!.checkedInAt).toBeNull();
    }
    // An undo before its target (in ledger order) cancels nothing.
    const early = { ...u1, at: '2026-10-02T16:59:00Z' } as LedgerEntry;
    for (const f of foldsOf([checkIn, early], permutations(2))) {
      expect(f.cancelled.size).toBe(0);
      expect(f.characters.get(C)!.checkedInAt).toBe('2026-10-02T17:00:00Z');
    }
    // In the same instant, from one desk: the seq decides.
    const same = { ...checkIn, at, seq: 5 } as LedgerEntry;
    for (const [seq, undone] of [
      [6, true],
      [4, false],
    ] as const) {
      for (const f of foldsOf([same, { ...u1, at, seq } as LedgerEntry], permutations(2))) expect(f.cancelled.has(id(1))).toBe(undone);
    }
    // An undo of an unknown entry cancels nothing and stays in the character's entries.
    const stray = { ...u1, target: id(99) } as LedgerEntry;
    for (const f of foldsOf([checkIn, stray], permutations(2))) {
      expect(f.cancelled.size).toBe(0);
      expect(ids(f.characters.get(C)!.entries)).toEqual([id(1), id(2)]);
    }
  });

  it('lets no undo cancel a print, and reads its cards as printed', () => {
    const p1 = { ...desk, id: id(1), at: '2026-10-02T17:00:00Z', kind: 'printed', character: C, hash: HASH, cards: [{ serial: 'CH-1', edition: '1' }, { serial: 'IT-1', edition: '1' }] } as LedgerEntry;
    const p2 = { ...desk, id: id(2), at: '2026-10-02T17:10:00Z', kind: 'printed', character: C, hash: HASH, cards: [{ serial: 'CH-1', edition: '2' }] } as LedgerEntry;
    const undo = { ...desk, id: id(3), at: '2026-10-02T17:20:00Z', kind: 'undo', target: id(2), character: C } as LedgerEntry;
    for (const f of foldsOf([p1, p2, undo], permutations(3))) {
      expect(f.cancelled.size).toBe(0);
      expect(f.characters.get(C)!.current!.id).toBe(id(2));
      expect(f.voids.map((v) => [v.label, v.why, v.replacedBy?.label])).toEqual([
        ['CH-1/1', 'replaced', 'CH-1/2'],
        ['IT-1/1', 'withdrawn', undefined],
      ]);
      expect(f.serials.get('CH-1')).toEqual({ prints: 2, current: { edition: '2', label: 'CH-1/2', at: '2026-10-02T17:10:00Z', character: C } });
      expect(f.serials.get('IT-1')).toEqual({ prints: 1, current: null });
      expect([...f.printingDesks]).toEqual([FRONT_ID]);
    }
  });

  it('voids an edition or every edition of a serial, and not when the voided entry is undone', () => {
    const p1 = { ...desk, id: id(1), at: '2026-10-02T17:00:00Z', kind: 'printed', character: C, hash: HASH, cards: [{ serial: 'CH-1', edition: '1' }, { serial: 'IT-1', edition: '1' }] } as LedgerEntry;
    const p2 = { desk: 'Side desk', id: id(2), at: '2026-10-02T17:10:00Z', kind: 'printed', character: D, hash: HASH, cards: [{ serial: 'IT-2', edition: '1-K7QM' }] } as LedgerEntry;
    const byEdition = { ...desk, id: id(3), at: '2026-10-02T17:20:00Z', kind: 'voided', cards: [{ serial: 'IT-2', edition: '1-K7QM' }], reason: 'stolen' } as LedgerEntry;
    const bySerial = { ...desk, id: id(4), at: '2026-10-02T17:30:00Z', kind: 'voided', character: C, cards: [{ serial: 'CH-1' }] } as LedgerEntry;
    const undo = { ...desk, id: id(5), at: '2026-10-02T17:40:00Z', kind: 'undo', target: id(4) } as LedgerEntry;
    for (const f of foldsOf([p1, p2, byEdition, bySerial], [[3, 2, 1, 0], [2, 0, 3, 1]])) {
      expect(f.voids.map((v) => [v.label, v.why, v.character, v.reason])).toEqual([
        ['IT-2/1-K7QM', 'voided', D, 'stolen'],
        ['CH-1/1', 'voided', C, undefined],
      ]);
      expect(f.serials.get('CH-1')!.current).toBeNull();
      expect(f.serials.get('IT-1')!.current!.label).toBe('IT-1/1');
      expect(f.serials.get('IT-2')!.current).toBeNull();
      expect([...f.printingDesks].sort()).toEqual(['Side desk', FRONT_ID].sort());
      expect(f.printedByLabel.get('IT-2/1-K7QM')).toMatchObject({ character: D, print: { id: id(2) } });
    }
    for (const f of foldsOf([p1, p2, byEdition, bySerial, undo], [[4, 3, 2, 1, 0], [0, 1, 2, 3, 4], [3, 4, 0, 2, 1]])) {
      expect(f.voids.map((v) => v.label)).toEqual(['IT-2/1-K7QM']);
      expect(f.serials.get('CH-1')!.current!.label).toBe('CH-1/1');
    }
  });
});
