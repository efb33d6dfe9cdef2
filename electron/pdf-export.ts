// The PDF exporter the main process injects into the handlers (File > Export PDF…): one character's
// cards through the printing core, on the paper from the settings, with the fonts shipped in
// assets/fonts (inside the app's asar when packaged).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Paper } from '../core/ipc/contract';
import type { Character } from '../core/model/character';
import { FONT_FILES, FontMetrics, printCards, type FontBytes } from '../core/pdf/index';
import { derive as coreDerive } from '../core/rulesets/index';
import type { PdfExporter } from './ipc-handlers';

export function createPdfExporter(appRoot: string, options: { now?: () => Date; derive?: typeof coreDerive } = {}): PdfExporter {
  let fonts: Promise<{ bytes: FontBytes; metrics: FontMetrics }> | null = null;
  const loadFonts = () =>
    (fonts ??= Promise.all([readFile(join(appRoot, FONT_FILES.regular)), readFile(join(appRoot, FONT_FILES.bold))]).then(([regular, bold]) => {
      const bytes = { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
      return { bytes, metrics: new FontMetrics(bytes) };
    }));
  const derive = options.derive ?? coreDerive;
  const now = options.now ?? (() => new Date());
  return async (character: Character, { paper }: { paper: Paper }) => {
    const { bytes, metrics } = await loadFonts();
    const source = character.name || 'character';
    const printed = await printCards([{ character, derivation: derive(character), source }], {
      layout: { paper },
      now: now(),
      fonts: bytes,
      metrics,
      title: `${source}: Quartermaster cards`,
    });
    if (printed.problems.length > 0) throw new Error(printed.problems.map((p) => p.message).join('; '));
    return printed.bytes;
  };
}
