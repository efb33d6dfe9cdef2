// What each card type says, checked on the laid-out cards against values worked out by hand from
// the rule texts (/work/shared/rules), for the sample characters in sample-characters.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../format/hash';
import { characterSchema, type Character } from '../model/character';
import { derive } from '../rulesets/index';
import { faceText, type CardFace, type CellsOp, type RectOp } from './draw';
import { FontMetrics } from './fonts';
import { layoutBatch, type LaidOutCard } from './print';
import { qrCells, qrPayload } from './qr';
import { sampleCharacter } from './sample-characters';
import { serialFor } from './serial';
import { areaBox, FILLED_GRAY } from './silhouette';
import { STRUCK_GRAY } from './cards/tracker';
import { CARD_SIZES, mm, type CardSizeId } from './layout';
import type { CardSection } from './cards/index';

const root = join(import.meta.dirname, '../..');
const metrics = new FontMetrics({ regular: readFileSync(join(root, 'assets/fonts/DejaVuSans.ttf')), bold: readFileSync(join(root, 'assets/fonts/DejaVuSans-Bold.ttf')) });
const now = new Date('2025-06-01T09:00:00Z');

function cardsOf(character: Character, sections?: CardSection[], size: CardSizeId = 'credit'): LaidOutCard[] {
  const laid = layoutBatch([{ character, derivation: derive(character), source: 'test.character.json' }], { now, metrics, layout: { size }, ...(sections ? { sections } : {}) });
  expect(laid.problems).toEqual([]);
  return laid.cards;
}

/** A face's text with line breaks undone (wrapped lines are joined by spaces). */
const said = (f: CardFace) => faceText(f).replace(/\s+/g, ' ');
const with_ = (c: Character, patch: Record<string, unknown>) => characterSchema.parse({ ...c, ...patch });

const fl = sampleCharacter('fortunes-landing', 0);
const cp = sampleCharacter('curious-pastimes', 1);
const nov = sampleCharacter('novitas', 2);
const bg = sampleCharacter('bg-magic', 3);

describe('character card', () => {
  it("Fortune's Landing: armour rating, areas, Threshold", () => {
    // Plate (5) on the torso, heavy leather (2) on both legs, all three counted: (5 + 2 + 2) / 3 = 3.
    // Threshold needs a rating of 5 or more: 0.
    const [card] = cardsOf(fl, ['character']);
    const s = said(card!.front);
    expect(s).toContain('Aldric 0');
    expect(s).toContain('Player: Alex');
    expect(s).toContain("Game: Fortune's Landing");
    expect(s).toContain('Armour rating: 3 · Threshold: 0');
    expect(s).toContain('Areas: torso, left leg, right leg');
    expect(s).toContain('Skills: Healing Ways, Strikes 2');
  });

  it("Fortune's Landing: the Tiles of Fate deck, 8 when clean, 11 after a return that added 3 cards", () => {
    expect(said(cardsOf(fl, ['character'])[0]!.front)).toContain('Tiles of Fate: 8');
    const back = with_(fl, { fortunesLanding: { ...(fl.fortunesLanding ?? {}), tilesOfFate: 11 } });
    expect(said(cardsOf(back, ['character'])[0]!.front)).toContain('Tiles of Fate: 11');
  });

  it("Fortune's Landing: ultra-light weapons at 1.5x cost", () => {
    // "Both the monetary and production point costs for ultra-lights ... is increased by 1.5 times the base cost".
    const light = with_(fl, { weapons: [{ name: 'Quick blade', kind: 'medium', ultraLight: true }, { name: 'Old sword', kind: 'medium' }] });
    expect(said(cardsOf(light, ['character'])[0]!.front)).toContain('Ultra-light weapons: Quick blade (×1.5)');
    expect(said(cardsOf(fl, ['character'])[0]!.front)).not.toContain('Ultra-light');
  });

  it('Curious Pastimes: hits per location', () => {
    // 1 base + 1 Body Development = 2 everywhere. Medium (+2) on torso and arms: 4. A heavy helm (+3),
    // allowed by Wear Heavy Armour: head 5. Legs bare: 2. Arrows ignore armour: 2 on every location.
    const s = said(cardsOf(cp, ['character'])[0]!.front);
    expect(s).toContain('Hits: head 5, torso 4, left arm 4, right arm 4, left leg 2, right leg 2');
    expect(s).toContain('Against arrows and bolts: head 2, torso 2, left arm 2, right arm 2, left leg 2, right leg 2');
    expect(s).toContain('Body Development: yes');
  });

  it('Novitas: power points and cap', () => {
    // 12 from the skill + 8 from the ring = 20 counted; the amulet's 2 break cap; the cap is 20 a day.
    const s = said(cardsOf(nov, ['character'])[0]!.front);
    expect(s).toContain('Power points: 20 · Break cap: +2 · Daily cap: 20');
    expect(s).toContain('Spells: Purify Spirit 3, Revive 5');
  });

  it('bg-magic: energy and armour protection, in Bulgarian', () => {
    // A battle mage entitled to leather has 4 energy; a role mage one half more: 6. Wears leather,
    // entitled to leather: protects as leather.
    const s = said(cardsOf(bg, ['character'])[0]!.front);
    expect(s).toContain('Цветан 3');
    expect(s).toContain('Енергия: 6 · ролеви маг');
    expect(s).toContain('носи кожена броня; доспехите пазят като кожена броня');
    expect(s).toContain('Орден: Орденът на Сребърния кладенец (Заклинател)');
  });

  it('carries a QR code of the id and content hash, and the desk details on the back', () => {
    const [card] = cardsOf(fl, ['character']);
    const cells = card!.front.ops.find((o): o is CellsOp => o.op === 'cells')!;
    const expected = qrCells(qrPayload(fl.id, contentHash(fl)), 0, 0, 1);
    expect(cells.runs).toEqual(expected.runs);
    const back = said(card!.back!);
    expect(back).toContain(`Character id: ${fl.id}`);
    expect(back).toContain(`Content hash: ${contentHash(fl)}`.slice(0, 30));
    expect(back.replace(/ /g, '')).toContain(contentHash(fl));
    expect(back).toContain('Printed: 2025-06-01');
    expect(card!.spec.serial).toBe(serialFor(fl.id, 'character', 0));
  });

  it('marks a character with rule errors', () => {
    // Two metal armours one over the other: "no mage may wear two metal armours" (a rule error).
    const broken = with_(bg, {
      armour: [
        { name: 'Ризница', type: 'metal', locations: ['torso'] },
        { name: 'Нагръдник', type: 'metal', locations: ['torso'] },
      ],
      bgMagic: { path: 'battle', entitlement: 'metal', school: 'Огън' },
    });
    expect(derive(broken).violations.some((v) => v.severity === 'error')).toBe(true);
    expect(said(cardsOf(broken, ['character'])[0]!.front)).toMatch(/⚠ \d+ нарушени/);
  });

  it('fits a 200-character name on every card size, all of it printed', () => {
    const long = with_(fl, { name: 'Ясен '.repeat(40).trim() });
    expect(long.name.length).toBe(199);
    for (const size of Object.keys(CARD_SIZES) as CardSizeId[]) {
      const cards = cardsOf(long, ['character'], size);
      expect(said(cards[0]!.front)).toContain(long.name);
    }
  });
});

describe("Fortune's Landing armour tag", () => {
  const tagOf = (c: Character) => cardsOf(c, ['armour'])[0]!;
  /** The silhouette's rectangles: which are filled. */
  const filledAreas = (face: CardFace) => {
    const rects = face.ops.filter((o): o is RectOp => o.op === 'rect' && o.stroke === 0 && o.lineWidth === 0.8);
    return rects.map((r) => r.fill === FILLED_GRAY);
  };

  it('shows type, rating and Threshold, and fills in the arms (not counted)', () => {
    const tag = tagOf(fl);
    const s = said(tag.front);
    expect(s).toContain('Armour rating: 3');
    expect(s).toContain('Threshold: 0');
    expect(s).toContain('Type: plate (Breastplate), heavy leather (Leather greaves)');
    // Areas drawn in order torso, right arm, left arm, right leg, left leg: only the arms are filled.
    expect(filledAreas(tag.front)).toEqual([false, true, true, false, false]);
  });

  it('fills in the legs too when only the torso is counted', () => {
    // Counting the plate torso alone gives 5: Threshold 1.
    const torsoOnly = with_(fl, { fortunesLanding: { armourAreas: ['torso'] } });
    const tag = tagOf(torsoOnly);
    expect(said(tag.front)).toContain('Armour rating: 5');
    expect(said(tag.front)).toContain('Threshold: 1');
    expect(filledAreas(tag.front)).toEqual([false, true, true, true, true]);
  });

  it('draws the filled areas where the silhouette puts them', () => {
    const tag = tagOf(fl);
    const fills = tag.front.ops.filter((o): o is RectOp => o.op === 'rect' && o.fill === FILLED_GRAY);
    const body = tag.front.ops.filter((o): o is RectOp => o.op === 'rect' && o.lineWidth === 0.8);
    // The silhouette's box: the torso rectangle is 24 × 32 design units, so the scale is its width / 24.
    const torso = body[0]!;
    const k = torso.w / 24;
    const x = torso.x - 18 * k;
    const y = torso.y - 48 * k;
    const expectArm = areaBox('right-arm', x, y, 60 * k, 100 * k);
    expect(fills[0]!.x).toBeCloseTo(expectArm.x, 6);
    expect(fills[0]!.y).toBeCloseTo(expectArm.y, 6);
  });

  it('is printed only for characters who wear armour', () => {
    expect(cardsOf(with_(fl, { armour: [] }), ['armour'])).toEqual([]);
    expect(cardsOf(cp, ['armour'])).toEqual([]);
  });
});

describe('item card', () => {
  it('shows name, kind, effect, expiry, issuing game and a serial', () => {
    const [card] = cardsOf(cp, ['items']);
    const s = said(card!.front);
    expect(s).toContain('Vial of Nightshade');
    expect(s).toContain('Poison');
    expect(s).toContain('Effect: Target loses one hit from the torso.');
    expect(s).toContain('Expires: End of event');
    expect(s).toContain('Issued at: Curious Pastimes');
    expect(s).toContain(serialFor(cp.id, 'item', cp.items[0]!.id));
  });

  it("keeps the game team's serial when the item has one", () => {
    const own = with_(cp, { items: [{ name: 'Ring', kind: 'magic item', text: 'Glows.', serial: 'CP-2025-0042' }] });
    const [card] = cardsOf(own, ['items']);
    expect(said(card!.front)).toContain('CP-2025-0042');
    expect(said(card!.front)).toContain('Magic item');
    expect(said(card!.front)).toContain('Expires: not stated');
  });

  it('continues a long effect text on a second card', () => {
    const effect = Array.from({ length: 40 }, (_, i) => `Clause ${i + 1}: the drinker may not be healed by magic until dawn.`).join(' ');
    const long = with_(cp, { items: [{ name: 'Draught of Long Words', kind: 'potion', text: effect }] });
    const cards = cardsOf(long, ['items']);
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(said(cards[0]!.front)).toContain(`1/${cards.length}`);
    expect(said(cards[cards.length - 1]!.front)).toContain(`${cards.length}/${cards.length}`);
    expect(cards.every((c) => c.spec.serial === cards[0]!.spec.serial)).toBe(true);
    expect(cards.map((c) => said(c.front)).join(' ')).toContain('Clause 40: the drinker');
  });
});

describe('Curious Pastimes spell cards', () => {
  it('one card per allotted casting, Rank, Sphere and Day on both halves, a tear line across the middle', () => {
    // Allotment: 2 × Rank 1 Corporeal Saturday, 1 × Rank 2 Corporeal Sunday → 3 cards.
    const cards = cardsOf(cp, ['spells']);
    expect(cards).toHaveLength(3);
    const [a, b, c] = cards.map((x) => said(x.front));
    for (const [s, rank, day] of [
      [a, 1, 'Saturday'],
      [b, 1, 'Saturday'],
      [c, 2, 'Sunday'],
    ] as const) {
      expect(s!.match(new RegExp(`Rank ${rank} Sphere Corporeal Day: ${day}`, 'g'))).toHaveLength(2);
    }
    const face = cards[0]!.front;
    const tear = face.ops.filter((o) => o.op === 'line' && o.dash && Math.abs(o.y1 - face.height / 2) < 1e-9);
    expect(tear.length).toBeGreaterThan(0);
    // Each card its own serial.
    expect(new Set(cards.map((x) => x.spec.serial)).size).toBe(3);
  });
});

describe('bg-magic slips and scrolls', () => {
  it('a Conjurer gets one slip per role spell with the text the target receives', () => {
    const slips = cardsOf(bg, ['slips']);
    expect(slips).toHaveLength(1);
    const s = said(slips[0]!.front);
    expect(s).toContain('Сън');
    expect(s).toContain('Заспивате дълбоко за 5 минути. Събуждате се, ако ви ударят.');
    expect(s).toContain('приемете листа и изпълнете каквото пише в него');
    // Lasting role effects last 30 minutes.
    expect(s).toContain('30 минути');
  });

  it('a Witcher gets one slip per dose (up to 3 by alchemy), each with its own serial', () => {
    const witcher = with_(bg, { bgMagic: { ...bg.bgMagic, style: 'witcher' } });
    const slips = cardsOf(witcher, ['slips']);
    expect(slips).toHaveLength(3);
    expect(slips.map((c) => c.spec.serial)).toEqual([0, 1, 2].map((d) => serialFor(bg.id, 'slip', `${witcher.items.find((i) => i.kind === 'role-spell')!.id}.${d}`)));
  });

  it('a scroll card says whether it lasts one game or forever', () => {
    const [scroll] = cardsOf(bg, ['items']);
    expect(said(scroll!.front)).toContain('Трае: само тази игра (Хрониките 2025)');
    expect(said(scroll!.front)).toContain('Целта бяга от магьосника 30 секунди.');
    const forever = with_(bg, { items: [{ name: 'Свитък: Светлина', kind: 'scroll', text: 'Светлина.', expires: 'permanent' }] });
    expect(said(cardsOf(forever, ['items'])[0]!.front)).toContain('Трае: завинаги');
  });
});

describe('Novitas power-point tracker', () => {
  const boxes = (face: CardFace) => face.ops.filter((o): o is RectOp => o.op === 'rect' && o.lineWidth === 0.7);

  it('20 boxes for the day and the break-cap boxes apart', () => {
    // Pool 20 (12 + 8): all 20 cap boxes usable; 2 break-cap boxes from the amulet: 22 boxes.
    const [t] = cardsOf(nov, ['tracker']);
    const b = boxes(t!.front);
    expect(b).toHaveLength(22);
    expect(b.filter((r) => r.fill === STRUCK_GRAY)).toHaveLength(0);
    expect(said(t!.front)).toContain('Counted against the 20-point daily cap');
    expect(said(t!.front)).toContain('Break cap (not counted against the cap)');
    // The break-cap boxes are on their own row below the cap's two rows.
    const ys = [...new Set(b.map((r) => Math.round(r.y)))].sort((x, y) => y - x);
    expect(ys).toHaveLength(3);
    expect(b.filter((r) => Math.round(r.y) === ys[2])).toHaveLength(2);
  });

  it('strikes out the cap boxes past a smaller pool', () => {
    // Without the ring the pool is 12: boxes 13 to 20 (8 of them) are struck out.
    const small = with_(nov, { novitas: { ...nov.novitas, sources: [{ name: 'Amulet', points: 2, breaksCap: true }], plan: [] } });
    const b = boxes(cardsOf(small, ['tracker'])[0]!.front);
    expect(b.filter((r) => r.fill === STRUCK_GRAY)).toHaveLength(8);
  });

  it('prints a count instead of boxes for very many break-cap points', () => {
    const many = with_(nov, { novitas: { ...nov.novitas, sources: [{ name: 'Font', points: 100, breaksCap: true }], plan: [] } });
    const [t] = cardsOf(many, ['tracker']);
    expect(boxes(t!.front)).toHaveLength(20);
    expect(said(t!.front)).toContain('100 points: too many boxes to print, keep count');
  });
});

describe('Curious Pastimes Body Development token', () => {
  it('is printed for a character with Body Development, and only then', () => {
    const [token] = cardsOf(cp, ['token']);
    const s = said(token!.front);
    expect(s).toContain('+1 Body Development');
    expect(s).toContain('+1 hit on every location');
    expect(s).toContain('Brannoc 1 (Dana)');
    expect(cardsOf(with_(cp, { skills: [] }), ['token'])).toEqual([]);
  });
});

describe('sections', () => {
  it('--cards chooses the card groups', () => {
    expect(cardsOf(cp, ['spells', 'token']).map((c) => c.spec.type)).toEqual(['spell', 'spell', 'spell', 'token']);
    // Everything for the Curious Pastimes sample: character, item, 3 spells, token.
    expect(cardsOf(cp).map((c) => c.spec.type)).toEqual(['character', 'item', 'spell', 'spell', 'spell', 'token']);
  });

  it('all card text stays inside the card on every size', () => {
    for (const size of Object.keys(CARD_SIZES) as CardSizeId[]) {
      const pad = mm(CARD_SIZES[size].paddingMm);
      for (const c of [fl, cp, nov, bg].flatMap((x) => cardsOf(x, undefined, size))) {
        for (const f of c.back ? [c.front, c.back] : [c.front]) {
          for (const o of f.ops) {
            if (o.op !== 'text') continue;
            expect(o.x).toBeGreaterThanOrEqual(pad - 0.01);
            expect(o.x + o.width).toBeLessThanOrEqual(f.width - pad + 0.01);
          }
        }
      }
    }
  });
});
