// A page's content stream written straight into bytes. A 1,000-character print has some 12 MB of
// page content (a QR code alone is ~350 `re` operators); building it as strings, joining them and
// encoding the result took longer than compressing it. Content is plain ASCII: operators, numbers
// and glyph ids in hex.

export class ContentBytes {
  private buf = new Uint8Array(1 << 16);
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
   * A number at most 2 decimals long, exactly as String(Math.round(v * 100) / 100) writes it (never
   * in exponent form, "0" for zero): the hundredths, in whole numbers.
   */
  num(v: number): this {
    const k = Math.round(v * 100);
    if (k === 0) return this.byte(0x30);
    if (Math.abs(k) >= 2 ** 31 || !Number.isFinite(k)) return this.str(String(k / 100));
    const neg = k < 0;
    const a = neg ? -k : k;
    const whole = (a / 100) | 0;
    const frac = a - whole * 100;
    if (neg) this.byte(0x2d);
    this.int(whole);
    if (frac === 0) return this;
    this.byte(0x2e);
    if (frac % 10 === 0) return this.byte(0x30 + frac / 10);
    return this.byte(0x30 + ((frac / 10) | 0)).byte(0x30 + (frac % 10));
  }
}
