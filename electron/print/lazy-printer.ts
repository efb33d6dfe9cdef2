// The printer the main process holds: the printing code (pdf-lib, fontkit, the card layout) is
// loaded on the first export, preview, calibration page or event pack, so the window opens
// without it (electron/main-bundle.test.ts).
import type { Printer, PrinterOptions } from './print-pack';

export function lazyPrinter(appRoot: string, options: PrinterOptions = {}): Printer {
  let printer: Promise<Printer> | null = null;
  const load = () => (printer ??= import('./print-pack').then((m) => m.createPrinter(appRoot, options)));
  return {
    exportPdf: async (...args) => (await load()).exportPdf(...args),
    preview: async (...args) => (await load()).preview(...args),
    calibration: async (...args) => (await load()).calibration(...args),
    pack: async (...args) => (await load()).pack(...args),
  };
}
