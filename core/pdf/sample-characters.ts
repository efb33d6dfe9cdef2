// Made-up characters of every game, for print previews, the print tests and the benchmark.
// Deterministic: sample n is always the same character.
import { characterSchema, type Character } from '../model/character';
import type { RulesetId } from '../model/ids';

export function sampleId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

const LATIN = ['Aldric', 'Brannoc', 'Elowen', 'Maren', 'Tobin', 'Isolde', 'Corin', 'Wren'];
const CYRILLIC = ['Васил', 'Борислав', 'Радослава', 'Цветан', 'Живка', 'Любомир'];
const PLAYERS = ['Alex', 'Dana', 'Priya', 'Sam', 'Георги', 'Иван', 'Мария', 'Lee'];

/** Sample n of a game: names, armour, items and game choices that give every card type something to show. */
export function sampleCharacter(ruleset: RulesetId, n: number): Character {
  const names = ruleset === 'bg-magic' ? CYRILLIC : LATIN;
  const base = {
    format: 'quartermaster-character',
    version: 1,
    id: sampleId(n),
    ruleset,
    name: `${names[n % names.length]} ${n}`,
    player: PLAYERS[n % PLAYERS.length],
  };
  switch (ruleset) {
    case 'fortunes-landing':
      return characterSchema.parse({
        ...base,
        skills: [{ id: 'healing-ways' }, { id: 'strikes', level: 2 }],
        armour: [
          { name: 'Breastplate', type: 'plate', locations: ['torso'] },
          { name: 'Leather greaves', type: 'heavy-leather', locations: ['left-leg', 'right-leg'] },
        ],
        items: n % 2 === 0 ? [{ name: 'Potion of Cure Light Wounds', kind: 'potion', text: 'Heals any one limb Wound at once.', expires: 'End of season', game: "Fortune's Landing" }] : [],
        fortunesLanding: { armourAreas: ['torso', 'left-leg', 'right-leg'] },
      });
    case 'curious-pastimes':
      return characterSchema.parse({
        ...base,
        skills: [{ id: 'body-development' }, { id: 'wear-heavy-armour' }],
        armour: [
          { name: 'Studded leather jerkin', type: 'medium', locations: ['torso', 'left-arm', 'right-arm'] },
          { name: 'Great helm', type: 'heavy', locations: ['head'], helmet: true },
        ],
        items: [{ name: 'Vial of Nightshade', kind: 'poison', text: 'Target loses one hit from the torso.', game: 'Curious Pastimes', expires: 'End of event' }],
        curiousPastimes: {
          spellCards: [
            { sphere: 'Corporeal', rank: 1, day: 'Saturday', count: 2 },
            { sphere: 'Corporeal', rank: 2, day: 'Sunday', count: 1 },
          ],
        },
      });
    case 'novitas':
      return characterSchema.parse({
        ...base,
        skills: [{ id: 'power-points', level: 12 }, { id: 'first-aid' }],
        novitas: {
          sources: [
            { name: 'Ring of Focus', points: 8, breaksCap: false },
            { name: 'Amulet of the Deep Well', points: 2, breaksCap: true },
          ],
          spells: [
            { name: 'Purify Spirit', level: 3 },
            { name: 'Revive', level: 5 },
          ],
          reductions: [{ name: "Healer's Calling", amount: 1, spells: ['Revive'] }],
          plan: [
            { spell: 'Revive', times: 3 },
            { spell: 'Purify Spirit', times: 3 },
          ],
        },
      });
    case 'bg-magic':
      return characterSchema.parse({
        ...base,
        skills: [{ id: 'role-magic' }],
        armour: [{ name: 'Кожен елек', type: 'leather', locations: ['torso'] }],
        items: [
          { name: 'Сън', kind: 'role-spell', text: 'Заспивате дълбоко за 5 минути. Събуждате се, ако ви ударят.' },
          { name: 'Свитък: Страх', kind: 'scroll', text: 'Целта бяга от магьосника 30 секунди.', expires: 'one-game', game: 'Хрониките 2025' },
        ],
        bgMagic: { path: 'role', entitlement: 'leather', order: 'Орденът на Сребърния кладенец', style: 'conjurer' },
      });
  }
}

export const SAMPLE_RULESETS: readonly RulesetId[] = ['fortunes-landing', 'curious-pastimes', 'novitas', 'bg-magic'];

/** n characters, the games in turn. */
export function sampleBatch(count: number): Character[] {
  return Array.from({ length: count }, (_, i) => sampleCharacter(SAMPLE_RULESETS[i % SAMPLE_RULESETS.length]!, i));
}
