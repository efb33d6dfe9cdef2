// Card serial numbers: deterministic from character id + card type + index.
import { describe, expect, it } from 'vitest';
import { SERIAL_PREFIX, serialFor } from './serial';

const id = '946ec3ed-7e4c-46e1-a2c8-a1d21ea26caf';

describe('serial numbers', () => {
  it('are the type prefix and ten Crockford base-32 digits', () => {
    for (const type of Object.keys(SERIAL_PREFIX) as (keyof typeof SERIAL_PREFIX)[]) {
      expect(serialFor(id, type, 0)).toMatch(new RegExp(`^${SERIAL_PREFIX[type]}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$`));
    }
  });

  it('are the same every time, and for the id in any letter case', () => {
    expect(serialFor(id, 'item', 3)).toBe(serialFor(id, 'item', 3));
    expect(serialFor(id.toUpperCase(), 'item', 3)).toBe(serialFor(id, 'item', 3));
  });

  it('differ between characters, card types and indexes', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(serialFor(id, 'spell', i));
    expect(seen.size).toBe(5000);
    expect(serialFor(id, 'spell', 0).slice(3)).not.toBe(serialFor(id, 'item', 0).slice(3));
    expect(serialFor(id, 'spell', 0)).not.toBe(serialFor('946ec3ed-7e4c-46e1-a2c8-a1d21ea26cb0', 'spell', 0));
  });
});
