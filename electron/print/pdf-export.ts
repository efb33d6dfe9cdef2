// The PDF exporter the main process injects into the handlers (File > Export PDF…): one character's
// cards through the printing core (electron/print/print-pack.ts), with the groups and layout chosen in the
// export dialog, or every group on the paper from the settings.
import { defaultPrintChoice, type Paper, type PrintChoice } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import type { derive as coreDerive } from '../../core/rulesets/index';
import type { PdfExporter } from '../ipc/handlers';
import { lazyPrinter } from './lazy-printer';
import type { Printer } from './print-pack';

/** A choice with defaults for what is not given (every group, the core's default layout). */
export function fullChoice(choice: { paper: Paper } & Partial<PrintChoice>): PrintChoice {
  return { ...defaultPrintChoice(choice.paper), ...choice };
}

export function createPdfExporter(appRoot: string, options: { now?: () => Date; derive?: typeof coreDerive; printer?: Printer } = {}): PdfExporter {
  const printer = options.printer ?? lazyPrinter(appRoot, options);
  return async (character: Character, choice) => printer.exportPdf(character, character.name || 'character', fullChoice(choice));
}
