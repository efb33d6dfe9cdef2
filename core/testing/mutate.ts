// Deterministic mutations of JSON files for the fuzz tests (test support, not shipped).
import { parseGuardedJson } from '../format/json-guard';

/** A small seeded PRNG (mulberry32), so every fuzz run is repeatable. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  0.5,
  '',
  'x'.repeat(100_000),
  [],
  Array.from({ length: 10_000 }, (_, i) => i),
  {},
  { __proto__: { polluted: true } },
  '../../../etc/passwd',
  '\u0000\uFFFF\uD800',
  'Бойна магия',
];

type Json = unknown;

function paths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: unknown): Json {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cur = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  Object.defineProperty(cur, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** One mutated file (bytes) derived from a valid JSON document. */
export function mutate(valid: Json, rand: () => number): Uint8Array {
  const text = JSON.stringify(valid, null, 2);
  const bytes = new TextEncoder().encode(text);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  switch (Math.floor(rand() * 9)) {
    case 0: {
      // byte flips
      const out = bytes.slice();
      const n = 1 + Math.floor(rand() * 8);
      for (let i = 0; i < n; i++) out[Math.floor(rand() * out.length)] = Math.floor(rand() * 256);
      return out;
    }
    case 1:
      // truncation
      return bytes.slice(0, Math.floor(rand() * bytes.length));
    case 2: {
      // a field replaced by a value of another type or a hostile value
      const p = pick(paths(valid).filter((x) => x.length > 0));
      return enc(JSON.stringify(setAt(valid, p, pick(HOSTILE_VALUES))));
    }
    case 3: {
      // deep nesting at a random place
      const depth = 10 + Math.floor(rand() * 5000);
      const p = pick(paths(valid).filter((x) => x.length > 0));
      const marker = '"__DEEP__"';
      const withMarker = JSON.stringify(setAt(valid, p, '__DEEP__'));
      return enc(withMarker.replace(marker, `${'['.repeat(depth)}1${']'.repeat(depth)}`));
    }
    case 4: {
      // __proto__ / constructor / prototype keys injected into an object
      const objs = paths(valid).filter((x) => {
        let cur: unknown = valid;
        for (const k of x) cur = (cur as Record<string | number, unknown>)[k];
        return cur !== null && typeof cur === 'object' && !Array.isArray(cur);
      });
      const p = pick(objs);
      const key = pick(['__proto__', 'constructor', 'prototype']);
      const s = JSON.stringify(setAt(valid, [...p, '__INJECT__'], { polluted: true, toString: 'boom' }));
      return enc(s.replace('"__INJECT__"', JSON.stringify(key)));
    }
    case 5: {
      // invalid UTF-8 inserted
      const out = new Uint8Array(bytes.length + 2);
      const at = Math.floor(rand() * bytes.length);
      out.set(bytes.subarray(0, at));
      out.set([0xc3, 0x28], at);
      out.set(bytes.subarray(at), at + 2);
      return out;
    }
    case 6: {
      // a huge array somewhere
      const p = pick(paths(valid).filter((x) => x.length > 0));
      return enc(JSON.stringify(setAt(valid, p, Array.from({ length: 5_000 }, () => ({ name: 'x' })))));
    }
    case 7:
      // a valid document of the wrong shape
      return enc(JSON.stringify(pick([[], 'text', 42, null, { format: 'quartermaster-character' }, { ...(valid as object), version: 99 }])));
    default: {
      // several field swaps at once
      let doc = valid;
      for (let i = 0; i < 3; i++) doc = setAt(doc, pick(paths(doc).filter((x) => x.length > 0 && x.length < 4)), pick(HOSTILE_VALUES));
      return enc(JSON.stringify(doc));
    }
  }
}

const enc = (s: string) => new TextEncoder().encode(s);

/**
 * `count` seeded mutations of the examples, each read through the file guards: the values they let
 * through (no nesting deeper than the limit, no `__proto__` key), which is all that is ever hashed.
 */
export function guardedMutations(examples: readonly Json[], seed: number, count: number): unknown[] {
  const rand = prng(seed);
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const parsed = parseGuardedJson(mutate(examples[i % examples.length]!, rand));
    if (parsed.ok) out.push(parsed.value);
  }
  return out;
}
