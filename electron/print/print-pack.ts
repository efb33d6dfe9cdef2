// The app's printing (File > Export PDF… and Print event pack…), over the printing core: one
// character's cards as a PDF or as a first-page preview, and an event pack of many library files
// printed into one PDF with progress and cancelling. The fonts are read once, from assets/fonts
// (inside the asar when packaged). Never writes anything: the handlers write the bytes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCharacterBytes } from '../../core/format/load';
import type { PackProblem, PrintChoice, PrintPreview, PrintProgress } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { FONT_FILES, FontMetrics, layoutBatch, LayoutError, layoutSettings, printCards, printOrder, type FontBytes, type LaidOutCard, type PrintCharacter, type PrintLayoutSettings } from '../../core/pdf/index';
import { PdfWriter } from '../../core/pdf/emit';
import { faceMatrix, impose } from '../../core/pdf/impose';
import { gridFor } from '../../core/pdf/layout';
import { printCalibration } from '../../core/pdf/calibration';
import type { DrawOp } from '../../core/pdf/draw';
import type { CardLanguage } from '../../core/pdf/labels';
import { derive as coreDerive } from '../../core/rulesets/index';
import { ioProblem, readBytes } from '../../node/fs/files';
import { nativeContentHash } from '../../node/fs/sha256';
import { nativeDeflate } from '../../node/fs/deflate';

export type PrinterOptions = { now?: () => Date; derive?: typeof coreDerive };

/** An event pack, laid out and written (or not: see `outcome`). */
export type PackRun =
  | { outcome: 'written'; bytes: Uint8Array; characters: number; cards: number; pages: number; problems: PackProblem[] }
  | { outcome: 'cancelled'; problems: PackProblem[] }
  | { outcome: 'nothing'; problems: PackProblem[] };

export type PackControl = {
  onProgress?: (progress: PrintProgress) => void;
  /** Asked between characters and between pages; true stops the run without a PDF. */
  cancelled?: () => boolean;
};

export type Printer = {
  /** One character's PDF. Throws a clear Error for bad settings or a card that cannot be laid out. */
  exportPdf(character: Character, source: string, choice: PrintChoice): Promise<Uint8Array>;
  /** The first page of one character's cards, as drawing data. */
  preview(character: Character, source: string, choice: PrintChoice): Promise<PrintPreview>;
  /** The calibration page for the choice's sheet, printer and corrections. */
  calibration(choice: PrintChoice, language: CardLanguage): Promise<Uint8Array>;
  /** Reads, lays out and writes the cards of many files; unreadable files are reported, the rest print. */
  pack(files: readonly string[], choice: PrintChoice, control?: PackControl): Promise<PackRun>;
};

/** The core's layout settings for a choice; a bad value is named (e.g. "print settings: margin must be …"). */
export function layoutOf(choice: PrintChoice): PrintLayoutSettings {
  return layoutSettings({ stock: choice.stock, paper: choice.paper, size: choice.size, marginMm: choice.marginMm, offsetMm: choice.offsetMm, backOffsetMm: choice.backOffsetMm });
}

/** The whole layout-and-print options for one run of a choice. */
function runOptions(choice: PrintChoice, now: Date) {
  return { layout: layoutOf(choice), sections: choice.sections, backs: choice.backs, now };
}

/**
 * A drawing operation as plain data for the renderer: a QR code's runs are a typed array in layout
 * (core/pdf/qr.ts), a plain array in the preview, so the answer reads the same however it is carried.
 */
function plainOp(o: DrawOp): DrawOp {
  return o.op === 'cells' ? { ...o, runs: Array.from(o.runs) } : o;
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createPrinter(appRoot: string, options: PrinterOptions = {}): Printer {
  let fonts: Promise<{ bytes: FontBytes; metrics: FontMetrics }> | null = null;
  const loadFonts = () =>
    (fonts ??= Promise.all([readFile(join(appRoot, FONT_FILES.regular)), readFile(join(appRoot, FONT_FILES.bold))]).then(([regular, bold]) => {
      const bytes = { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
      return { bytes, metrics: new FontMetrics(bytes) };
    }));
  const derive = options.derive ?? coreDerive;
  const now = options.now ?? (() => new Date());

  /** Settings errors from the core become plain errors naming the setting. */
  const checked = <T>(run: () => T): T => {
    try {
      return run();
    } catch (e) {
      if (e instanceof LayoutError) throw new Error(e.message);
      throw e;
    }
  };

  return {
    async exportPdf(character, source, choice) {
      const { bytes, metrics } = await loadFonts();
      const opts = checked(() => runOptions(choice, now()));
      const printed = await printCards([{ character, derivation: derive(character), source }], { ...opts, fonts: bytes, metrics, title: `${character.name || source}: Quartermaster cards`, deflate: nativeDeflate, contentHash: nativeContentHash });
      if (printed.problems.length > 0) throw new Error(printed.problems.map((p) => p.message).join('; '));
      if (printed.cards.length === 0) throw new Error(`${source}: no ${choice.sections.join(', ')} cards for this character; nothing was written`);
      return printed.bytes;
    },

    async calibration(choice, language) {
      const { bytes, metrics } = await loadFonts();
      const layout = checked(() => layoutOf(choice));
      const made = await printCalibration({ layout, backs: choice.backs, language, metrics, printer: choice.printer, fonts: bytes, now: now(), deflate: nativeDeflate });
      return made.bytes;
    },

    async preview(character, source, choice) {
      const { metrics } = await loadFonts();
      const laid = checked(() => layoutBatch([{ character, derivation: derive(character), source }], { ...runOptions(choice, now()), metrics }));
      const first = laid.sheets[0];
      return {
        widthPt: laid.grid.paper.widthPt,
        heightPt: laid.grid.paper.heightPt,
        faces: (first?.faces ?? []).map((placed) => ({ matrix: faceMatrix(placed), width: placed.face.width, height: placed.face.height, ops: placed.face.ops.map(plainOp) })),
        cutMarks: first?.cutMarks ?? [],
        cards: laid.cards.length,
        pages: laid.sheets.length,
        perPage: laid.grid.perPage,
        problems: laid.problems.map((p) => p.message),
        warnings: laid.warnings.map((w) => w.message),
      };
    },

    async pack(files, choice, control = {}) {
      const progress = control.onProgress ?? (() => undefined);
      const cancelled = control.cancelled ?? (() => false);
      const opts = checked(() => runOptions(choice, now()));
      const grid = checked(() => gridFor(opts.layout));
      const { bytes: fontBytes, metrics } = await loadFonts();
      const problems: PackProblem[] = [];

      // 1. Read every file: the unreadable are reported, the rest go on.
      const entries: PrintCharacter[] = [];
      const seen = new Map<string, string>();
      for (let i = 0; i < files.length; i++) {
        if (cancelled()) return { outcome: 'cancelled', problems };
        const path = files[i]!;
        let bytes: Uint8Array | null = null;
        try {
          bytes = await readBytes(path);
        } catch (e) {
          problems.push({ path, message: ioProblem(path, e).message });
        }
        if (bytes) {
          const loaded = loadCharacterBytes(bytes, path);
          if (!loaded.ok) problems.push({ path, message: loaded.problem.message });
          else {
            const first = seen.get(loaded.character.id);
            if (first !== undefined) {
              problems.push({ path, message: `${path}: the character id ${loaded.character.id} is already printed from ${first}; printed once (card serials come from the id)` });
            } else {
              seen.set(loaded.character.id, path);
              entries.push({ character: loaded.character, derivation: derive(loaded.character), source: path });
            }
          }
        }
        progress({ phase: 'reading', done: i + 1, total: files.length });
        await yieldToEvents();
      }

      // 2. Lay out each character's cards, in print order (by player, then name).
      entries.sort(printOrder);
      const cards: LaidOutCard[] = [];
      for (let i = 0; i < entries.length; i++) {
        if (cancelled()) return { outcome: 'cancelled', problems };
        const laid = layoutBatch([entries[i]!], { ...opts, metrics, contentHash: nativeContentHash });
        for (const p of [...laid.problems, ...laid.warnings]) problems.push({ path: p.source, message: p.message });
        cards.push(...laid.cards);
        progress({ phase: 'laying-out', done: i + 1, total: entries.length });
        await yieldToEvents();
      }
      if (cards.length === 0) return { outcome: 'nothing', problems };

      // 3. Place them on sheets and write the pages.
      const sheets = impose(cards, grid, opts.layout, opts.backs);
      const writer = await PdfWriter.create(fontBytes, { title: 'Quartermaster event pack', now: opts.now }, nativeDeflate);
      for (let i = 0; i < sheets.length; i++) {
        if (cancelled()) return { outcome: 'cancelled', problems };
        writer.addSheet(sheets[i]!, grid.paper.widthPt, grid.paper.heightPt);
        progress({ phase: 'writing', done: i + 1, total: sheets.length });
        if (i % 10 === 9) await yieldToEvents();
      }
      if (cancelled()) return { outcome: 'cancelled', problems };
      const bytes = await writer.save();
      const characters = new Set(cards.map((c) => c.source)).size;
      return { outcome: 'written', bytes, characters, cards: cards.length, pages: sheets.length, problems };
    },
  };
}
