// A new character of every game, as the app makes one (electron/ipc/handlers.ts newCharacter: the
// file format's defaults and a name), starts valid, or with the one prompt the rules need.
import { describe, expect, it } from 'vitest';
import { characterSchema } from '../model/character';
import { CURRENT_VERSION, FILE_FORMAT, RULESET_IDS } from '../model/ids';
import { derive } from './index';

const fresh = (ruleset: (typeof RULESET_IDS)[number]) =>
  characterSchema.parse({ format: FILE_FORMAT, version: CURRENT_VERSION, id: '00000000-0000-4000-8000-000000000042', ruleset, name: 'New', player: '' });

describe('a new character', () => {
  it.each(RULESET_IDS.filter((id) => id !== 'bg-magic'))('of %s follows the rules as created', (ruleset) => {
    expect(derive(fresh(ruleset)).violations).toEqual([]);
  });

  it('of bg-magic has one prompt, in plain words, for battle or role mage and the entitlement', () => {
    const violations = derive(fresh('bg-magic')).violations;
    expect(violations.map((v) => v.code)).toEqual(['bg.missing-block']);
    expect(violations[0]!.message).toMatch(/^Choose the mage's path: battle mage or role mage, and the armour the mage is entitled to/);
    expect(violations[0]!.message).not.toMatch(/field|"bgMagic"|"path"/);
  });
});
