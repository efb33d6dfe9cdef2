// The event desk's prints (the main-process side of the desk view): the check-in sheet (PDF, CSV),
// the preview of "Reprint changed" and the reprint itself, which records the print and the serials
// it voids in the event file (appended to its log). The folder checks and the log are electron/desk/desk.ts's.
// Printing (pdf-lib, fontkit, the card layout) is loaded on the first print or preview, so the
// window opens without it (electron/main-bundle.test.ts).
import { join } from 'node:path';
import type { Paper, PrintChoice, ReprintOutcome, ReprintPlan, SheetExport } from '../../core/ipc/contract';
import type { DeskCharacter } from '../../core/desk/characters';
import { eventRuleset, type DeskEvent } from '../../core/desk/event';
import { cardsBySource, newPrint, planReprint, recordPrints, type NewPrint } from '../../core/desk/lifecycle';
import { nextEditions } from '../../core/desk/editions';
import { deskRows } from '../../core/desk/rows';
import { isoLocal, sheetRows } from '../../core/desk/sheet';
import { checkInCsv } from '../../core/desk/sheet-csv';
import { RULESETS } from '../../core/rulesets/index';
import { nativeDeflate } from '../../node/fs/deflate';
import { writeAtomic } from '../../node/fs/files';
import { holdBackConflicts, readConflictList } from '../../node/sync/conflict-list';
import type { DeskCharacters } from './characters';
import type { DeskDeps, DeskHandlers } from './types';
import type { DeskFonts } from '../ipc/types';
import type { EventLog } from '../../node/event-log/event-log';

/** What the print handlers use of electron/desk/desk.ts's handler table. */
export type DeskPrintContext = Pick<DeskDeps, 'dialogs' | 'settings'> & {
  characters: DeskCharacters;
  fonts: DeskFonts;
  nowDate: () => Date;
  checkFolder: (folder: string) => Promise<string>;
  /** The event file's log, the arguments checked. */
  eventLog: (folder: string, eventFile: string) => Promise<EventLog>;
  /** The log's event within its season (core/season/): who is out of play counts the earlier events. */
  seasonEvent: (folder: string, log: EventLog) => Promise<DeskEvent>;
  savedEvent: (folder: string, eventFile: string | undefined, list: readonly DeskCharacter[]) => Promise<DeskEvent>;
  outputPath: (chosen: string, suffix: '.pdf' | '.csv') => Promise<string>;
};

/** The layout, groups and backs of a desk print: the volunteer's choice, or every group on the settings' paper. */
async function deskPrintOptions(print: PrintChoice | undefined, paper: Paper) {
  if (!print) return { layout: { paper } };
  const { layoutOf } = await import('../print/print-pack');
  return { layout: layoutOf(print), sections: print.sections, backs: print.backs };
}
export function createDeskPrintHandlers(ctx: DeskPrintContext): Pick<DeskHandlers, 'exportCheckInSheet' | 'previewReprint' | 'reprintChanged'> {
  const { dialogs, settings, characters, fonts, nowDate, checkFolder, eventLog, seasonEvent, savedEvent, outputPath } = ctx;
  return {
    async exportCheckInSheet({ folder, eventFile, format }) {
      await checkFolder(folder);
      const list = await characters.list(folder);
      const event = await savedEvent(folder, eventFile, list);
      const rows = sheetRows(deskRows(list, event), event);
      const stem = `${safeName(event.name)} check-in sheet`;
      const ask = format === 'pdf' ? dialogs.savePdfFile : dialogs.saveCsvFile;
      const chosen = await ask({ defaultPath: join(folder, `${stem}.${format}`) });
      if (chosen === null) return null;
      const out = await outputPath(chosen, format === 'pdf' ? '.pdf' : '.csv');
      let pages = 1;
      let data: Uint8Array | string;
      if (format === 'csv') data = checkInCsv(rows);
      else {
        const ruleset = eventRuleset(event);
        const { bytes } = await fonts();
        const { checkInSheetPdf } = await import('../../core/desk/sheet-pdf');
        const made = await checkInSheetPdf(rows, { event, gameName: ruleset ? RULESETS[ruleset].name : event.game, fonts: bytes, now: nowDate(), paper: settings.get().paper });
        data = made.bytes;
        pages = made.pages;
      }
      await writeAtomic(out, data);
      const result: SheetExport = { path: out, rows: rows.length, pages };
      return result;
    },

    async previewReprint({ folder, eventFile, print }) {
      const log = await eventLog(folder, eventFile);
      const list = await characters.list(folder);
      // As the print itself does: characters edited at two desks and not yet resolved wait, and the dialog says why.
      const planned = planReprint(list, await seasonEvent(folder, log));
      const plan = holdBackConflicts(planned, await readConflictList(folder));
      const held = plan.skipped.slice(planned.skipped.length).map((s) => s.reason);
      const byFile = new Map(list.map((c) => [c.file, c]));
      const toPrint = plan.print.map((p) => byFile.get(p.file)).filter((c): c is Extract<DeskCharacter, { readable: true }> => c?.readable === true);
      const { metrics } = await fonts();
      const opts = await deskPrintOptions(print, settings.get().paper);
      const { layoutBatch } = await import('../../core/pdf/index');
      const laid = layoutBatch(
        toPrint.map((c) => ({ character: c.character, derivation: c.derivation, source: c.file, hash: c.hash })),
        { now: nowDate(), metrics, ...opts },
      );
      const readable = list.filter((c) => c.readable).length;
      return {
        characters: toPrint.length,
        // Nobody printed for this event yet: this prints every character in the folder.
        everyone: toPrint.length > 0 && toPrint.length === readable && plan.print.every((p) => p.reason !== 'changed'),
        unchanged: plan.unchanged.length,
        cards: laid.cards.length,
        pages: laid.sheets.length,
        rulesets: [...new Set(toPrint.map((c) => c.character.ruleset))],
        problems: [...held, ...[...laid.problems, ...laid.warnings].map((p) => p.message)],
        outOfPlay: plan.outOfPlay,
      } satisfies ReprintPlan;
    },

    async reprintChanged({ folder, eventFile, print }) {
      const log = await eventLog(folder, eventFile);
      const path = log.path;
      const list = await characters.list(folder);
      // A shared event's characters edited at two desks wait until the conflict is resolved.
      const plan = holdBackConflicts(planReprint(list, await seasonEvent(folder, log)), await readConflictList(folder));
      if (plan.print.length === 0) return { kind: 'nothing', unchanged: plan.unchanged.length, skipped: plan.skipped, outOfPlay: plan.outOfPlay } satisfies ReprintOutcome;

      const chosen = await dialogs.savePdfFile({ defaultPath: join(folder, `${safeName(log.header.name)} cards ${isoLocal(nowDate()).slice(0, 10)}.pdf`) });
      if (chosen === null) return null;
      const out = await outputPath(chosen, '.pdf');
      const byFile = new Map(list.map((c) => [c.file, c]));
      const toPrint = plan.print.map((p) => byFile.get(p.file)).filter((c): c is Extract<DeskCharacter, { readable: true }> => c?.readable === true);
      const now = nowDate();
      const { bytes: fontBytes, metrics } = await fonts();
      // Each card's edition in this print, printed on it (SERIAL/EDITION) and recorded.
      const desk = settings.deskIdentity();
      // Editions from the ledger as it is when the cards are laid out; the prints are appended right after.
      const next = nextEditions(log.event, desk);
      const { printCards } = await import('../../core/pdf/index');
      const printed = await printCards(
        toPrint.map((c) => ({ character: c.character, derivation: c.derivation, source: c.file, hash: c.hash })),
        { now, fonts: fontBytes, metrics, ...(await deskPrintOptions(print, settings.get().paper)), title: `Quartermaster cards: ${log.header.name}`, deflate: nativeDeflate, editions: (_id, serial) => next(serial) },
      );
      const serials = cardsBySource(printed.cards);
      const prints: NewPrint[] = toPrint.filter((c) => serials.has(c.file)).map((c) => newPrint(c, serials.get(c.file)!));
      const problems = printed.problems.map((p) => p.message);
      if (prints.length === 0) throw new Error(`No cards could be printed: ${problems.join('; ') || 'nothing to lay out'}`);
      const recorded = recordPrints(log.event, prints, { at: isoLocal(now), desk: desk.name, deskId: desk.id });
      await writeAtomic(out, printed.bytes);
      let appended;
      try {
        appended = await log.append(recorded.entries);
      } catch (e) {
        throw new Error(`${out} was written, but the print could not be recorded in ${path} (${(e as Error).message}); the next reprint prints these characters again`);
      }
      const done = new Set(prints.map((p) => p.id));
      return {
        kind: 'printed',
        path: out,
        cards: printed.cards.length,
        pages: printed.pages,
        printed: plan.print.filter((p) => done.has(p.id)).map((p) => ({ id: p.id, file: p.file, name: p.name, player: p.player, reason: p.reason, previousAt: p.previous?.at ?? null })),
        voids: recorded.voids,
        skipped: plan.skipped,
        outOfPlay: plan.outOfPlay,
        problems,
        entries: [...appended.external, ...appended.added],
      } satisfies ReprintOutcome;
    },
  };
}

/** An event name as part of a file name. */
export function safeName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 100) || 'event';
}
