// The record a file sent back by a referee carries in its history (docs/season.md, "Approval"), and
// how the editor finds it. Its own small file: the editor imports it without the queue's code.
import type { Character } from '../model/character';

/** The history record's kind. */
export const SENT_BACK_RECORD = 'sent-back';

/**
 * What the editor shows a player who opens a file a referee sent back: the last `sent-back` record
 * of its history (the event, when, the reason); null when it has none. The approved edition is kept
 * without these records (approval-queue.ts editionOf), so the folder's file never shows one.
 */
export function lastSentBack(character: Pick<Character, 'history'>): { event: string; at: string; reason: string } | null {
  const history = character.history ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i]! as { kind: string; at: string; event?: string; reason?: unknown };
    if (h.kind === SENT_BACK_RECORD) return { event: h.event ?? '', at: h.at, reason: typeof h.reason === 'string' ? h.reason : '' };
  }
  return null;
}
