// The canonical JSON of core/format/hash.ts `canonicalJson`, written straight into UTF-8 bytes for
// hashing. The desk hashes every printed character on each report (2,000 to 20,000 files); building
// the text meant a sorted copy of each object, the string itself, then its UTF-8 bytes inside the
// hash: about a fifth of everything a desk report allocated (bench/desk.bench.mjs, 2,000
// characters: 9 of 51 MB), paid again in garbage collection. Here the bytes go into one buffer
// that is reused. The text is the same, byte for byte (core/format/canonical-bytes.test.ts).

const SMALL = 1 << 16;
/** Past this, the buffer is dropped at the next call: one large value does not keep its memory. */
const LARGE = 1 << 20;
let buf = new Uint8Array(SMALL);
let pos = 0;
const encoder = new TextEncoder();

/**
 * The UTF-8 bytes of `canonicalJson(value)`. The array is a view of a buffer that the next call
 * overwrites: hash it (or copy it) before calling again. Not reentrant: a getter of the value that
 * itself called canonicalBytes would overwrite the bytes being written (parsed JSON has no getters;
 * `canonicalJson` has no such limit).
 */
export function canonicalBytes(value: unknown): Uint8Array {
  if (buf.length > LARGE) buf = new Uint8Array(SMALL);
  pos = 0;
  plainKeysSafe = noEnumerableKeys(Object.prototype);
  write(value);
  return buf.subarray(0, pos);
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
 * An object's keys sorted as `canonicalJson` sorts them (Object.keys, then the default sort), each
 * with its bytes (`"key":`), remembered by the keys in their own order (a tree of the key sequences
 * seen): the files of one event repeat a few dozen shapes, and a lookup per key costs less than a
 * sort and the quoting.
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

/** hash.ts `write`, the definition, into bytes. */
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
