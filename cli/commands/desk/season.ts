// `quartermaster desk` in a season folder (several events sharing characters, core/season/): which
// event `--event` names (a file, an event id, or an event's name), the season's events listed when
// none is named, and the chosen event folded within its season (the earlier events' deaths, returns
// and retirements first). Event files are only read here.
import { basename, join } from 'node:path';
import type { DeskEvent } from '../../../core/desk/event';
import { EVENT_FILE_SUFFIX } from '../../../core/desk/event-format';
import { visible } from '../../../core/format/visible';
import { findSeasonEvent, inSeason, newestFirst, placeInSeason, seasonOrder, type SeasonEventRef } from '../../../core/season/season';
import type { Io } from '../../io';
import { UsageError } from '../../usage';
import { findEventFile, readEventFile } from './read';

type Read = Awaited<ReturnType<typeof readEventFile>>;

/**
 * The event file a desk command works on: `--event` as a file, an event id or an event's name, or the
 * folder's one event file. Every `desk` subcommand chooses it here, so `--event` means the same in all.
 */
export function chooseEventFile(folder: string, wanted: string | undefined, io: Io): Promise<string> {
  return new SeasonFiles(folder, io).choose(wanted);
}

/** The folder's event files, each read once per run (never written). */
export class SeasonFiles {
  private readonly reads = new Map<string, Promise<Read>>();
  constructor(
    readonly folder: string,
    private readonly io: Io,
  ) {}

  async paths(): Promise<string[]> {
    return (await this.io.readdir(this.folder)).filter((n) => n.endsWith(EVENT_FILE_SUFFIX) && !n.startsWith('.')).sort().map((n) => join(this.folder, n));
  }

  read(path: string): Promise<Read> {
    let r = this.reads.get(path);
    if (!r) this.reads.set(path, (r = readEventFile(path, this.io)));
    return r;
  }

  /** The events that open, in season order, and each one's file. */
  async events(): Promise<{ ref: SeasonEventRef; event: DeskEvent }[]> {
    const out: { ref: SeasonEventRef; event: DeskEvent; dates: DeskEvent['dates']; id: string }[] = [];
    for (const path of await this.paths()) {
      const r = await this.read(path);
      if (r.kind === 'file') out.push({ ref: { path, id: r.event.id, name: r.event.name, start: r.event.dates.start, end: r.event.dates.end }, event: r.event, dates: r.event.dates, id: r.event.id });
    }
    return seasonOrder(out).map(({ ref, event }) => ({ ref, event }));
  }

  /**
   * The event file to use: `wanted` as a file (`*.event.json`), else the event of that id or name;
   * with none named, the folder's one event file (or where a new one goes). Several and none named:
   * a usage error listing the season's events, newest first.
   */
  async choose(wanted: string | undefined): Promise<string> {
    if (wanted !== undefined && wanted.endsWith(EVENT_FILE_SUFFIX)) return wanted;
    const paths = await this.paths();
    if (wanted === undefined && paths.length <= 1) return findEventFile(this.folder, this.io);
    const events = (await this.events()).map((e) => e.ref);
    const listing = `the season's events, newest first:\n${newestFirst(events).map(eventWords).join('\n')}`;
    if (wanted === undefined) throw new UsageError(`${this.folder} holds ${paths.length} event files (${paths.map((p) => basename(p)).join(', ')}); choose one with --event (its file, id or name); ${listing}`);
    const found = findSeasonEvent(events, wanted);
    if (found.length === 1) return found[0]!.path;
    if (found.length > 1) throw new UsageError(`${found.length} events of ${this.folder} are named "${visible(wanted)}"; choose one by its id or file; ${listing}`);
    throw new UsageError(`no event in ${this.folder} has the id or name "${visible(wanted)}"; ${listing}`);
  }

  /** The opened event within its season, and the line saying where it stands in it (null alone). */
  async around(opened: { path: string; event: DeskEvent }): Promise<{ event: DeskEvent; line: string | null }> {
    const all = (await this.events()).filter((e) => e.ref.path !== opened.path && e.event.id.toLowerCase() !== opened.event.id.toLowerCase());
    if (all.length === 0) return { event: opened.event, line: null };
    const events = [...all.map((e) => e.event), opened.event];
    const place = placeInSeason(events, opened.event.id);
    const order = seasonOrder(events);
    const at = order.findIndex((e) => e === opened.event);
    const line = `Season: event ${at + 1} of ${order.length} (${order.map((e) => visible(e.name)).join(', ')}); what its characters did at the ${at} earlier event${at === 1 ? '' : 's'} counts here`;
    return { event: inSeason(opened.event, place), line };
  }
}

function eventWords(e: SeasonEventRef): string {
  const dates = e.start === e.end ? e.start : `${e.start} – ${e.end}`;
  return `  ${visible(e.name)} · ${dates} · id ${e.id} · ${visible(basename(e.path))}`;
}
