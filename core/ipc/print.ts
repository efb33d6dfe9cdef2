// Printing's part of the IPC contract (core/ipc/contract.ts assembles the whole): Export PDF…, the
// preview, Print event pack… and the calibration page.
import * as z from 'zod';
import type { Character } from '../model/character';
import { CARD_SECTIONS, type CardSection } from '../pdf/cards/context';
import type { DrawOp } from '../pdf/draw';
import { CARD_SIZES, CARD_STOCK_IDS, DEFAULT_LAYOUT, PAPER_IDS, type CardSizeId, type CardStockId, type PrintLayoutSettings, type Segment } from '../pdf/layout';
import type { PaperId as Paper } from '../pdf/layout';
import { loose, path } from './args';

/**
 * What Export PDF… and Print event pack… print: card groups, paper, card size and the printer's
 * corrections (core/pdf/grid.ts PrintLayoutSettings; the core checks the ranges and names the field).
 */
export type PrintChoice = Pick<PrintLayoutSettings, 'stock' | 'size' | 'marginMm' | 'offsetMm' | 'backOffsetMm'> & {
  sections: CardSection[];
  /** The printer's name as the user calls it, for its saved corrections ('' when none). */
  printer: string;
  paper: Paper;
  /** Print character-card backs for duplex. */
  backs: boolean;
};

/** Every card group on `paper`, with the core's default layout (what the command line prints by default). */
export function defaultPrintChoice(paper: Paper): PrintChoice {
  const { size, marginMm, offsetMm, backOffsetMm } = DEFAULT_LAYOUT;
  return { sections: [...CARD_SECTIONS], stock: null, printer: '', paper, size, marginMm, offsetMm: { ...offsetMm }, backOffsetMm: { ...backOffsetMm }, backs: true };
}

/** The first page of a print as drawing data (points, origin bottom-left), for the preview. */
export type PrintPreview = {
  widthPt: number;
  heightPt: number;
  /** Each card face on the page: its own drawing and the matrix that places it (as in the PDF). */
  faces: { matrix: [number, number, number, number, number, number]; width: number; height: number; ops: DrawOp[] }[];
  cutMarks: Segment[];
  cards: number;
  pages: number;
  perPage: number;
  /** Why cards were left out, and characters the font lacks. */
  problems: string[];
  warnings: string[];
};

/** Sent while an event pack prints: per file read, per character laid out, per page written. */
export type PrintProgress = { phase: 'reading' | 'laying-out' | 'writing'; done: number; total: number };

export type PackProblem = { path: string; message: string };

/** How Print event pack… ended (null from printPack: the save dialog was cancelled). */
export type PackResult =
  | { outcome: 'written'; path: string; characters: number; cards: number; pages: number; problems: PackProblem[] }
  | { outcome: 'cancelled'; problems: PackProblem[] }
  /** Nothing could be printed: no PDF was written. */
  | { outcome: 'nothing'; problems: PackProblem[] };

/** How many files one event pack may name (the library lists thousands). */
export const MAX_PACK_FILES = 10_000;

const mmPair = z.strictObject({ x: z.number(), y: z.number() });
export const printChoice = z.strictObject({
  sections: z.array(z.enum(CARD_SECTIONS)).min(1).max(CARD_SECTIONS.length),
  stock: z.enum(CARD_STOCK_IDS as [CardStockId, ...CardStockId[]]).nullable(),
  printer: z.string().max(100),
  paper: z.enum(PAPER_IDS),
  size: z.enum(Object.keys(CARD_SIZES) as [CardSizeId, ...CardSizeId[]]),
  marginMm: z.number(),
  offsetMm: mmPair,
  backOffsetMm: mmPair,
  backs: z.boolean(),
});

export interface PrintApi {
  /** Asks where to save, writes the PDF atomically and opens it; `print` defaults to every group on the settings' paper. */
  exportPdf(args: { path: string; character: Character; print?: PrintChoice }): Promise<{ path: string } | null>;
  /** The first page of the character's cards, for the export dialog's preview. */
  previewPrint(args: { path: string; character: Character; print: PrintChoice }): Promise<PrintPreview>;
  /** Prints the cards of several library files into one PDF (asks where, reports progress, opens it). */
  printPack(args: { paths: string[]; print: PrintChoice }): Promise<PackResult | null>;
  /** Asks where, writes the calibration page for the choice's sheet and corrections, and opens it; saves the corrections for the printer and sheet. */
  printCalibration(args: { print: PrintChoice }): Promise<{ path: string } | null>;
  /** Stops a running printPack (it then resolves with outcome 'cancelled'). */
  cancelPrint(): Promise<void>;
}

export const printArgs = {
  exportPdf: z.tuple([z.strictObject({ path, character: loose, print: printChoice.optional() })]),
  previewPrint: z.tuple([z.strictObject({ path, character: loose, print: printChoice })]),
  printPack: z.tuple([z.strictObject({ paths: z.array(path).min(1).max(MAX_PACK_FILES), print: printChoice })]),
  printCalibration: z.tuple([z.strictObject({ print: printChoice })]),
  cancelPrint: z.tuple([]),
};
