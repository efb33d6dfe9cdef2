// The built-in packs against their rule texts: every quote appears, word for word, in the rule text
// its source names (whitespace normalised), and every number is one the texts give.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../rulesets';
import { BUILTIN_PACKS } from '.';
import { quotesOf } from '../testing/quotes';
import { validatePack } from '../validate';

const RULES = '/work/shared/rules/';
const normal = (s: string) => s.replace(/\s+/g, ' ').trim();
const texts = new Map<string, string>();
function ruleText(file: string): string {
  let text = texts.get(file);
  if (text === undefined) {
    text = normal(readFileSync(`${RULES}${file}`, 'utf8'));
    texts.set(file, text);
  }
  return text;
}

describe('the built-in game packs', () => {
  for (const [game, pack] of Object.entries(BUILTIN_PACKS)) {
    describe(game, () => {
      it('is the pack of the engine it names, with its id', () => {
        expect(pack.id).toBe(game);
        expect(pack.engine).toBe(game);
        expect(pack.source.file).toMatch(/^\d{3}_[0-9a-f]{16}\.txt$/);
      });
      const quotes = quotesOf(pack);
      it('quotes something for every number it holds', () => {
        expect(quotes.length).toBeGreaterThan(3);
      });
      for (const q of quotes) {
        it(`${q.path}: the quote is in ${q.source.split(' § ')[0]}`, () => {
          if (/^https:\/\//.test(q.source)) {
            // Published pages are cited by address (they are not held here): only the address is checked.
            expect(q.source).toMatch(/^https:\/\/wiki\.curiouspastimes\.co\.uk\/index\.php\?/);
            return;
          }
          const file = q.source.split(' § ')[0]!;
          expect(file).toBe(pack.source.file);
          expect(ruleText(file)).toContain(normal(q.quote));
        });
      }
      it("holds the ruleset's skill catalogue and locations", () => {
        const ruleset = RULESETS[game as keyof typeof RULESETS];
        expect(ruleset.skills.map((s) => s.id)).toEqual(pack.skills.map((s) => s.id));
        expect([...ruleset.locations]).toEqual(pack.body.locations.value);
      });
    });
  }

  it('says where costs and advancement are not published, and why', () => {
    for (const pack of Object.values(BUILTIN_PACKS)) {
      expect(pack.costs.published).toBe(false);
      if (!pack.costs.published) expect(pack.costs.reason.length).toBeGreaterThan(20);
    }
    expect(BUILTIN_PACKS.novitas.advancement.published).toBe(false);
    expect(BUILTIN_PACKS['bg-magic'].advancement.published).toBe(false);
  });

  it("gives Curious Pastimes' published advancement: 20 to start, 5 then 1 three times a year, 8 a year, 100 in all", () => {
    const a = BUILTIN_PACKS['curious-pastimes'].advancement;
    if (!a.published) throw new Error('Curious Pastimes publishes its advancement');
    expect(a.startingPoints.value).toBe(20);
    expect(a.awards.map((w) => [w.id, w.points.value, w.times?.value ?? 1])).toEqual([
      ['first-main-event', 5, 1],
      ['next-main-events', 1, 3],
    ]);
    // 5 + 1 x 3 = 8: the awards of a year reach the yearly cap exactly.
    expect(a.caps?.['per-year']?.value).toBe(5 + 1 * 3);
    expect(a.caps?.total?.value).toBe(100);
    expect(a.death.startingPointsLost?.value).toBe(1);
    expect(a.death.unspentPointsLost?.value).toBe(true);
  });
});

describe('the built-in packs under the full validator (shape, references and expressions), unchanged by it', () => {
  for (const [game, pack] of Object.entries(BUILTIN_PACKS)) {
    it(game, () => {
      const result = validatePack(pack);
      expect(result.ok ? [] : result.problems).toEqual([]);
      // Used as imported: parsing must change nothing (no text trimmed, no default filled in).
      if (result.ok) expect(result.pack).toEqual(pack);
    });
  }
});
