// Generates N varied character files (all four rulesets) into a folder, for the benchmarks.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FL_TYPES = ['light-leather', 'heavy-leather', 'light-chain', 'heavy-chain', 'plate'];
const CP_TYPES = ['light', 'medium', 'heavy', 'extra-heavy'];
const LIMBS = ['torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg'];

function uuid(i) {
  const hex = i.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

/** A character file of the current version (2: items have ids), as the app saves it. */
export function makeCharacter(i) {
  const pick = (arr, k) => arr[(i * 7 + k * 13) % arr.length];
  const base = {
    format: 'quartermaster-character',
    version: 2,
    id: uuid(i + 1),
    name: `Character ${i}`,
    player: `Player ${i % 97}`,
    notes: i % 5 === 0 ? 'A longer note about this character, their history and their debts. '.repeat(4) : '',
    skills: Array.from({ length: 5 + (i % 10) }, (_, k) => ({ id: `skill-${k}`, level: 1 + (k % 3) })),
    weapons: [{ name: 'Sword', kind: pick(['short', 'medium', 'long'], 1), lengthCm: 60 + (i % 60) }],
    items: [{ id: `00000000-0000-4000-9000-${(i + 1).toString(16).padStart(12, '0')}`, name: 'Potion', kind: 'potion', text: 'Heals one wound.' }],
  };
  switch (i % 4) {
    case 0:
      return { ...base, ruleset: 'fortunes-landing', armour: [
        { name: 'Body', type: pick(FL_TYPES, 2), locations: ['torso'] },
        { name: 'Limbs', type: pick(FL_TYPES, 3), locations: LIMBS.slice(1, 1 + (i % 5)) },
      ] };
    case 1:
      return { ...base, ruleset: 'curious-pastimes', skills: [...base.skills, { id: 'body-development', level: 1 }, { id: 'wear-heavy-armour', level: 1 }],
        armour: [{ name: 'Coat', type: pick(CP_TYPES, 2), locations: ['torso', 'left-arm', 'right-arm'] }, { name: 'Helm', type: 'heavy', locations: ['head'], helmet: true }],
        curiousPastimes: { spellCards: [{ sphere: 'Corporeal', rank: 1, day: 'Saturday', count: 2 }] } };
    case 2:
      return { ...base, ruleset: 'novitas', armour: [], skills: [...base.skills, { id: 'power-points', level: 10 + (i % 10) }], novitas: {
        sources: [{ name: 'Ring', points: 3, breaksCap: i % 3 === 0 }],
        spells: [{ name: 'Mend', level: 1 }, { name: 'Revive', level: 5 }, { name: 'Purify Spirit', level: 3 }],
        reductions: [{ name: 'Focus', amount: 1 }], plan: [{ spell: 'Mend', times: 2 + (i % 4) }, { spell: 'Revive', times: 1 + (i % 3) }] } };
    default:
      return { ...base, ruleset: 'bg-magic', armour: [{ name: 'Coat', type: pick(['leather', 'metal'], 2), locations: ['torso'] }],
        weapons: [{ name: 'Staff', kind: 'staff', lengthCm: 160 }],
        bgMagic: { path: i % 8 === 3 ? 'battle' : 'role', entitlement: pick(['metal', 'leather', 'none'], 4), ...(i % 8 === 3 ? { school: 'Fire' } : { order: 'Silver Well', style: 'conjurer' }) } };
  }
}

/**
 * Writes n character files into dir (emptied first); returns their size in bytes, for the report.
 * `make(i)` gives the i-th character (default: all four rulesets in turn).
 */
export function generate(dir, n, make = makeCharacter) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const text = `${JSON.stringify(make(i), null, 2)}\n`;
    writeFileSync(join(dir, `c${String(i).padStart(5, '0')}.character.json`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}
