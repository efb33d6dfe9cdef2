// A character's play session: the undo history of the editor and the condition trackers' state, kept
// beside the drafts (never in the character file) so they survive closing and reopening the
// character and a crash, until the player says the day is over. The main process writes and reads
// these files; the renderer fills and uses them. Both validate with this one schema.
import * as z from 'zod';
import { characterSchema } from '../model/character';
import { CONDITIONS, LIMBS } from '../rulesets/novitas-conditions';
import { FL_LIMBS } from '../rulesets/fortunes-landing-wounds';
import { FL_HEALING_METHODS, FL_WAKE_HEALING } from '../rulesets/fortunes-landing-healing';

export const SESSION_FORMAT = 'quartermaster-session';
export const SESSION_VERSION = 1;

const small = z.number().int().min(0).max(100_000);
const condition = z.enum(CONDITIONS as unknown as [string, ...string[]]);
const attachable = z.enum(['torso-wound', 'bleeding-out', ...LIMBS.map((l) => `${l}-wound`)] as [string, ...string[]]);

/** Novitas conditions (core/rulesets/novitas-conditions.ts ConditionState) and the tracker's log. */
export const novitasTrackerSchema = z.strictObject({
  maxBody: small,
  state: z.strictObject({
    held: z.array(condition).max(CONDITIONS.length),
    attachedToPoison: z.array(attachable).max(CONDITIONS.length),
    bleeding: z.strictObject({ minutes: small, firstAid: z.boolean() }).nullable(),
    convergencesDead: small,
    bodyPoints: z.strictObject({ current: small, max: small }),
  }),
  log: z.array(z.strictObject({ notes: z.array(z.string().max(2_000)).max(20), refused: z.boolean() })).max(50),
});

/** Fortune's Landing wounds (WoundsState) and armour wear (ArmourWear) for the rating it was for. */
export const flTrackerSchema = z.strictObject({
  wounds: z.strictObject({
    limbs: z.strictObject(Object.fromEntries(FL_LIMBS.map((l) => [l, z.boolean()])) as Record<(typeof FL_LIMBS)[number], z.ZodBoolean>),
    torso: z.boolean(),
    treated: z.boolean(),
  }),
  armour: z.strictObject({ for: small, wear: z.strictObject({ full: small, current: small, breached: z.boolean() }) }),
  /** Healing under way and waking up (fortunes-landing-recovery.ts FlRecovery); absent: none. */
  recovery: z
    .strictObject({
      course: z
        .strictObject({
          methods: z.array(z.enum(FL_HEALING_METHODS)).max(FL_HEALING_METHODS.length),
          healersTouch: z.boolean(),
          elapsed: z.number().min(0).max(100_000),
          minutesLeft: z.number().min(0).max(100_000),
        })
        .nullable(),
      wake: z.strictObject({ by: z.enum(FL_WAKE_HEALING), minutesLeft: z.number().min(0).max(100_000) }).nullable(),
    })
    .optional(),
});

export const trackersSchema = z.strictObject({
  novitas: novitasTrackerSchema.optional(),
  fortunesLanding: flTrackerSchema.optional(),
});

export type NovitasTracker = z.infer<typeof novitasTrackerSchema>;
export type FlTracker = z.infer<typeof flTrackerSchema>;
export type Trackers = z.infer<typeof trackersSchema>;

/** What the renderer hands over: the undo history ending at `present`, and the trackers. */
export const sessionStateSchema = z.strictObject({
  /** The character the history ends at (the one on screen when it was kept). */
  present: characterSchema,
  past: z.array(characterSchema).max(1_000),
  future: z.array(characterSchema).max(1_000),
  trackers: trackersSchema,
});

export type SessionState = z.infer<typeof sessionStateSchema>;

/** The file: the state, for one character file, at a time. */
export type SessionFile = SessionState & { format: typeof SESSION_FORMAT; version: typeof SESSION_VERSION; path: string; savedMs: number };

/** True when a session holds nothing worth keeping. */
export function isEmptySession(s: Pick<SessionState, 'past' | 'future' | 'trackers'>): boolean {
  return s.past.length === 0 && s.future.length === 0 && s.trackers.novitas === undefined && s.trackers.fortunesLanding === undefined;
}
