// Export PDF…, the print preview, Print event pack… and the calibration page (core/ipc/print.ts).
import { basename, dirname, join } from 'node:path';
import { CARD_STOCKS } from '../../../core/pdf/layout';
import { stemOf, writeAtomic } from '../../../node/fs/files';
import type { IpcHandlers } from '../types';
import type { HandlerContext } from './context';

export function printHandlers(ctx: HandlerContext): Pick<IpcHandlers, 'exportPdf' | 'previewPrint' | 'printPack' | 'printCalibration' | 'cancelPrint'> {
  const { deps, settings, guard, libraryFolder, checkPath, characterArg, choosePdf, keepCalibration, openWhenDone } = ctx;
  /** The event pack being printed, if any (one at a time). */
  let printing: { cancelled: boolean } | null = null;
  const printer = () => {
    if (!deps.printer) throw new Error('Printing is not available in this build');
    return deps.printer;
  };
  return {
    async exportPdf({ path, character, print }) {
      await checkPath(path);
      const parsed = characterArg(character, path, 'export');
      const folder = guard.kindOf(path) === 'example' ? libraryFolder() : dirname(path);
      const out = await choosePdf(join(folder, `${stemOf(basename(path))}.pdf`), 'export');
      if (out === null) return null;
      const bytes = await deps.exportPdf(parsed, print ?? { paper: settings.get().paper });
      await writeAtomic(out, bytes);
      keepCalibration(print);
      await openWhenDone(out);
      return { path: out };
    },

    async previewPrint({ path, character, print }) {
      await checkPath(path);
      return printer().preview(characterArg(character, path, 'preview'), path, print);
    },

    async printPack({ paths, print }) {
      if (printing) throw new Error('An event pack is already printing; wait for it or cancel it');
      const run = { cancelled: false };
      printing = run;
      try {
        const files: string[] = [];
        for (const p of paths) files.push(await checkPath(p));
        const day = new Date(deps.now()).toISOString().slice(0, 10);
        const out = await choosePdf(join(libraryFolder(), `Event pack ${day}.pdf`), 'print the event pack');
        if (out === null) return null;
        const result = await printer().pack(files, print, { onProgress: deps.onPrintProgress, cancelled: () => run.cancelled });
        if (result.outcome !== 'written') return result;
        await writeAtomic(out, result.bytes);
        keepCalibration(print);
        await openWhenDone(out);
        const { characters, cards, pages, problems } = result;
        return { outcome: 'written', path: out, characters, cards, pages, problems };
      } finally {
        printing = null;
      }
    },

    async printCalibration({ print }) {
      const sheet = print.stock ? `${CARD_STOCKS[print.stock].brand} ${CARD_STOCKS[print.stock].code}` : `${print.paper === 'a4' ? 'A4' : 'Letter'} ${print.size}`;
      const out = await choosePdf(join(libraryFolder(), `Calibration page ${sheet}.pdf`), 'print the calibration page');
      if (out === null) return null;
      const bytes = await printer().calibration(print, settings.get().language);
      await writeAtomic(out, bytes);
      keepCalibration(print);
      await openWhenDone(out);
      return { path: out };
    },

    async cancelPrint() {
      if (printing) printing.cancelled = true;
    },
  };
}
