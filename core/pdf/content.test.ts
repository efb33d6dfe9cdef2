// Page content as bytes: numbers written as the PDF writer always wrote them.
import { describe, expect, it } from 'vitest';
import { ContentBytes } from './content';

const text = (w: ContentBytes) => Buffer.from(w.bytes()).toString('latin1');

describe('content bytes', () => {
  it('writes numbers to at most 2 decimals, as String(Math.round(v * 100) / 100), never in exponent form', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0.001, '0'],
      [0.004999, '0'],
      [0.005, '0.01'],
      [1.5, '1.5'],
      [12.25, '12.25'],
      [12.205, '12.21'],
      [-3.5, '-3.5'],
      [-0.07, '-0.07'],
      [841.8897637795275, '841.89'],
      [100, '100'],
      [2e-7, '0'],
      [123456.789, '123456.79'],
    ];
    for (const [v, want] of cases) {
      const w = new ContentBytes();
      w.num(v);
      expect(text(w), String(v)).toBe(want);
    }
    // And over a spread of values, against the string formula itself.
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const v = (seed / 2 ** 32 - 0.5) * 2000 * (i % 7 === 0 ? 0.001 : 1);
      const w = new ContentBytes();
      w.num(v);
      const r = Math.round(v * 100) / 100;
      expect(text(w)).toBe(r === 0 ? '0' : String(r));
    }
  });

  it('writes whole numbers and text, and grows past its first block', () => {
    const w = new ContentBytes();
    w.int(0).byte(0x20).int(7).byte(0x20).int(-42).byte(0x20).int(1234567890);
    expect(text(w)).toBe('0 7 -42 1234567890');
    w.reset();
    for (let i = 0; i < 20000; i++) w.int(i).str(' 1 re\n');
    const out = text(w);
    expect(out.startsWith('0 1 re\n1 1 re\n')).toBe(true);
    expect(out.endsWith('19999 1 re\n')).toBe(true);
    expect(out.split('\n')).toHaveLength(20001);
  });

  it('writes rows of unit squares as int() would, numbers over 999 included, past its first block', () => {
    const runs: number[] = [];
    for (let i = 0; i < 30000; i++) runs.push(i % 1000, (i * 7) % 1000, 1 + (i % 9));
    runs.push(1000, 5, 12345, 0, 0, 0, 3, 4, 999);
    const w = new ContentBytes();
    w.str('q').unitRuns(runs).str('\nf');
    const lines: string[] = [];
    for (let i = 0; i < runs.length; i += 3) lines.push(`${runs[i]} ${runs[i + 1]} ${runs[i + 2]} 1 re`);
    expect(text(w)).toBe(`q\n${lines.join('\n')}\nf`);
  });

  it('writes a text line as "1 0 0 1 x y Tm <hex> Tj", past its first block and for numbers num() writes long', () => {
    const w = new ContentBytes();
    const want: string[] = [];
    const fmt = (v: number) => {
      const r = Math.round(v * 100) / 100;
      return r === 0 ? '0' : String(r);
    };
    for (let i = 0; i < 3000; i++) {
      const x = i * 0.731 - 40;
      const y = 841.8897637795275 - i * 0.37;
      const hex = '00A1'.repeat(i % 40);
      w.textAt(x, y, hex);
      want.push(`\n1 0 0 1 ${fmt(x)} ${fmt(y)} Tm <${hex}> Tj`);
    }
    // Coordinates far off any page: num() writes them through String(), longer than it reserves.
    w.textAt(3e12, -5e20, 'FFFF');
    want.push(`\n1 0 0 1 ${fmt(3e12)} ${fmt(-5e20)} Tm <FFFF> Tj`);
    expect(text(w)).toBe(want.join(''));
  });
});
