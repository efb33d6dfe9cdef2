// Each desk's presence document ("desk:<desk id>"): its name, whether it hosts the event, its link
// state, how many of its changes wait for the hub, and when it last wrote. Every desk writes only its
// own; every desk reads all, so each shows every desk's state. A desk that stopped writing (cut off,
// closed) shows as offline since it was last seen. Checked like every other document (docs.ts).
import * as z from 'zod';
import { deskNameText } from '../../core/model/plain-text';

export const PRESENCE_PREFIX = 'desk:';
/** How often a desk writes "still here" when nothing else changed. */
export const PRESENCE_EVERY_MS = 30_000;
/** Not heard from for this long: offline since it was last seen. */
export const PRESENCE_STALE_MS = 3 * PRESENCE_EVERY_MS;

const isoTime = z.iso.datetime({ offset: true });

export const presenceSchema = z.strictObject({
  id: z.uuid(),
  name: z.string().trim().pipe(deskNameText),
  state: z.enum(['hub', 'connecting', 'connected', 'offline', 'refused', 'stopped']),
  /** Since when the state holds. */
  since: isoTime,
  seenAt: isoTime,
  waiting: z.number().int().min(0).max(1_000_000),
});
export type Presence = z.infer<typeof presenceSchema>;

export const presenceDocId = (deskId: string) => `${PRESENCE_PREFIX}${deskId.toLowerCase()}`;

/** What the desk view shows for a desk: its own word, unless it has not been heard from for a while. */
export function presenceView(p: Presence, now: number, staleMs = PRESENCE_STALE_MS): Presence {
  if (p.state === 'stopped' || now - Date.parse(p.seenAt) <= staleMs) return p;
  return { ...p, state: 'offline', since: p.state === 'offline' ? p.since : p.seenAt };
}
