// A page's content stream written straight into bytes. A 1,000-character print has some 12 MB of
// page content (a QR code alone is ~350 `re` operators); building it as strings, joining them and
// encoding the result took longer than compressing it. Content is plain ASCII: operators, numbers
// and glyph ids in hex.

export class ContentBytes {
  private buf = new Uint8Array(1 << 16);
  /** The same memory, for writing four bytes at once. */
  private view = new DataView(this.buf.buffer);
  private n = 0;

  /** Starts a new stream, reusing the memory (the previous bytes must no longer be needed). */
  reset(): void {
    this.n = 0;
  }

  get length(): number {
    return this.n;
  }

  /** The bytes so far: a view of the writer's memory, valid until the next reset. */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.n);
  }

  private room(k: number): void {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** ASCII text as it is. */
  str(s: string): this {
    this.room(s.length);
    const buf = this.buf;
    let n = this.n;
    for (let i = 0; i < s.length; i++) buf[n++] = s.charCodeAt(i);
    this.n = n;
    return this;
  }

  /**
   * "\n1 0 0 1 <x> <y> Tm <hex> Tj": a text operation's line, with one check for room; the hex is
   * the first `length` bytes of `hex` (ASCII digits).
   */
  textAt(x: number, y: number, hex: Uint8Array, length: number): this {
    this.room(length + 48);
    this.textStart(x, y);
    this.room(length + 9);
    const buf = this.buf;
    let n = hexStart(buf, this.n);
    for (let i = 0; i < length; i++) buf[n++] = hex[i]!;
    this.n = textEnd(buf, n);
    return this;
  }

  /**
   * The same line for text whose glyphs are all known: each UTF-16 unit's four hex digits packed in
   * `codes` (first digit in the top byte) are written into the stream as one 32-bit word. Returns
   * false, having written nothing, when a unit has no code yet (0) or is a surrogate (a pair is one
   * glyph for two units): then the caller encodes the text and writes it with textAt.
   */
  textCodes(x: number, y: number, s: string, codes: Int32Array): boolean {
    const len = s.length;
    this.room(4 * len + 48);
    const start = this.n;
    this.textStart(x, y);
    this.room(4 * len + 9);
    const buf = this.buf;
    const view = this.view;
    let n = hexStart(buf, this.n);
    for (let i = 0; i < len; i++) {
      const c = s.charCodeAt(i);
      const v = codes[c]!;
      if (v === 0 || (c >= 0xd800 && c <= 0xdfff)) {
        this.n = start;
        return false;
      }
      view.setInt32(n, v);
      n += 4;
    }
    this.n = textEnd(buf, n);
    return true;
  }

  /** "\n1 0 0 1 <x> <y>" (room for it already made). */
  private textStart(x: number, y: number): void {
    const buf = this.buf;
    const n = this.n;
    buf[n] = 0x0a;
    buf[n + 1] = 0x31; // 1 0 0 1
    buf[n + 2] = 0x20;
    buf[n + 3] = 0x30;
    buf[n + 4] = 0x20;
    buf[n + 5] = 0x30;
    buf[n + 6] = 0x20;
    buf[n + 7] = 0x31;
    buf[n + 8] = 0x20;
    this.n = n + 9;
    // num() finds room in what was set aside; only a number too large for it (never a coordinate
    // on a page) could move the memory, which callers allow for by asking for room again.
    this.num(x);
    this.buf[this.n++] = 0x20;
    this.num(y);
  }

  byte(b: number): this {
    this.room(1);
    this.buf[this.n++] = b;
    return this;
  }

  /** A whole number in decimal, as String() writes it (|k| < 2^31). */
  int(k: number): this {
    this.room(12);
    const buf = this.buf;
    if (k < 0) {
      buf[this.n++] = 0x2d;
      k = -k;
    }
    if (k < 10) {
      buf[this.n++] = 0x30 + k;
      return this;
    }
    let digits = 0;
    for (let t = k; t > 0; t = (t / 10) | 0) digits++;
    let at = this.n + digits;
    this.n = at;
    while (k > 0) {
      const q = (k / 10) | 0;
      buf[--at] = 0x30 + (k - q * 10);
      k = q;
    }
    return this;
  }

  /**
   * Rows of filled unit squares, "\n<x> <y> <w> 1 re" for each [x, y, w] in `runs` (whole numbers
   * from 0 to 999, as a QR code's are; others are written by int()). One tight loop: a QR code is
   * some 350 of these lines, and a large print has a thousand codes.
   */
  unitRuns(runs: ArrayLike<number>): this {
    // At most 17 bytes a line ("\n999 999 999 1 re"): 6 a number in `runs` is room enough.
    this.room(runs.length * 6 + 16);
    let buf = this.buf;
    let n = this.n;
    for (let i = 0; i + 2 < runs.length; i += 3) {
      const x = runs[i]!;
      const y = runs[i + 1]!;
      const w = runs[i + 2]!;
      if (!(isSmall(x) && isSmall(y) && isSmall(w))) {
        this.n = n;
        this.byte(0x0a).int(x).byte(0x20).int(y).byte(0x20).int(w).str(' 1 re');
        this.room((runs.length - i) * 6 + 16);
        buf = this.buf;
        n = this.n;
        continue;
      }
      buf[n++] = 0x0a;
      n = small(buf, n, x);
      buf[n++] = 0x20;
      n = small(buf, n, y);
      buf[n++] = 0x20;
      n = small(buf, n, w);
      buf[n++] = 0x20;
      buf[n++] = 0x31;
      buf[n++] = 0x20;
      buf[n++] = 0x72;
      buf[n++] = 0x65;
    }
    this.n = n;
    return this;
  }

  /**
   * A number at most 2 decimals long, exactly as String(Math.round(v * 100) / 100) writes it (never
   * in exponent form, "0" for zero): the hundredths, in whole numbers.
   */
  num(v: number): this {
    const k = Math.round(v * 100);
    if (k === 0) return this.byte(0x30);
    if (Math.abs(k) >= 2 ** 31 || !Number.isFinite(k)) return this.str(String(k / 100));
    // At most 14 bytes ("-2147483.64"): with room for 16, int() below never moves the memory.
    this.room(16);
    const buf = this.buf;
    let n = this.n;
    let a = k;
    if (a < 0) {
      buf[n++] = 0x2d;
      a = -a;
    }
    const whole = (a / 100) | 0;
    const frac = a - whole * 100;
    // The whole part's digits, most significant first.
    if (whole < 10) buf[n++] = 0x30 + whole;
    else if (whole < 100) {
      const t = (whole / 10) | 0;
      buf[n++] = 0x30 + t;
      buf[n++] = 0x30 + (whole - t * 10);
    } else if (whole < 1000) {
      const h = (whole / 100) | 0;
      const t = ((whole - h * 100) / 10) | 0;
      buf[n++] = 0x30 + h;
      buf[n++] = 0x30 + t;
      buf[n++] = 0x30 + (whole - h * 100 - t * 10);
    } else {
      this.n = n;
      this.int(whole);
      n = this.n;
    }
    if (frac !== 0) {
      buf[n++] = 0x2e;
      const d1 = (frac / 10) | 0;
      buf[n++] = 0x30 + d1;
      const d2 = frac - d1 * 10;
      if (d2 !== 0) buf[n++] = 0x30 + d2;
    }
    this.n = n;
    return this;
  }
}

/** " Tm <" at buf[n] (the end of a text matrix, the start of a hex string); returns the position after it. */
function hexStart(buf: Uint8Array, n: number): number {
  buf[n] = 0x20;
  buf[n + 1] = 0x54;
  buf[n + 2] = 0x6d;
  buf[n + 3] = 0x20;
  buf[n + 4] = 0x3c;
  return n + 5;
}

/** "> Tj" at buf[n]; returns the position after it. */
function textEnd(buf: Uint8Array, n: number): number {
  buf[n] = 0x3e;
  buf[n + 1] = 0x20;
  buf[n + 2] = 0x54;
  buf[n + 3] = 0x6a;
  return n + 4;
}

const isSmall = (k: number) => k >= 0 && k < 1000 && (k | 0) === k;

/** A whole number 0..999 in decimal at buf[n]; returns the position after it. */
function small(buf: Uint8Array, n: number, k: number): number {
  if (k >= 100) {
    const h = (k / 100) | 0;
    const t = ((k - h * 100) / 10) | 0;
    buf[n] = 0x30 + h;
    buf[n + 1] = 0x30 + t;
    buf[n + 2] = 0x30 + (k - h * 100 - t * 10);
    return n + 3;
  }
  if (k >= 10) {
    const t = (k / 10) | 0;
    buf[n] = 0x30 + t;
    buf[n + 1] = 0x30 + (k - t * 10);
    return n + 2;
  }
  buf[n] = 0x30 + k;
  return n + 1;
}
