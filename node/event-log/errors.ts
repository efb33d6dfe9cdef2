// What the event log service refuses (node/event-log/).

/** An event file that cannot be opened, or an entry that cannot be written: the message names the file and field. */
export class EventLogError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'EventLogError';
  }
}
