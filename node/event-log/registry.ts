// One EventLog per event file in a process: the app's desk view, its Record… and reprint handlers and
// the sync's file mirror all append through the same one, so each knows at once what the others
// wrote and none reads the file again for it (node/event-log/event-log.ts).
import { resolve } from 'node:path';
import { EventLog, type EventLogOptions } from './event-log';

const logs = new Map<string, Promise<EventLog>>();

/**
 * The event file's log, opened on first use (migrating a version 1 or 2 file then) and caught up
 * with what other processes appended since. A file that cannot be opened is not kept: the next
 * call tries again.
 */
export async function sharedEventLog(path: string, options: EventLogOptions = {}): Promise<EventLog> {
  const key = resolve(path);
  let pending = logs.get(key);
  if (!pending) {
    pending = EventLog.open(key, options);
    logs.set(key, pending);
    pending.catch(() => logs.delete(key));
    return pending;
  }
  const log = await pending;
  try {
    await log.refresh();
    return log;
  } catch {
    // Gone, or replaced by another event's file: opened afresh (which says what is wrong with it).
    logs.delete(key);
    return sharedEventLog(path, options);
  }
}

/** The log already open for this file in this process, if any (no file access). */
export function openedEventLog(path: string): Promise<EventLog> | undefined {
  return logs.get(resolve(path));
}

/** Forgets the log of a file that was deleted or replaced (the next sharedEventLog opens it again). */
export function forgetEventLog(path: string): void {
  logs.delete(resolve(path));
}
