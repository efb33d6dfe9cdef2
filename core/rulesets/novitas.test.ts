import { describe, expect, it } from 'vitest';
import { characterSchema, type Character } from '../model/character';
import { NOVITAS_DAILY_CAP, novitas, spellCost } from './novitas';

/** A Novitas character; `powerPoints` is the Power Points skill's level (the one source of those points). */
function character(novitasSheet?: { powerPoints?: number } & Record<string, unknown>): Character {
  const { powerPoints, ...sheet } = novitasSheet ?? {};
  return characterSchema.parse({
    format: 'quartermaster-character',
    version: 1,
    id: '00000000-0000-4000-8000-000000000001',
    ruleset: 'novitas',
    name: 'Test Mage',
    skills: powerPoints === undefined ? [] : [{ id: 'power-points', level: powerPoints }],
    ...(novitasSheet === undefined ? {} : { novitas: sheet }),
  });
}

const SPELLS = [
  { name: 'Heal', level: 1 },
  { name: 'Heal Wounds', level: 3 },
  { name: 'Fireball', level: 5 },
  { name: 'Revive', level: 8 },
];

describe('novitas ruleset', () => {
  it('has the 20-point daily cap and the skills the text names', () => {
    expect(NOVITAS_DAILY_CAP).toBe(20);
    expect(novitas.id).toBe('novitas');
    expect(novitas.skills.map((s) => s.id)).toEqual(['power-points', 'first-aid']);
    // The text names the torso and each arm and leg, no head, and has no armour rules.
    expect(novitas.locations).toEqual(['torso', 'left-arm', 'right-arm', 'left-leg', 'right-leg']);
    expect(novitas.armourTypes).toEqual([]);
  });

  it('pools the skill with ordinary sources and keeps break-cap sources apart', () => {
    // 10 (skill) + 3 (Amulet) = 13 ordinary; Focus 4 breaks cap.
    const d = novitas.derive(
      character({
        powerPoints: 10,
        sources: [
          { name: 'Amulet', points: 3 },
          { name: 'Focus', points: 4, breaksCap: true },
        ],
      }),
    ).derived;
    expect(d.powerPoints).toEqual({ pool: 13, breakCap: 4, dailyCap: 20, plannedCost: 0, plannedAgainstCap: 0, overCap: 0 });
    expect(d.plan).toEqual([]);
  });

  it('a source with no name (or only spaces) is an error on its name; its points still count', () => {
    // "some items can provide extra power points as well": the item must be named for the desk to
    // check it. 10 (skill) + 3 (Amulet) + 2 (unnamed) = 15.
    const r = novitas.derive(
      character({
        powerPoints: 10,
        sources: [
          { name: 'Amulet', points: 3 },
          { name: '  ', points: 2 },
        ],
      }),
    );
    expect(r.violations.map((v) => `${v.severity}:${v.code}@${v.path}`)).toEqual(['error:nov.sources.no-name@novitas.sources[1].name']);
    expect(r.violations[0]!.message).toMatch(/^Power source 2 \(2 points\) has no name/);
    expect(r.derived.powerPoints.pool).toBe(15);
  });

  it('counts the Power Points skill as the pool, with no second number to agree with', () => {
    // Issue 12: the skill at level 12 gave pool 0 and a warning. Pool = skill 12 + Ring 8 = 20.
    const r = novitas.derive(character({ powerPoints: 12, sources: [{ name: 'Ring', points: 8 }] }));
    expect(r.violations).toEqual([]);
    expect(r.derived.powerPoints.pool).toBe(20);
  });

  it('gives a character with the skill and no novitas block its pool', () => {
    const base = characterSchema.parse({ format: 'quartermaster-character', version: 1, id: '00000000-0000-4000-8000-000000000002', ruleset: 'novitas', name: 'Hedge witch', skills: [{ id: 'power-points', level: 7 }] });
    expect(base.novitas).toBeUndefined();
    const r = novitas.derive(base);
    expect(r.derived.powerPoints).toEqual({ pool: 7, breakCap: 0, dailyCap: 20, plannedCost: 0, plannedAgainstCap: 0, overCap: 0 });
    expect(r.violations).toEqual([]);
  });

  it('treats a character without a novitas block as having no magic', () => {
    const r = novitas.derive(character());
    expect(r.violations).toEqual([]);
    expect(r.derived.powerPoints).toEqual({ pool: 0, breakCap: 0, dailyCap: 20, plannedCost: 0, plannedAgainstCap: 0, overCap: 0 });
  });
});

describe('spell cost', () => {
  const ring = { name: 'Ring', amount: 2 };
  const charm = { name: 'Charm', amount: 1 };
  const blessing = { name: 'Blessing', amount: 1, stacks: true };

  it('is the spell level with no reductions', () => {
    expect(spellCost('Fireball', 5, [])).toEqual({ cost: 5, applied: [] });
  });

  it('applies only the best of reductions that do not stack', () => {
    // Ring 2 and Charm 1 on level 5: only Ring applies, 5 - 2 = 3 (not 5 - 3 = 2).
    expect(spellCost('Fireball', 5, [charm, ring])).toEqual({ cost: 3, applied: ['Ring'] });
  });

  it('adds every stacking reduction to the best non-stacking one', () => {
    // Level 8: Ring 2 + Blessing 1 = 3 off -> 5; Charm is dropped (does not stack).
    expect(spellCost('Revive', 8, [ring, charm, blessing])).toEqual({ cost: 5, applied: ['Ring', 'Blessing'] });
    // Two stacking reductions both apply: 8 - 1 - 1 = 6.
    expect(spellCost('Revive', 8, [blessing, { ...blessing, name: 'Prayer' }])).toEqual({ cost: 6, applied: ['Blessing', 'Prayer'] });
  });

  it('never brings a cost to 0 unless the applied source allows it', () => {
    // Level 2, Ring 2: 2 - 2 = 0, raised to the floor of 1.
    expect(spellCost('Heal Wounds', 2, [ring]).cost).toBe(1);
    // Level 3, Ring 2 + Blessing 1 = 3 off: still 1.
    expect(spellCost('Heal Wounds', 3, [ring, blessing]).cost).toBe(1);
    // A source that says so may reach 0: level 2, Gift 2 (allowsZero) -> 0.
    expect(spellCost('Heal Wounds', 2, [{ name: 'Gift', amount: 2, allowsZero: true }])).toEqual({ cost: 0, applied: ['Gift'] });
    // A stacking source that allows 0 lowers the floor of the combination: 2 - 1 - 1 = 0.
    expect(spellCost('Heal Wounds', 2, [charm, { ...blessing, allowsZero: true }]).cost).toBe(0);
  });

  it('picks the non-stacking reduction that leaves the lowest cost, counting the zero floor', () => {
    // Level 2: Big 3 (no zero) -> floor 1; Gift 2 (allowsZero) -> 0. Gift wins.
    const big = { name: 'Big', amount: 3 };
    const gift = { name: 'Gift', amount: 2, allowsZero: true };
    expect(spellCost('Heal Wounds', 2, [big, gift])).toEqual({ cost: 0, applied: ['Gift'] });
  });

  it('applies a reduction with a spell list only to those spells, comparing names without case', () => {
    const staff = { name: 'Staff', amount: 4, spells: ['fireball'] };
    // Fireball 5 - 4 = 1.
    expect(spellCost('Fireball', 5, [staff])).toEqual({ cost: 1, applied: ['Staff'] });
    expect(spellCost('Revive', 8, [staff])).toEqual({ cost: 8, applied: [] });
    // "Heal" on the list does not reach "Heal Wounds".
    expect(spellCost('Heal Wounds', 3, [{ name: 'Salve', amount: 1, spells: ['Heal'] }])).toEqual({ cost: 3, applied: [] });
  });

  it('does not name a non-stacking reduction that saves nothing', () => {
    // Level 1 with Blessing: 1 - 1 = 0 -> floor 1; Ring cannot go lower, so only Blessing is named.
    expect(spellCost('Heal', 1, [ring, blessing])).toEqual({ cost: 1, applied: ['Blessing'] });
  });

  it('leaves a level-0 spell at 0', () => {
    expect(spellCost('Light', 0, [ring]).cost).toBe(0);
  });
});

describe('the day plan', () => {
  it('totals the plan lines with reductions', () => {
    // Heal Wounds 3 - Ring 2 = 1, x2 = 2; Fireball 5 - Staff 4 = 1 (Staff beats Ring), x3 = 3; total 5.
    const d = novitas.derive(
      character({
        powerPoints: 10,
        spells: SPELLS,
        reductions: [
          { name: 'Ring', amount: 2 },
          { name: 'Staff', amount: 4, spells: ['Fireball'] },
        ],
        plan: [
          { spell: 'heal wounds', times: 2 },
          { spell: 'Fireball', times: 3 },
        ],
      }),
    );
    expect(d.violations).toEqual([]);
    expect(d.derived.plan).toEqual([
      { spell: 'Heal Wounds', level: 3, cost: 1, times: 2, total: 2, reductions: ['Ring'] },
      { spell: 'Fireball', level: 5, cost: 1, times: 3, total: 3, reductions: ['Staff'] },
    ]);
    expect(d.derived.powerPoints.plannedCost).toBe(5);
    expect(d.derived.powerPoints.plannedAgainstCap).toBe(5);
  });

  it('spends break-cap points first and errors when the plan costs more than both pools', () => {
    // Pool 10 + 3 = 13, break-cap 4: 17 in all.
    // Fireball x2 = 10, Heal Wounds x2 = 6, Heal x1 = 1: 17, fits; against cap 17 - 4 = 13.
    const sheet = {
      powerPoints: 10,
      sources: [
        { name: 'Amulet', points: 3 },
        { name: 'Focus', points: 4, breaksCap: true },
      ],
      spells: SPELLS,
      plan: [
        { spell: 'Fireball', times: 2 },
        { spell: 'Heal Wounds', times: 2 },
        { spell: 'Heal', times: 1 },
      ],
    };
    const ok = novitas.derive(character(sheet));
    expect(ok.violations).toEqual([]);
    expect(ok.derived.powerPoints.plannedCost).toBe(17);
    expect(ok.derived.powerPoints.plannedAgainstCap).toBe(13);

    // Heal x2: 18 > 17. Before the Heal line 16 are spent, so its 2nd casting is the one without points.
    const over = novitas.derive(character({ ...sheet, plan: [...sheet.plan.slice(0, 2), { spell: 'Heal', times: 2 }] }));
    expect(over.violations).toHaveLength(1);
    const v = over.violations[0]!;
    expect(v).toMatchObject({ code: 'nov.plan.over-pool', severity: 'error', path: 'novitas.plan[2]' });
    expect(v.message).toContain('18');
    expect(v.message).toContain('17');
    expect(v.message).toContain('2nd casting of Heal');
  });

  it('allows exactly 20 against the cap and errors past it, naming the casting that crosses it', () => {
    // Pool 25, break-cap 3. Fireball x4 = 20, Heal Wounds x1 = 3: 23 planned, 23 - 3 = 20 against the cap: allowed.
    const sheet = {
      powerPoints: 25,
      sources: [{ name: 'Focus', points: 3, breaksCap: true }],
      spells: SPELLS,
      plan: [
        { spell: 'Fireball', times: 4 },
        { spell: 'Heal Wounds', times: 1 },
      ],
    };
    const at = novitas.derive(character(sheet));
    expect(at.violations).toEqual([]);
    expect(at.derived.powerPoints.plannedAgainstCap).toBe(20);

    // One more Heal: 24 planned, 21 against the cap. The Heal line (index 2) crosses at its 1st casting.
    const over = novitas.derive(character({ ...sheet, plan: [...sheet.plan, { spell: 'Heal', times: 1 }] }));
    expect(over.derived.powerPoints.plannedAgainstCap).toBe(21);
    // One point over the cap, reported by the core (the editor shows it, never works it out).
    expect(over.derived.powerPoints.overCap).toBe(1);
    expect(over.violations.map((v) => v.code)).toEqual(['nov.plan.over-daily-cap']);
    const v = over.violations[0]!;
    expect(v.path).toBe('novitas.plan[2]');
    expect(v.severity).toBe('error');
    expect(v.message).toContain('1st casting of Heal');
    expect(v.message).toContain('Torso Wound');
    expect(v.message).toContain('spell fails');
  });

  it('finds the crossing casting inside a line', () => {
    // Pool 30, no break-cap. Fireball x5 = 25: casts 1-4 spend 20, the 5th crosses.
    const r = novitas.derive(character({ powerPoints: 30, spells: SPELLS, plan: [{ spell: 'Fireball', times: 5 }] }));
    expect(r.derived.powerPoints.plannedAgainstCap).toBe(25);
    const v = r.violations.find((x) => x.code === 'nov.plan.over-daily-cap')!;
    expect(v.path).toBe('novitas.plan[0]');
    expect(v.message).toContain('5th casting of Fireball');
  });

  it('reports both the pool and the cap when both are exceeded', () => {
    // Pool 22: Revive x3 = 24 > 22 (3rd casting short: 16 + 8 > 22) and 24 > 20 (3rd casting crosses).
    const r = novitas.derive(character({ powerPoints: 22, spells: SPELLS, plan: [{ spell: 'Revive', times: 3 }] }));
    expect(r.violations.map((v) => v.code)).toEqual([
      'nov.plan.over-pool',
      'nov.plan.over-daily-cap',
    ]);
    for (const v of r.violations) expect(v.message).toContain('3rd casting of Revive');
  });

  it('errors on a plan line naming a spell the character does not know', () => {
    const r = novitas.derive(character({ powerPoints: 10, spells: SPELLS, plan: [{ spell: 'Lightning', times: 1 }, { spell: 'Heal', times: 1 }] }));
    expect(r.violations).toHaveLength(1);
    expect(r.violations[0]).toMatchObject({ code: 'nov.plan.unknown-spell', severity: 'error', path: 'novitas.plan[0].spell' });
    expect(r.violations[0]!.message).toContain('Lightning');
    expect(r.violations[0]!.message).toContain('know the spell');
    expect(r.derived.plan[0]).toEqual({ spell: 'Lightning', level: 0, cost: 0, times: 1, total: 0, reductions: [] });
    expect(r.derived.powerPoints.plannedCost).toBe(1);
  });

  it('warns about a spell listed twice and uses the first', () => {
    const r = novitas.derive(
      character({
        powerPoints: 10,
        spells: [
          { name: 'Heal', level: 1 },
          { name: 'HEAL', level: 4 },
        ],
        plan: [{ spell: 'Heal', times: 2 }],
      }),
    );
    expect(r.violations).toEqual([expect.objectContaining({ code: 'nov.spells.duplicate', severity: 'warning', path: 'novitas.spells[1].name' })]);
    expect(r.derived.powerPoints.plannedCost).toBe(2);
  });
});
