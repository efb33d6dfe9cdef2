// `quartermaster print <files|folders> --out FILE.pdf [options]`: cards for the event desk.
// Reads character files, never changes them; writes only the PDF, atomically.
// Exit codes as `check`: 0 all printed and clean; 1 printed, but a character has rule errors (its
// character card is marked); 2 a file could not be read or printed, or bad usage (the rest still print).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCharacterBytes } from '../../core/format/load';
import { CARD_STOCKS, stockByCode } from '../../core/pdf/layout';
import { CARD_SECTIONS, CARD_SIZES, FONT_FILES, LayoutError, PAPERS, printCards, type CardSection, type FontBytes, type PrintCharacter, type PrintLayoutSettings } from '../../core/pdf/index';
import type { CardLanguage } from '../../core/pdf/labels';
import { noPackMessage, RULESETS } from '../../core/rulesets/index';
import { isBuiltinRuleset } from '../../core/model/ids';
import { gamesFor } from '../games';
import { describeFsError, expandTargets, readCharacterFile } from '../files';
import { appRoot } from '../../node/fs/app-root';
import { nativeContentHash } from '../../node/fs/sha256';
import { nativeDeflate } from '../../node/fs/deflate';
import type { Io } from '../io';
import { parseOptions, parseOrExplain, UsageError } from '../usage';

const STOCK_CODES = Object.values(CARD_STOCKS)
  .map((s) => [s.code, ...s.equivalents.filter((e) => !e.includes(' '))].join('/'))
  .join(', ');

export const PRINT_USAGE = `Usage: quartermaster print <file|folder>... --out FILE.pdf [options]

Options:
  --out FILE.pdf          where to write the PDF (required; must end in .pdf)
  --cards LIST            comma-separated: ${CARD_SECTIONS.join(',')} (default: all)
  --stock CODE            card stock by product code: ${STOCK_CODES} (cards where the sheet has them;
                          replaces --paper, --size, --margin and --gap)
  --paper a4|letter       paper size (default a4)
  --size credit|poker|a6  card size (default credit)
  --margin MM             the printer's unprintable border (default 5)
  --offset X,Y            shift front pages by X,Y mm (right, up) to correct the printer
  --back-offset X,Y       shift back pages by X,Y mm
  --gap MM                space between cards (default 0: neighbouring cards share a cut)
  --no-backs              print fronts only (no duplex backs)
  --lang auto|en|bg       card language (default auto: Bulgarian for bg-magic, else English)

Exit codes: 0 printed, all clean; 1 printed, some character has rule errors; 2 a file could not be
read or printed (the others still print), or bad usage.`;

export type PrintDeps = {
  fonts(): Promise<FontBytes>;
  now(): Date;
};

/** The fonts shipped in assets/fonts, found from the Quartermaster folder (cli/ or dist/ and its chunks). */
export async function shippedFonts(): Promise<FontBytes> {
  const root = appRoot();
  const at = (rel: string) => join(root, rel);
  const [regular, bold] = await Promise.all([readFile(at(FONT_FILES.regular)), readFile(at(FONT_FILES.bold))]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}

const defaultDeps: PrintDeps = { fonts: shippedFonts, now: () => new Date() };

type Parsed = {
  paths: string[];
  out: string;
  sections: CardSection[];
  layout: Partial<PrintLayoutSettings>;
  backs: boolean;
  language: CardLanguage | 'auto';
};


export function parsePrintArgs(args: readonly string[]): Parsed {
  const { values, positionals: paths } = parseOptions(args, {
    out: { type: 'string' },
    cards: { type: 'string' },
    stock: { type: 'string' },
    paper: { type: 'string' },
    size: { type: 'string' },
    margin: { type: 'string' },
    gap: { type: 'string' },
    offset: { type: 'string' },
    'back-offset': { type: 'string' },
    'no-backs': { type: 'boolean' },
    lang: { type: 'string' },
  });
  const number = (v: string, name: string): number => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${name} must be a number of millimetres, not "${v}"`);
    return n;
  };
  const pair = (v: string, name: string) => {
    const parts = v.split(',');
    if (parts.length !== 2) throw new UsageError(`${name} must be X,Y in millimetres, e.g. 1.5,-0.5`);
    return { x: number(parts[0]!, name), y: number(parts[1]!, name) };
  };
  const out = values.out;
  let sections: CardSection[] = [...CARD_SECTIONS];
  if (values.cards !== undefined) {
    const list = values.cards
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((s) => !(CARD_SECTIONS as readonly string[]).includes(s));
    if (bad.length > 0 || list.length === 0) throw new UsageError(`--cards: unknown card group ${bad.map((b) => `"${b}"`).join(', ') || '(empty)'}; choose from ${CARD_SECTIONS.join(', ')}`);
    sections = list as CardSection[];
  }
  const layout: Partial<PrintLayoutSettings> = {};
  if (values.stock !== undefined) {
    const stock = stockByCode(values.stock);
    if (!stock) throw new UsageError(`--stock: no card stock "${values.stock}"; choose a product code: ${STOCK_CODES}`);
    layout.stock = stock.id;
  }
  if (values.paper !== undefined) {
    if (!(values.paper in PAPERS)) throw new UsageError(`--paper must be ${Object.keys(PAPERS).join(' or ')}, not "${values.paper}"`);
    layout.paper = values.paper as PrintLayoutSettings['paper'];
  }
  if (values.size !== undefined) {
    if (!(values.size in CARD_SIZES)) throw new UsageError(`--size must be one of ${Object.keys(CARD_SIZES).join(', ')}, not "${values.size}"`);
    layout.size = values.size as PrintLayoutSettings['size'];
  }
  if (values.margin !== undefined) layout.marginMm = number(values.margin, '--margin');
  if (values.gap !== undefined) layout.gapMm = number(values.gap, '--gap');
  if (values.offset !== undefined) layout.offsetMm = pair(values.offset, '--offset');
  if (values['back-offset'] !== undefined) layout.backOffsetMm = pair(values['back-offset'], '--back-offset');
  const backs = values['no-backs'] !== true;
  const language = values.lang ?? 'auto';
  if (!['auto', 'en', 'bg'].includes(language)) throw new UsageError(`--lang must be auto, en or bg, not "${language}"`);
  if (out === undefined) throw new UsageError('--out FILE.pdf is required');
  if (!/\.pdf$/i.test(out)) throw new UsageError(`--out must name a .pdf file (got "${out}"), so a character file can never be overwritten`);
  if (paths.length === 0) throw new UsageError('name at least one character file or folder');
  return { paths, out, sections, layout, backs, language: language as CardLanguage | 'auto' };
}

export async function runPrint(args: string[], io: Io, deps: PrintDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('print', PRINT_USAGE, args, io, parsePrintArgs);
  if (!usage.ok) return usage.exitCode;
  const parsed = usage.value;

  let failed = false;
  const report = (message: string) => {
    failed = true;
    io.err(`${message}\n`);
  };
  const characters: PrintCharacter[] = [];
  const seen = new Map<string, string>();
  const withErrors: { source: string; count: number }[] = [];
  const targets = await expandTargets(parsed.paths, io);
  // The four built-in games, and every game whose pack is in a packs/ folder beside the characters.
  const games = targets.length === 0 ? undefined : await gamesFor('print', parsed.paths, io);
  for (const target of targets) {
    if ('missing' in target) {
      report(`${target.file}: ${target.missing}`);
      continue;
    }
    const file = target.file;
    const read = await readCharacterFile(file, io);
    if (!read.ok) {
      report(read.message);
      continue;
    }
    const bytes = read.bytes;
    const loaded = loadCharacterBytes(bytes, file);
    if (!loaded.ok) {
      report(loaded.problem.message);
      continue;
    }
    const { character } = loaded;
    const first = seen.get(character.id);
    if (first !== undefined) {
      report(`${file}: the character id ${character.id} is already printed from ${first}; printed once (card serials come from the id)`);
      continue;
    }
    seen.set(character.id, file);
    const ruleset = games ? games(character.ruleset) : isBuiltinRuleset(character.ruleset) ? RULESETS[character.ruleset] : null;
    if (ruleset === null) {
      report(`${file}: field "ruleset": ${noPackMessage(character.ruleset)}`);
      continue;
    }
    const derivation = ruleset.derive(character);
    const errors = derivation.violations.filter((v) => v.severity === 'error').length;
    if (errors > 0) withErrors.push({ source: file, count: errors });
    characters.push({ character, derivation, source: file });
  }

  if (characters.length === 0) {
    io.err(`quartermaster print: nothing to print; ${parsed.out} was not written\n`);
    return 2;
  }

  let printed;
  try {
    printed = await printCards(characters, {
      now: deps.now(),
      fonts: await deps.fonts(),
      layout: parsed.layout,
      sections: parsed.sections,
      backs: parsed.backs,
      language: parsed.language,
      title: 'Quartermaster cards',
      deflate: nativeDeflate,
      contentHash: nativeContentHash,
    });
  } catch (e) {
    if (!(e instanceof LayoutError)) throw e;
    io.err(`quartermaster print: ${e.message}\n`);
    return 2;
  }
  for (const p of printed.problems) report(p.message);
  for (const w of printed.warnings) io.err(`warning: ${w.message}\n`);
  const printedSources = new Set(printed.cards.map((c) => c.source));
  for (const w of withErrors) {
    if (!printedSources.has(w.source)) continue;
    io.err(`${w.source}: ${w.count} rule error${w.count === 1 ? '' : 's'}; printed with the errors listed on the character card (details: quartermaster check ${w.source})\n`);
  }
  if (printed.cards.length === 0) {
    io.err(`quartermaster print: no ${parsed.sections.join(', ')} cards for these characters; ${parsed.out} was not written\n`);
    return 2;
  }
  try {
    await io.writeFileAtomic(parsed.out, printed.bytes);
  } catch (e) {
    io.err(`quartermaster print: cannot write ${parsed.out}: ${describeFsError(e)}\n`);
    return 2;
  }
  const g = printed.grid;
  const characterCount = printedSources.size;
  const continued = printed.cards.filter((c) => c.part === 1 && c.parts > 1).length;
  io.out(
    `Wrote ${parsed.out}: ${printed.cards.length} card${printed.cards.length === 1 ? '' : 's'} for ${characterCount} character${characterCount === 1 ? '' : 's'} ` +
      `on ${printed.pages} ${g.paper.id === 'a4' ? 'A4' : 'Letter'} page${printed.pages === 1 ? '' : 's'} (${g.card.label}, ${g.perPage} per page` +
      `${printed.sheets.some((s) => s.side === 'back') ? ', backs for duplex flipped on the long edge' : ''})` +
      `${continued ? `; ${continued} card${continued === 1 ? '' : 's'} continued on a second card` : ''}.\n`,
  );
  if (failed) return 2;
  return withErrors.some((w) => printedSources.has(w.source)) ? 1 : 0;
}
