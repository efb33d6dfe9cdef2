// A desk's link to the hub (or a game's CouchDB) in words, for the command line's log and its stop
// line: never a request's address or a network library's message, which say nothing to a volunteer.
import type { DeskLinkState } from './replicate';
import { remoteName, type RemoteTarget } from './remote';

const hhmm = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

/** The state as a short phrase ("connected since 14:02", "offline since 14:05, 3 changes waiting"). */
export function describeState(s: DeskLinkState | { kind: 'hub'; url: string }): string {
  switch (s.kind) {
    case 'hub':
      return `hosting the event at ${s.url}`;
    case 'connecting':
      return 'connecting…';
    case 'connected':
      return `connected since ${hhmm(s.since)}`;
    case 'offline':
      return `offline since ${hhmm(s.since)}, ${s.waiting} change${s.waiting === 1 ? '' : 's'} waiting`;
    case 'refused':
      return `refused: ${s.reason}`;
    case 'stopped':
      return 'stopped';
  }
}

/**
 * What changed, as the line the log shows; null when it is the same state as `before` in words
 * (a desk whose hub is away is told so once, not at every retry).
 */
export function linkLine(s: DeskLinkState, before: DeskLinkState | null, target: RemoteTarget): string | null {
  if (before && before.kind === s.kind && (s.kind !== 'refused' || (before.kind === 'refused' && before.reason === s.reason))) return null;
  const remote = remoteName(target);
  switch (s.kind) {
    case 'connecting':
      return `Connecting to the ${remote}…`;
    case 'connected':
      return `Connected to the ${remote} since ${hhmm(s.since)}.`;
    case 'offline':
      return `The ${remote} does not answer; trying again… (${s.waiting} change${s.waiting === 1 ? '' : 's'} waiting here)`;
    case 'refused':
      return `${s.reason.charAt(0).toUpperCase()}${s.reason.slice(1)}.`;
    case 'stopped':
      return null;
  }
}
