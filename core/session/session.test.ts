// The session file's Fortune's Landing tracker: a session kept before healing was tracked (no
// `recovery`) still reads, and one with a healing course and waking reads back as it was.
import { describe, expect, it } from 'vitest';
import { flTrackerSchema } from './session';
import { heal, FL_NO_RECOVERY } from '../rulesets/fortunes-landing-recovery';
import { applyWound, unwounded } from '../rulesets/fortunes-landing-wounds';

const base = { wounds: unwounded(), armour: { for: 5, wear: { full: 5, current: 5, breached: false } } };

describe("Fortune's Landing tracker in the session", () => {
  it('reads a tracker without recovery', () => {
    expect(flTrackerSchema.parse(base)).toEqual(base);
  });

  it('reads back a healing course and waking', () => {
    const r = heal(applyWound(unwounded(), 'torso'), FL_NO_RECOVERY, { kind: 'accelerate-healing' }, { rapidHealing: true });
    const tracker = { ...base, wounds: r.wounds, recovery: r.recovery };
    expect(flTrackerSchema.parse(JSON.parse(JSON.stringify(tracker)))).toEqual(tracker);
  });

  it('refuses an unknown healing method', () => {
    const bad = { ...base, recovery: { course: { methods: ['prayer'], healersTouch: false, elapsed: 0, minutesLeft: 60 }, wake: null } };
    expect(flTrackerSchema.safeParse(bad).success).toBe(false);
  });
});
