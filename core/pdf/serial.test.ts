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

describe('item serials follow the item, not its place', () => {
  it('removing or adding an item above another keeps the other card serial; its own id gives its own serial', async () => {
    const { sampleCharacter } = await import('./sample-characters');
    const { cardContext, cardsFor } = await import('./cards/index');
    const { derive } = await import('../rulesets/index');
    const { FontMetrics } = await import('./fonts');
    const { readFileSync } = await import('node:fs');
    const font = (f: string) => new Uint8Array(readFileSync(new URL(`../../assets/fonts/${f}`, import.meta.url)));
    const metrics = new FontMetrics({ regular: font('DejaVuSans.ttf'), bold: font('DejaVuSans-Bold.ttf') });
    const base = sampleCharacter('curious-pastimes', 1);
    const potion = { id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a01', name: 'Potion', kind: 'potion', text: 'Heals.' };
    const ring = { id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a02', name: 'Ring', kind: 'magic item', text: 'Glows.' };
    const serialsOf = (items: (typeof potion)[]) => {
      const c = { ...base, items };
      const cards = cardsFor(cardContext(c, derive(c), metrics, '2026-10-02'), ['items']);
      return new Map(items.map((item, i) => [item.name, cards[i]!.serial]));
    };
    const both = serialsOf([potion, ring]);
    const ringOnly = serialsOf([ring]);
    expect(ringOnly.get('Ring')).toBe(both.get('Ring'));
    expect(both.get('Ring')).toBe(serialFor(base.id, 'item', ring.id));
    expect(serialsOf([ring, potion]).get('Potion')).toBe(both.get('Potion'));
    expect(both.get('Ring')).not.toBe(both.get('Potion'));
  });
});
