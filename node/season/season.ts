// A season folder's events, read for the event opened in it (core/season/): every other
// `*.event.json` of the folder is read (never written), and what its ledger leaves to the events
// after it kept, by file size and modified time, so opening the folder again reads only the event
// files that changed. A file that does not open is left out of the season and named.
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { EVENT_FILE_SUFFIX, type DeskEvent, type EventHeader } from '../../core/desk/event';
import { loadEventBytes } from '../../core/desk/event-load';
import { compareSeason, crossingLines, earlierEvent, inSeason, seasonOrder, type EarlierEvent, type SeasonEventRef, type SeasonPlace } from '../../core/season/season';

/** The visible `*.event.json` files directly in a folder, sorted by name. */
export async function eventFilesIn(folder: string): Promise<string[]> {
  return (await readdir(folder, { withFileTypes: true }))
    .filter((d) => d.name.endsWith(EVENT_FILE_SUFFIX) && !d.name.startsWith('.') && (d.isFile() || d.isSymbolicLink()))
    .map((d) => join(folder, d.name))
    .sort();
}

type Read = { header: EventHeader; earlier: EarlierEvent };
type Cached = { size: number; mtimeMs: number; read: Read | { problem: string } };

export type Season = {
  /** Every event of the season that opens, in season order (the opened one among them). */
  events: SeasonEventRef[];
  /** The opened event's place (null when it is the season's only event). */
  place: SeasonPlace | null;
  /** Event files left out of the season, in words. */
  problems: string[];
};

const refOf = (path: string, h: Pick<EventHeader, 'id' | 'name' | 'dates'>): SeasonEventRef => ({ path, id: h.id, name: h.name, start: h.dates.start, end: h.dates.end });

/** Reads seasons, keeping each event file's reading until the file changes. */
export class SeasonReader {
  private readonly cache = new Map<string, Cached>();

  /** The season around the event of `opened` (its file and its event as the desk holds it). */
  async around(folder: string, opened: { path: string; event: DeskEvent }): Promise<Season> {
    const files = (await eventFilesIn(folder)).filter((f) => basename(f) !== basename(opened.path));
    const problems: string[] = [];
    const others: { path: string; read: Read }[] = [];
    for (const path of files) {
      const got = await this.read(path);
      if ('problem' in got) problems.push(`${path}: ${got.problem}; it is left out of the season`);
      // A copy of the opened event (another desk's, before merging) is not another event.
      else if (got.header.id.toLowerCase() !== opened.event.id.toLowerCase()) others.push({ path, read: got });
      else problems.push(`${path}: holds the same event as ${basename(opened.path)} (id ${opened.event.id}); merge the two copies (quartermaster desk merge); it is left out of the season`);
    }
    const events = seasonOrder([...others.map((o) => ({ ...refOf(o.path, o.read.header), dates: o.read.header.dates })), { ...refOf(opened.path, opened.event), dates: opened.event.dates }]).map(({ dates: _d, ...ref }) => ref);
    if (others.length === 0) return { events, place: null, problems };
    const earlier = others.filter((o) => compareSeason(o.read.header, opened.event) < 0).sort((a, b) => compareSeason(a.read.header, b.read.header));
    const later = others.filter((o) => compareSeason(o.read.header, opened.event) > 0).sort((a, b) => compareSeason(a.read.header, b.read.header));
    return { events, place: { earlier: earlier.map((o) => o.read.earlier), later: later.map((o) => o.read.header.id) }, problems };
  }

  /** The folder's events that open, in season order (for choosing one), and the files that do not. */
  async list(folder: string): Promise<{ events: SeasonEventRef[]; problems: string[] }> {
    const events: (SeasonEventRef & { dates: EventHeader['dates'] })[] = [];
    const problems: string[] = [];
    for (const path of await eventFilesIn(folder)) {
      const got = await this.read(path);
      if ('problem' in got) problems.push(`${path}: ${got.problem}`);
      else events.push({ ...refOf(path, got.header), dates: got.header.dates });
    }
    return { events: seasonOrder(events).map(({ dates: _d, ...ref }) => ref), problems };
  }

  /** The event opened within its season, and the season. */
  async open(folder: string, opened: { path: string; event: DeskEvent }): Promise<Season & { event: DeskEvent }> {
    const season = await this.around(folder, opened);
    return { ...season, event: inSeason(opened.event, season.place) };
  }

  private async read(path: string): Promise<Read | { problem: string }> {
    let s;
    try {
      s = await stat(path);
    } catch (e) {
      return { problem: (e as Error).message };
    }
    const hit = this.cache.get(path);
    if (hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs) return hit.read;
    let read: Read | { problem: string };
    try {
      // Only what may cross events is parsed (core/season/season.ts crossingLines).
      const loaded = loadEventBytes(crossingLines(new Uint8Array(await readFile(path)), path), path);
      if (!loaded.ok) read = { problem: loaded.problem.message };
      else {
        const { entries: _e, ...header } = loaded.event;
        read = { header, earlier: earlierEvent(loaded.event) };
      }
    } catch (e) {
      read = { problem: (e as Error).message };
    }
    this.cache.set(path, { size: s.size, mtimeMs: s.mtimeMs, read });
    return read;
  }
}
