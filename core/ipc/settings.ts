// The settings' part of the IPC contract (core/ipc/contract.ts assembles the whole), with the
// printer corrections (calibrations) the settings keep.
import * as z from 'zod';
import { PAPER_IDS, type PaperId } from '../pdf/layout';
import type { PrintChoice } from './print';

export type Paper = PaperId;
export type Language = 'en' | 'bg';

export type Settings = {
  libraryFolder: string;
  recentFiles: string[];
  paper: Paper;
  language: Language;
  /** How dates, times and numbers are written (a BCP 47 tag such as "en-GB"); '' follows the system. */
  locale: string;
  /** The printer corrections measured on calibration pages, per printer and sheet (newest first). */
  calibrations?: Calibration[];
  /** The printer named in the last print ('' when none). */
  printer?: string;
};

/**
 * A printer's measured correction for one sheet: `printer` is the name the user gives it (the PDF
 * is printed from a viewer, so the app cannot know the printer), `sheet` is `sheetKey` of the choice.
 */
export type Calibration = { printer: string; sheet: string; offsetMm: { x: number; y: number }; backOffsetMm: { x: number; y: number } };

/** How many calibrations the settings keep. */
export const MAX_CALIBRATIONS = 50;

/** The sheet a correction belongs to: the card stock, or the paper and card size of a custom sheet. */
export function sheetKey(choice: Pick<PrintChoice, 'stock' | 'paper' | 'size'>): string {
  return choice.stock ?? `custom:${choice.paper}:${choice.size}`;
}

/** The saved correction for this printer and sheet, if any. */
export function calibrationFor(calibrations: readonly Calibration[] | undefined, printer: string, sheet: string): Calibration | null {
  const name = printer.trim().toLowerCase();
  return calibrations?.find((c) => c.printer.trim().toLowerCase() === name && c.sheet === sheet) ?? null;
}

/** The calibrations with this choice's correction saved first (replacing the same printer and sheet). */
export function withCalibration(calibrations: readonly Calibration[] | undefined, choice: PrintChoice): Calibration[] {
  const sheet = sheetKey(choice);
  const entry: Calibration = { printer: choice.printer.trim(), sheet, offsetMm: { ...choice.offsetMm }, backOffsetMm: { ...choice.backOffsetMm } };
  const others = (calibrations ?? []).filter((c) => c !== calibrationFor(calibrations, entry.printer, sheet));
  return [entry, ...others].slice(0, MAX_CALIBRATIONS);
}

export interface SettingsApi {
  getSettings(): Promise<Settings>;
  setSettings(args: Partial<Pick<Settings, 'paper' | 'language' | 'locale'>>): Promise<Settings>;
}

export const settingsArgs = {
  getSettings: z.tuple([]),
  setSettings: z.tuple([z.strictObject({ paper: z.enum(PAPER_IDS).optional(), language: z.enum(['en', 'bg']).optional(), locale: z.string().max(35).optional() })]),
};
