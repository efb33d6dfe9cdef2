// Copies of the Emberfall example pack with one change each, for the rules-change preview's tests.
// Each is validated as a pack is when it is read, so a change the format refuses fails here.
import emberfallJson from '../examples/emberfall.pack.json';
import type { GamePack } from '../schema';
import { validatePack } from '../validate';

// Loose on purpose: the tests change fields deep in the JSON before the validator types them.
type Json = { [key: string]: any };

function skill(pack: Json, id: string): Json {
  const found = (pack.skills as Json[]).find((s) => s.id === id);
  if (!found) throw new Error(`Emberfall has no skill ${id}`);
  return found;
}

/** The changes, each on a copy of Emberfall 1.0.0 made 1.1.0. */
export const EMBERFALL_CHANGES = {
  /** Toughness costs four times its level, not three. */
  costRise: (p: Json) => void (skill(p, 'toughness').cost = { formula: 'level * 4' }),
  /** Shield leaves the catalogue. */
  removeShield: (p: Json) => void (p.skills = (p.skills as Json[]).filter((s) => s.id !== 'shield')),
  /** Swordplay has two levels, not three. */
  swordplayMax2: (p: Json) => {
    const s = skill(p, 'swordplay');
    s.maxLevel = { value: 2, quote: 'Swordplay has two levels, costing 2 and 3 points.', source: 'emberfall.rules.md § Learning' };
    s.cost = { perLevel: [2, 3] };
  },
  /** Swordplay is called Blade Work. */
  renameSwordplay: (p: Json) => void (skill(p, 'swordplay').names = { en: 'Blade Work', bg: 'Фехтовка' }),
  /** The torso takes 4 hits. */
  torso4: (p: Json) => void (p.body.hits.torso = { value: 4, quote: 'The torso takes 4 hits.', source: 'emberfall.rules.md § The Body' }),
} satisfies Record<string, (pack: Json) => void>;

/** Emberfall as JSON, with `id` (character files name one of the four built-in games) and the change. */
export function emberfallJsonVariant(change?: (pack: Json) => void, id = 'emberfall'): Json {
  const pack = structuredClone(emberfallJson) as Json;
  pack.id = id;
  if (change) {
    change(pack);
    pack.version = '1.1.0';
  }
  return pack;
}

export function emberfallVariant(change?: (pack: Json) => void, id = 'emberfall'): GamePack {
  const checked = validatePack(emberfallJsonVariant(change, id));
  if (!checked.ok) throw new Error(`the Emberfall variant is not a valid pack: ${JSON.stringify(checked.problems)}`);
  return checked.pack;
}
