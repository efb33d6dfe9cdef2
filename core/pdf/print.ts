// Printing a batch: characters in, a PDF of their cards out. Pure: the caller passes the font bytes
// and the time, and writes the bytes where it likes.
import type { Character } from '../model/character';
import type { Derivation } from '../rulesets/types';
import { cardContext, cardsFor, CARD_SECTIONS, type CardSection, type CardSpec } from './cards/index';
import { LaidFace, type CardFace, type DrawOp } from './draw';
import { PdfWriter, type Deflate } from './emit';
import { layoutContent } from './flow';
import { FontMetrics, type FontBytes } from './fonts';
import { impose, type PhysicalCard, type Sheet } from './impose';
import type { CardLanguage } from './labels';
import { DEFAULT_LAYOUT, LayoutError, gridFor, validateLayout, type Grid, type PrintLayoutSettings } from './layout';
import { compareNames } from '../model/collate';

export type PrintCharacter = {
  character: Character;
  derivation: Derivation;
  source: string;
  /** contentHash(character), when the caller has it already (the event desk hashes every character it loads). */
  hash?: string;
};

export type PrintOptions = {
  layout?: Partial<PrintLayoutSettings>;
  /**
   * The event desk's editions (core/desk/editions.ts): the edition each card's serial gets in this
   * print, printed as SERIAL/EDITION and carried in the character card's QR code. Without it (a print
   * outside an event) cards carry the serial alone.
   */
  editions?: (characterId: string, serial: string) => string;
  sections?: readonly CardSection[];
  /** Card language; "auto" prints bg-magic in Bulgarian and the other games in English. */
  language?: CardLanguage | 'auto';
  /** Print backs (duplex). Default true. */
  backs?: boolean;
  /** The print time, for the PDF's dates and the date on character cards. */
  now: Date;
  fonts: FontBytes;
  /** Reuse measured widths between runs (the app keeps one). */
  metrics?: FontMetrics;
  title?: string;
  /** Compresses the page content: pass Node's native zlib where there is one (node/fs/deflate.ts). */
  deflate?: Deflate;
  /**
   * The content hash of a character without one given: core/format/hash.ts contentHash by default;
   * pass node's native SHA-256 over the same canonical JSON where there is one (node/fs/sha256.ts nativeContentHash).
   */
  contentHash?: (character: Character) => string;
};

export type PrintProblem = { source: string; message: string };

/**
 * What a laid-out card keeps of its spec: what the card is and its serial, not the content it was
 * laid out from (a large print would hold every card's blocks and words until it is written).
 */
export type CardName = Pick<CardSpec, 'type' | 'section' | 'serial' | 'edition' | 'label'>;

export type LaidOutCard = PhysicalCard & {
  spec: CardName;
  source: string;
  /** 1-based part and number of parts when the card continues on further cards. */
  part: number;
  parts: number;
};

export type Laid = {
  grid: Grid;
  settings: PrintLayoutSettings;
  cards: LaidOutCard[];
  sheets: Sheet[];
  /** Characters in print order. */
  order: PrintCharacter[];
  /** Characters whose cards could not be laid out (they are left out). */
  problems: PrintProblem[];
  /** Printed, but worth a look (characters the font lacks). */
  warnings: PrintProblem[];
};

export type Printed = Laid & { bytes: Uint8Array; pages: number };


/** Print order: by player, then character name, then id and file (so equal names stay stable). */
export function printOrder(a: PrintCharacter, b: PrintCharacter): number {
  return (
    compareNames(a.character.player, b.character.player) ||
    compareNames(a.character.name, b.character.name) ||
    a.character.id.localeCompare(b.character.id) ||
    a.source.localeCompare(b.source)
  );
}

export function layoutSettings(partial: Partial<PrintLayoutSettings> = {}): PrintLayoutSettings {
  const settings = { ...DEFAULT_LAYOUT, ...partial };
  const problems = validateLayout(settings);
  if (problems.length > 0) throw new LayoutError(`print settings: ${problems.join('; ')}`);
  return settings;
}

/** Cards laid out and placed on sheets, without writing a PDF. */
export function layoutBatch(characters: readonly PrintCharacter[], options: Omit<PrintOptions, 'fonts'> & { metrics: FontMetrics }): Laid {
  const settings = layoutSettings(options.layout);
  const grid = gridFor(settings);
  const card = grid.card;
  const printedOn = options.now.toISOString().slice(0, 10);
  const sections = options.sections ?? CARD_SECTIONS;
  const order = [...characters].sort(printOrder);
  const cards: LaidOutCard[] = [];
  const problems: PrintProblem[] = [];
  const warnings: PrintProblem[] = [];
  for (const entry of order) {
    const editionOf = options.editions ? (serial: string) => options.editions!(entry.character.id, serial) : undefined;
    const hash = entry.hash ?? options.contentHash?.(entry.character);
    const ctx = { ...cardContext(entry.character, entry.derivation, options.metrics, printedOn, options.language ?? 'auto', hash), ...(editionOf ? { editionOf } : {}) };
    const mine: LaidOutCard[] = [];
    try {
      for (const made of cardsFor(ctx, sections)) {
        const spec = editionOf ? withEdition(made, editionOf(made.serial)) : made;
        const fronts = layoutContent(spec.front, card, options.metrics).faces;
        const back = spec.back ? layoutContent(spec.back, card, options.metrics, { continuation: false }).faces[0] : undefined;
        const name = cardName(spec);
        const parts = fronts.length;
        // Two literals rather than a spread of an optional back: one card object made directly.
        for (let i = 0; i < parts; i++) {
          const front = fronts[i]!;
          mine.push(back ? { front, back, spec: name, source: entry.source, part: i + 1, parts } : { front, spec: name, source: entry.source, part: i + 1, parts });
        }
      }
    } catch (e) {
      if (!(e instanceof LayoutError)) throw e;
      problems.push({ source: entry.source, message: `${entry.source}: ${e.message}; its cards were left out` });
      continue;
    }
    const missing = missingGlyphs(mine, options.metrics);
    if (missing.length > 0) {
      warnings.push({ source: entry.source, message: `${entry.source}: the card font has no ${missing.map((m) => `"${m}"`).join(' ')}; those characters print as empty boxes` });
    }
    cards.push(...mine);
  }
  const sheets = impose(cards, grid, settings, options.backs ?? true);
  return { grid, settings, cards, sheets, order, problems, warnings };
}

function cardName(spec: CardSpec): CardName {
  const { type, section, serial, edition, label } = spec;
  return { type, section, serial, ...(edition !== undefined ? { edition } : {}), ...(label !== undefined ? { label } : {}) };
}

/** The card with its edition: on the spec, and after the serial in the footers that show it. */
function withEdition(spec: CardSpec, edition: string): CardSpec {
  const label = `${spec.serial}/${edition}`;
  const footer = (c: CardSpec['front']): CardSpec['front'] => {
    const left = c.footer?.left;
    return left && left.endsWith(spec.serial) ? { ...c, footer: { ...c.footer, left: `${left}/${edition}` } } : c;
  };
  return { ...spec, edition, label, front: footer(spec.front), ...(spec.back ? { back: footer(spec.back) } : {}) };
}

function missingGlyphs(cards: readonly LaidOutCard[], metrics: FontMetrics): string[] {
  let out: Set<string> | null = null;
  for (const c of cards) {
    out = missingOn(c.front, metrics, out);
    if (c.back) out = missingOn(c.back, metrics, out);
  }
  return out ? [...out] : [];
}

/** Adds what the font lacks of a face's text to `out` (made when the first is found), in drawing order. */
function missingOn(face: CardFace, metrics: FontMetrics, out: Set<string> | null): Set<string> | null {
  const laid = face instanceof LaidFace ? face : null;
  const items: readonly (DrawOp | number)[] = laid ? laid.items : face.ops;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const text = typeof it === 'number' ? laid!.texts[it]! : it.op === 'text' ? it.text : null;
    if (text === null) continue;
    const missing = metrics.missing(text);
    if (missing.length === 0) continue;
    out ??= new Set();
    for (const m of missing) out.add(m);
  }
  return out;
}

/** Lays out and writes the PDF. */
export async function printCards(characters: readonly PrintCharacter[], options: PrintOptions): Promise<Printed> {
  const metrics = options.metrics ?? new FontMetrics(options.fonts);
  const laid = layoutBatch(characters, { ...options, metrics });
  const writer = await PdfWriter.create(options.fonts, { title: options.title ?? 'Quartermaster cards', now: options.now }, options.deflate);
  for (const sheet of laid.sheets) writer.addSheet(sheet, laid.grid.paper.widthPt, laid.grid.paper.heightPt);
  const bytes = await writer.save();
  return { ...laid, bytes, pages: laid.sheets.length };
}
