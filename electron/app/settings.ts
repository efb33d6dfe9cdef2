// The app's settings: a typed schema with defaults and a migration, stored by electron-store
// (which is `conf` underneath; tests use `conf` directly with a temp folder).
//
// Stored shape (schema version 1):
//   { schemaVersion: 1, libraryFolder, recentFiles (newest first, at most 10), paper: 'a4'|'letter',
//     language: 'en'|'bg', locale: '' (the system's) | a BCP 47 tag, windowBounds: { x?, y?, width, height, maximized } | null,
//     theme: 'system'|'light'|'dark', spellcheck: boolean,
//     calibrations: [{ printer, sheet, offsetMm, backOffsetMm }] (newest first, at most 50), printer: '' | the last printer's name }
//   (theme, spellcheck, calibrations and printer were added later: defaults fill them)
// Schema version 0 was the pre-release draft: `libraryPath`, `paperSize` ('A4'|'Letter'),
// `locale` (e.g. 'bg-BG'), `recent`, `window`. Migration 0 -> 1 renames and normalises them.
// Any field that is missing or invalid falls back to its default, so a hand-edited or damaged
// settings file never stops the app from starting.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_CALIBRATIONS, type Calibration, type Language, type Settings } from '../../core/ipc/contract';
import { CARD_STOCK_IDS, MAX_OFFSET_MM, PAPER_IDS } from '../../core/pdf/layout';
import type { DeskIdentity } from '../../core/desk/editions';
import { deskNameText } from '../../core/model/plain-text';
import { withoutControlCharacters } from '../../core/format/visible';

export const SETTINGS_SCHEMA_VERSION = 1;
export const MAX_RECENT_FILES = 10;
/** The library folder's name inside the user's Documents folder. */
export const DEFAULT_LIBRARY_NAME = 'Quartermaster';
export const DEFAULT_WINDOW = { width: 1200, height: 800 } as const;
/** The smallest window the layout supports. */
export const MIN_WINDOW = { width: 640, height: 480 } as const;

export type WindowBounds = { x?: number; y?: number; width: number; height: number; maximized: boolean };
/** The window's colours: the system's light or dark mode, or one of them always (View > Appearance). */
export type ThemeSetting = 'system' | 'light' | 'dark';
export const THEMES = ['system', 'light', 'dark'] as const satisfies readonly ThemeSetting[];
/**
 * Main-process settings besides the renderer's: window bounds, the theme, and spellchecking while
 * typing (Edit > Check Spelling; dictionaries are never downloaded, see electron/app/spelling.ts).
 */
export type AppSettings = Settings & { windowBounds: WindowBounds | null; theme: ThemeSetting; spellcheck: boolean; calibrations: Calibration[]; printer: string };

const LANGUAGES = ['en', 'bg'] as const satisfies readonly Language[];

/** A BCP 47 tag in its canonical spelling ("en-gb" → "en-GB"), or null when Intl does not accept it. */
function canonicalLocale(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

const coord = z.number().int().min(-100_000).max(100_000);
const windowBoundsSchema = z.object({
  x: coord.optional(),
  y: coord.optional(),
  width: z.number().int().min(MIN_WINDOW.width).max(100_000),
  height: z.number().int().min(MIN_WINDOW.height).max(100_000),
  maximized: z.boolean().default(false),
});

const fields = {
  libraryFolder: z.string().min(1).max(4096),
  recentFiles: z.array(z.string().min(1).max(4096)),
  paper: z.enum(PAPER_IDS),
  language: z.enum(LANGUAGES),
  /** '' follows the system; otherwise a BCP 47 tag Intl knows (stored in its canonical spelling). */
  locale: z
    .string()
    .max(35)
    .refine((tag) => tag === '' || canonicalLocale(tag) !== null, 'not a language tag such as "en-GB" or "bg"')
    .transform((tag) => (tag === '' ? '' : canonicalLocale(tag)!)),
  windowBounds: windowBoundsSchema.nullable(),
  theme: z.enum(THEMES),
  spellcheck: z.boolean(),
  calibrations: z.array(calibrationSchema()).max(MAX_CALIBRATIONS),
  printer: z.string().max(100),
};

/** A saved printer correction: the same range the layout accepts (core/pdf/grid.ts validateLayout). */
function calibrationSchema() {
  const offset = z.strictObject({ x: z.number().min(-MAX_OFFSET_MM).max(MAX_OFFSET_MM), y: z.number().min(-MAX_OFFSET_MM).max(MAX_OFFSET_MM) });
  const sheet = z.string().refine((k) => (CARD_STOCK_IDS as string[]).includes(k) || /^custom:(a4|letter):[a-z0-9]+$/.test(k), 'not a card stock or custom sheet');
  return z.strictObject({ printer: z.string().max(100), sheet, offsetMm: offset, backOffsetMm: offset });
}

export function defaultSettings(documentsFolder: string): AppSettings {
  return {
    libraryFolder: join(documentsFolder, DEFAULT_LIBRARY_NAME),
    recentFiles: [],
    paper: 'a4',
    language: 'en',
    locale: '',
    windowBounds: null,
    theme: 'system',
    spellcheck: true,
    calibrations: [],
    printer: '',
  };
}

/** Upgrades a stored settings object of any schema version to the current one. */
export function migrateSettings(raw: Record<string, unknown>): Record<string, unknown> {
  let current = { ...raw };
  let version = typeof current.schemaVersion === 'number' ? current.schemaVersion : 0;
  if (version === 0) {
    const { libraryPath, paperSize, locale, recent, window: win, ...rest } = current;
    current = { ...rest };
    if (current.libraryFolder === undefined && libraryPath !== undefined) current.libraryFolder = libraryPath;
    if (current.paper === undefined && typeof paperSize === 'string') current.paper = paperSize.toLowerCase();
    if (current.language === undefined && typeof locale === 'string') current.language = locale.slice(0, 2).toLowerCase();
    // The draft's locale was a full tag ("bg-BG"): it says how dates and numbers were written too.
    if (current.locale === undefined && typeof locale === 'string') current.locale = locale;
    if (current.recentFiles === undefined && recent !== undefined) current.recentFiles = recent;
    if (current.windowBounds === undefined && win !== undefined) current.windowBounds = win;
    version = 1;
  }
  current.schemaVersion = version;
  return current;
}

/** The typed settings from a stored object: migrated, each invalid field replaced by its default. */
export function readSettings(raw: Record<string, unknown>, documentsFolder: string): AppSettings {
  const migrated = migrateSettings(raw);
  const defaults = defaultSettings(documentsFolder);
  const pick = <K extends keyof AppSettings>(key: K): AppSettings[K] => {
    const parsed = fields[key].safeParse(migrated[key]);
    return parsed.success ? (parsed.data as AppSettings[K]) : defaults[key];
  };
  return {
    libraryFolder: pick('libraryFolder'),
    recentFiles: uniqueRecent(pick('recentFiles')),
    paper: pick('paper'),
    language: pick('language'),
    locale: pick('locale'),
    windowBounds: pick('windowBounds'),
    theme: pick('theme'),
    spellcheck: pick('spellcheck'),
    calibrations: pick('calibrations'),
    printer: pick('printer'),
  };
}

function uniqueRecent(paths: string[]): string[] {
  return [...new Set(paths)].slice(0, MAX_RECENT_FILES);
}

/** What the settings need from their storage: electron-store and conf both have a `store` property. */
export type SettingsBacking = { store: Record<string, unknown> };

export interface SettingsStore {
  get(): AppSettings;
  /** Validates and stores the given fields; throws on an invalid value. */
  update(patch: Partial<AppSettings>): AppSettings;
  /** Puts a file at the top of the recent files (at most 10 are kept). */
  addRecent(path: string): AppSettings;
  removeRecent(path: string): AppSettings;
  /** Replaces one path in the recent files (after a rename). */
  replaceRecent(from: string, to: string): AppSettings;
  /** Called after every change. */
  subscribe(listener: (settings: AppSettings) => void): () => void;
  /**
   * This installation's event desk (stored as `desk: { id, name }`): the id is random, made once;
   * the name is the host name until changed. Ledger entries carry both.
   */
  deskIdentity(): DeskIdentity;
  setDeskName(name: string): DeskIdentity;
}

const deskSchema = z.object({ id: z.uuid(), name: z.string().trim().pipe(deskNameText) });

/** The stored desk identity, or a new one (random id, the host name). */
export function readDesk(raw: unknown, host: () => string = hostname): DeskIdentity {
  const parsed = deskSchema.safeParse(raw);
  if (parsed.success) return { id: parsed.data.id.toLowerCase(), name: parsed.data.name };
  // A stored name no desk may have (control characters) keeps the desk's id, with the name made plain.
  const id = z.uuid().safeParse((raw as { id?: unknown } | null)?.id);
  const name = (raw as { name?: unknown } | null)?.name;
  if (id.success && typeof name === 'string') {
    const plain = withoutControlCharacters(name).trim().slice(0, 60);
    if (plain) return { id: id.data.toLowerCase(), name: plain };
  }
  return { id: randomUUID(), name: (withoutControlCharacters(host()).trim() || 'desk').slice(0, 60) };
}

/** Opens the settings over a backing store, migrating and writing back the stored object. */
export function openSettings(backing: SettingsBacking, documentsFolder: string): SettingsStore {
  let current = readSettings(backing.store, documentsFolder);
  let desk = readDesk(backing.store.desk);
  const listeners = new Set<(s: AppSettings) => void>();
  const persist = (next: AppSettings) => {
    current = next;
    backing.store = { schemaVersion: SETTINGS_SCHEMA_VERSION, ...next, desk };
    for (const l of listeners) l(current);
    return current;
  };
  // Write back the migrated, cleaned shape once (without notifying: nothing changed for the app).
  backing.store = { schemaVersion: SETTINGS_SCHEMA_VERSION, ...current, desk };
  return {
    get: () => current,
    update(patch) {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof AppSettings)[]) {
        if (!(key in fields)) throw new Error(`settings: unknown field "${key}"`);
        const parsed = fields[key].safeParse(patch[key]);
        if (!parsed.success) throw new Error(`settings: field "${key}" is invalid (${parsed.error.issues[0]?.message ?? 'bad value'})`);
        (next as Record<string, unknown>)[key] = parsed.data;
      }
      next.recentFiles = uniqueRecent(next.recentFiles);
      return persist(next);
    },
    addRecent: (path) => persist({ ...current, recentFiles: uniqueRecent([path, ...current.recentFiles]) }),
    removeRecent: (path) => persist({ ...current, recentFiles: current.recentFiles.filter((p) => p !== path) }),
    replaceRecent: (from, to) => persist({ ...current, recentFiles: uniqueRecent(current.recentFiles.map((p) => (p === from ? to : p))) }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deskIdentity: () => desk,
    setDeskName(name) {
      const parsed = deskSchema.shape.name.safeParse(name);
      if (!parsed.success) throw new Error('settings: the desk name must be 1 to 60 characters, without control characters (tabs, line breaks, escape codes)');
      desk = { ...desk, name: parsed.data };
      persist(current);
      return desk;
    },
  };
}

/** An in-memory backing store (for the end-to-end harness and tests that do not need a file). */
export function memoryBacking(initial: Record<string, unknown> = {}): SettingsBacking {
  return { store: { ...initial } };
}
