// Canonical JSON: JSON with every object's keys sorted (Object.keys, then the default sort), so the
// same content always gives the same text and the same content hash. Written straight into UTF-8
// bytes, which is what a hash takes: a desk report hashes every printed character (2,000 to 20,000
// files), and building a sorted copy of each object, then its text, then the text's bytes was about
// a fifth of everything a report allocated (bench/desk.bench.mjs, 2,000 characters: 9 of 51 MB),
// paid again in garbage collection. core/format/hash.ts `canonicalJson` is the text of these bytes.
// What JSON has no place for is written as JSON.stringify writes it on its own (undefined, a
// function or a symbol as null; a bigint throws), an object's undefined fields are left out, and
// no toJSON is called (a Date is {}). core/testing/plain-canonical.ts holds the plain definition
// the tests compare with.

const SMALL = 1 << 16;
/** Past this, the buffer is dropped at the next call: one large value does not keep its memory. */
const LARGE = 1 << 20;
let buf = new Uint8Array(SMALL);
let pos = 0;
const encoder = new TextEncoder();

/**
 * The canonical JSON of a value as UTF-8 bytes. The array is a view of a buffer that the next call
 * overwrites: hash it (or copy or decode it) before calling again.
 */
export function canonicalBytes(value: unknown): Uint8Array {
  // A call from inside a call (a getter of the value that asks for canonical JSON itself) writes
  // into a buffer of its own, and the outer call goes on where it was.
  if (writing) return nestedBytes(value);
  if (buf.length > LARGE) buf = new Uint8Array(SMALL);
  pos = 0;
  plainKeysSafe = noEnumerableKeys(Object.prototype);
  writing = true;
  try {
    write(value);
  } finally {
    writing = false;
  }
  return buf.subarray(0, pos);
}

let writing = false;

function nestedBytes(value: unknown): Uint8Array {
  const outer = buf;
  const outerPos = pos;
  buf = new Uint8Array(SMALL);
  pos = 0;
  try {
    write(value);
    return buf.subarray(0, pos);
  } finally {
    buf = outer;
    pos = outerPos;
  }
}

function room(n: number): void {
  if (pos + n <= buf.length) return;
  let size = buf.length * 2;
  while (size < pos + n) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(buf.subarray(0, pos));
  buf = grown;
}

function byte(b: number): void {
  if (pos === buf.length) room(1);
  buf[pos++] = b;
}

/** Text that is ASCII (a number, a literal, or already escaped JSON). */
function ascii(s: string): void {
  const n = s.length;
  room(n);
  for (let i = 0; i < n; i++) buf[pos++] = s.charCodeAt(i);
}

/** Any text, as UTF-8 (at most 3 bytes per UTF-16 unit). */
function utf8(s: string): void {
  room(s.length * 3);
  pos += encoder.encodeInto(s, buf.subarray(pos)).written;
}

/** A string as JSON.stringify writes it: printable ASCII without `"` or `\` is copied as it is. */
function string(s: string): void {
  const n = s.length;
  room(n + 2);
  const start = pos;
  buf[pos++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      pos = start;
      utf8(JSON.stringify(s));
      return;
    }
    buf[pos++] = c;
  }
  buf[pos++] = 0x22;
}

/**
 * An object's keys sorted (Object.keys, then the default sort), each with its bytes (`"key":`),
 * remembered by the keys in their own order (a tree of the key sequences seen): the files of one
 * event repeat a few dozen shapes, and a lookup per key costs less than a sort and the quoting.
 */
type KeyOrder = { keys: string[]; bytes: Uint8Array[] };
type KeyNode = { next: Map<string, KeyNode>; order?: KeyOrder };
const KEY_ORDERS: KeyNode = { next: new Map() };
let keyNodes = 0;
const MAX_KEY_NODES = 20_000;

function orderOf(own: string[]): KeyOrder {
  const keys = own.sort();
  return { keys, bytes: keys.map((k) => encoder.encode(`${JSON.stringify(k)}:`)) };
}

/** The node of a key sequence, or undefined once the tree is full and the sequence is new. */
function step(node: KeyNode | undefined, k: string): KeyNode | undefined {
  if (node === undefined) return undefined;
  let next = node.next.get(k);
  if (next === undefined && keyNodes < MAX_KEY_NODES) {
    next = { next: new Map() };
    node.next.set(k, next);
    keyNodes++;
  }
  return next;
}

/**
 * An object's sorted keys, found by its own keys in Object.keys order. A plain object's keys are
 * walked with for-in, which makes no array (a sixth of what hashing allocated): for an object whose
 * prototype is Object.prototype it gives exactly Object.keys as long as Object.prototype has no
 * enumerable key (`plainKeysSafe`, checked on each call of canonicalBytes).
 */
function sortedKeys(obj: object): KeyOrder {
  let node: KeyNode | undefined = KEY_ORDERS;
  if (plainKeysSafe && Object.getPrototypeOf(obj) === Object.prototype) {
    for (const k in obj) node = step(node, k);
    if (node?.order) return node.order;
    const order = orderOf(Object.keys(obj));
    if (node) node.order = order;
    return order;
  }
  const own = Object.keys(obj);
  for (let i = 0; i < own.length; i++) node = step(node, own[i]!);
  if (node?.order) return node.order;
  const order = orderOf(own);
  if (node) node.order = order;
  return order;
}

let plainKeysSafe = true;

function noEnumerableKeys(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

function write(value: unknown): void {
  switch (typeof value) {
    case 'string':
      string(value);
      return;
    case 'number':
      ascii(Number.isFinite(value) ? String(value) : 'null');
      return;
    case 'boolean':
      ascii(value ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      // undefined, functions, symbols: as JSON.stringify(value) ?? 'null' (a bigint throws there too).
      ascii(JSON.stringify(value) ?? 'null');
      return;
  }
  if (value === null) {
    ascii('null');
    return;
  }
  if (Array.isArray(value)) {
    byte(0x5b);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) byte(0x2c);
      write(value[i]);
    }
    byte(0x5d);
    return;
  }
  const obj = value as Record<string, unknown>;
  const { keys, bytes } = sortedKeys(obj);
  byte(0x7b);
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const v = obj[keys[i]!];
    if (v === undefined) continue;
    const kb = bytes[i]!;
    const n = kb.length;
    room(n + 1);
    if (!first) buf[pos++] = 0x2c;
    // A key is a few bytes: copied here, it costs less than a call of set.
    for (let j = 0; j < n; j++) buf[pos++] = kb[j]!;
    first = false;
    write(v);
  }
  byte(0x7d);
}
