// Cards speak the player's language and never tell a player to run a command: the Bulgarian game's
// card names the game in Bulgarian, and a card with rule errors says what is wrong in words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../model/character';
import { derive } from '../rulesets/index';
import { faceText } from './draw';
import { FontMetrics } from './fonts';
import { layoutBatch } from './print';
import { sampleCharacter } from './sample-characters';

const root = join(import.meta.dirname, '../..');
const metrics = new FontMetrics({ regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) });
const now = new Date('2025-06-01T09:00:00Z');
const with_ = (c: Character, patch: Record<string, unknown>) => characterSchema.parse({ ...c, ...patch });

/** Everything the character's cards say, every part of a continued card included. */
function cardText(character: Character, language: 'auto' | 'en' | 'bg' = 'auto'): string {
  const laid = layoutBatch([{ character, derivation: derive(character), source: 't' }], { now, metrics, sections: ['character'], language });
  return laid.cards.map((c) => faceText(c.front)).join(' ').replace(/\s+/g, ' ');
}

describe('card words', () => {
  it('the Bulgarian game’s card names the game in Bulgarian; English cards keep the game’s own name', () => {
    const bg = sampleCharacter('bg-magic', 3);
    expect(cardText(bg)).toContain('Игра: Български правила за магове');
    expect(cardText(bg)).not.toContain('Bulgarian mage rules');
    expect(cardText(bg, 'en')).toContain('Game: Bulgarian mage rules');
    expect(cardText(sampleCharacter('curious-pastimes', 1))).toContain("Game: Curious Pastimes");
  });

  it('a card printed in Bulgarian names the catalogue skills in Bulgarian; custom skills keep their name', () => {
    // The mage rules name the two kinds of magic "бойни магии" and "ролеви магии" (section 6).
    const bg = with_(sampleCharacter('bg-magic', 3), {
      skills: [{ id: 'battle-magic' }, { id: 'role-magic' }, { id: 'custom-1', name: 'Травничество' }],
      bgMagic: { path: 'battle', entitlement: 'leather', school: 'Огън' },
    });
    expect(cardText(bg)).toContain('Умения: Бойна магия, Ролева магия, Травничество');
    expect(cardText(bg)).not.toMatch(/Battle magic|Role magic/);
    expect(cardText(bg, 'en')).toContain('Skills: Battle magic, Role magic, Травничество');
    // Any game's card printed in Bulgarian: Curious Pastimes' Body Development and Wear Heavy Armour.
    const cp = sampleCharacter('curious-pastimes', 1);
    expect(cardText(cp, 'bg')).toContain('Умения: Развито тяло, Тежка броня');
    expect(cardText(cp)).toContain('Skills: Body Development, Wear Heavy Armour');
  });

  it('a mage over the entitlement: the card says the armour protects as leather, in Bulgarian, and no command', () => {
    // Mage rules: armour heavier than the entitlement "protects only as the lighter (entitled) armour".
    const bg = with_(sampleCharacter('bg-magic', 3), {
      armour: [{ name: 'Ризница', type: 'metal', locations: ['torso'] }],
      bgMagic: { path: 'battle', entitlement: 'leather', school: 'Огън' },
    });
    const text = cardText(bg);
    // Allowed (a warning), but the player must know: listed as worth knowing, not as an error.
    expect(text).not.toContain('нарушение');
    expect(text).toContain('За сведение: • „Ризница“: броня над полагащата се (кожена броня); пази като кожена броня');
    expect(cardText(bg, 'en')).toContain('Worth knowing: • "Ризница" is metal armour, heavier than this mage\'s entitlement (leather armour). Mage rules: armour heavier than the entitlement protects only as the entitled armour, so it protects only as leather armour.');
    expect(text).not.toMatch(/quartermaster|check/i);
  });

  it('two metal armours on the torso: the Bulgarian card says so; the English card gives the core’s words', () => {
    const broken = with_(sampleCharacter('bg-magic', 3), {
      armour: [
        { name: 'Ризница', type: 'metal', locations: ['torso'] },
        { name: 'Нагръдник', type: 'metal', locations: ['torso'] },
      ],
      bgMagic: { path: 'battle', entitlement: 'metal', school: 'Огън' },
    });
    expect(cardText(broken)).toContain('1 нарушение на правилата; покажете картата на регистрацията: • „Нагръдник“ и „Ризница“: две метални брони една върху друга (торс)');
    const en = cardText(broken, 'en');
    expect(en).toContain('1 rule error; show this card at the event desk:');
    expect(en).toContain('no mage may wear two metal armours one over the other');
    expect(en).not.toMatch(/quartermaster|run /i);
  });
});
