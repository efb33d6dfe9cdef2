// The desk's bookings and export, main-process side: "Import bookings…" asks for a booking list
// (CSV), reads it (core/season/bookings-read.ts: a list with any problem imports nothing) and
// appends one `booking` entry per new or changed booking through the event's one log, as every
// entry; its answer is Record…'s, so the desk's Undo takes the import back. "Export characters…"
// writes the event's characters with their derived values as CSV (core/desk/export-csv.ts).
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BookingsImport, DeskFolder } from '../../core/ipc/contract';
import type { DeskCharacter } from '../../core/desk/characters';
import type { DeskEvent } from '../../core/desk/event';
import { charactersCsv } from '../../core/desk/export-csv';
import { sortEntries } from '../../core/desk/order';
import { deskRows } from '../../core/desk/rows';
import { isoLocal } from '../../core/desk/sheet';
import { importWords, planBookingImport } from '../../core/season/bookings-import';
import { listWords, MAX_BOOKING_FILE_BYTES, problemText, readBookingBytes } from '../../core/season/bookings-read';
import { bookingCandidates, deskBookings } from '../../core/season/bookings-report';
import type { EventLog } from '../../node/event-log/event-log';
import { writeAtomic } from '../../node/fs/files';
import type { SettingsStore } from '../app/settings';
import type { DeskCharacters } from './characters';
import { safeName } from './prints';
import type { DeskDeps, DeskHandlers } from './types';

export type DeskBookingsContext = {
  dialogs: DeskDeps['dialogs'];
  settings: SettingsStore;
  characters: DeskCharacters;
  now: () => number;
  checkFolder: (folder: string) => Promise<string>;
  eventLog: (folder: string, eventFile: string) => Promise<EventLog>;
  savedEvent: (folder: string, eventFile: string | undefined, list: readonly DeskCharacter[]) => Promise<DeskEvent>;
  outputPath: (chosen: string, suffix: '.pdf' | '.csv') => Promise<string>;
  load: (folder: string, eventFile: string) => Promise<DeskFolder>;
};

/** At most `max` bytes of the file, or null when it is larger (never read whole first). */
async function readCapped(path: string, max: number): Promise<Uint8Array | null> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    if (size > max) return null;
    const buffer = new Uint8Array(size);
    const { bytesRead } = await fh.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export function createDeskBookingHandlers(ctx: DeskBookingsContext): Pick<DeskHandlers, 'importBookings' | 'exportCharacters'> {
  const { dialogs, settings, characters } = ctx;
  return {
    async importBookings({ folder, eventFile, columns }): Promise<BookingsImport | null> {
      const log = await ctx.eventLog(folder, eventFile);
      const chosen = await dialogs.openCsvFile({ defaultPath: folder });
      if (chosen === null) return null;
      const file = basename(chosen);
      const bytes = await readCapped(chosen, MAX_BOOKING_FILE_BYTES);
      if (bytes === null) return { ok: false, file, problems: [`${file}: larger than the ${MAX_BOOKING_FILE_BYTES.toLocaleString('en')} bytes a booking list may have`] };
      const read = readBookingBytes(file, bytes, columns ?? {});
      if (!read.ok) return { ok: false, file, problems: read.problems.map(problemText) };
      const list = await characters.list(folder);
      const event = { ...log.event, entries: sortEntries(log.event.entries) };
      const desk = settings.deskIdentity();
      const plan = planBookingImport(event, read.list.rows, bookingCandidates(deskRows(list, event)), { at: isoLocal(new Date(ctx.now())), desk: desk.name, deskId: desk.id }, file);
      const appended = plan.entries.length > 0 ? await log.append(plan.entries) : { added: [], external: [] };
      return {
        ok: true,
        file,
        summary: importWords(plan),
        added: plan.added.length,
        changed: plan.changed.length,
        unchanged: plan.unchanged,
        read: listWords(read.list),
        unmatched: plan.unmatched.map((u) => ({ line: u.line, booking: u.booking, ambiguous: u.match.kind === 'ambiguous' })),
        notInList: plan.notInList,
        entries: [...appended.added, ...appended.external],
        made: appended.added.map((e) => e.id),
        desk: await ctx.load(folder, eventFile),
        written: [],
      };
    },

    async exportCharacters({ folder, eventFile }) {
      await ctx.checkFolder(folder);
      const list = await characters.list(folder);
      const event = await ctx.savedEvent(folder, eventFile, list);
      const rows = deskRows(list, event);
      const chosen = await dialogs.saveCsvFile({ defaultPath: join(folder, `${safeName(event.name)} characters.csv`) });
      if (chosen === null) return null;
      const out = await ctx.outputPath(chosen, '.csv');
      // The points spent bring the packs' CEL engine: loaded for an export only.
      const { pointsSpent } = await import('../../core/desk/export-points');
      const spent = pointsSpent(list);
      await writeAtomic(out, charactersCsv(rows, { event, bookings: deskBookings(rows, event), spent: (r) => spent(r.file) }));
      return { path: out, rows: rows.length };
    },
  };
}
