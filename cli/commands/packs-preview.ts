// `quartermaster packs preview OLD NEW FOLDER...`: what publishing a new version of a game pack would
// change for every character of its game, before it is published (core/packs/preview.ts). Reads the
// character files as `check` does; writes nothing but the --pdf file, and that never over an
// existing file without --force.
import type { FontBytes } from '../../core/pdf/fonts';
import { loadCharacterBytes } from '../../core/format/load';
import { PreviewBuilder, type Preview } from '../../core/packs/preview';
import { previewText } from '../../core/packs/preview-text';
import { readPackFile, type LoadedPack } from '../../node/packs/load';
import { describeFsError, expandTargets, readCharacterFile, readCharacterFileNow } from '../files';
import type { Io } from '../io';
import { parseOptions, parseOrExplain, UsageError } from '../usage';

const USAGE = `Usage: quartermaster packs preview OLD.pack.json NEW.pack.json <file|folder>... [--json] [--pdf FILE [--force]]

What publishing NEW in place of OLD (two versions of one game's pack) would change for every
character of that game among the files named (folders are searched for *.character.json, hidden
files and folders left out): who becomes invalid and why, who is no longer invalid, points spent or
available that change, and the values on their cards that change; with the characters whose cards
need reprinting and those whose cards a publication would void. Writes nothing but the --pdf file.
  --json        the preview as one JSON object (its shape: docs/game-packs.md)
  --pdf FILE    also write the preview as a printable PDF
  --force       let --pdf replace an existing file

Exit codes: 0 nobody newly invalid, 1 some character newly invalid (the void list is not empty),
2 a pack that cannot be read, packs of two games, a character file that cannot be read, no
character file found, an existing --pdf file, or bad usage.`;

type Parsed = { old: string; new: string; paths: string[]; json: boolean; pdf?: string; force: boolean };

function parsePreviewArgs(args: readonly string[]): Parsed {
  const { values, positionals } = parseOptions(args, { json: { type: 'boolean' }, pdf: { type: 'string' }, force: { type: 'boolean' } });
  const [oldFile, newFile, ...paths] = positionals;
  if (oldFile === undefined || newFile === undefined) throw new UsageError('name the old pack file and the new one');
  if (paths.length === 0) throw new UsageError('name at least one character file or folder');
  if (values.force === true && values.pdf === undefined) throw new UsageError('--force only lets --pdf replace a file; give --pdf FILE');
  if (values.pdf === '') throw new UsageError('--pdf needs a file name');
  return { old: oldFile, new: newFile, paths, json: values.json === true, ...(values.pdf !== undefined ? { pdf: values.pdf } : {}), force: values.force === true };
}

export type PreviewDeps = { fonts(): Promise<FontBytes>; now(): Date };
const defaultDeps: PreviewDeps = { fonts: async () => (await import('./print')).shippedFonts(), now: () => new Date() };

async function readBoth(p: Parsed, io: Io): Promise<{ old: LoadedPack; new: LoadedPack } | null> {
  const [oldRead, newRead] = [await readPackFile(p.old, 'app'), await readPackFile(p.new, 'app')];
  for (const r of [oldRead, newRead]) if (!r.ok) for (const problem of r.problems) io.err(`${problem.file}: ${problem.path}: ${problem.message}\n`);
  if (!oldRead.ok || !newRead.ok) return null;
  if (oldRead.loaded.pack.id !== newRead.loaded.pack.id) {
    io.err(`${p.new}: id: the new pack is of the game "${newRead.loaded.pack.id}" but the old one (${p.old}) is of "${oldRead.loaded.pack.id}"; a preview compares two versions of one game's pack\n`);
    return null;
  }
  return { old: oldRead.loaded, new: newRead.loaded };
}

async function pdfExists(path: string, io: Io): Promise<boolean> {
  try {
    await io.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads every character file named (as `check` does) into the preview. */
async function readCharacters(paths: readonly string[], builder: PreviewBuilder, io: Io): Promise<boolean> {
  const targets = await expandTargets(paths, io);
  if (targets.length === 0) return false;
  for (const target of targets) {
    if ('missing' in target) {
      builder.unreadable(target.file, target.missing);
      continue;
    }
    const read = readCharacterFileNow(target.file, io, target.regular) ?? (await readCharacterFile(target.file, io, target.regular));
    if (!read.ok) {
      builder.unreadable(target.file, read.message);
      continue;
    }
    const loaded = loadCharacterBytes(read.bytes, target.file);
    if (loaded.ok) builder.add(target.file, loaded.character);
    else builder.unreadable(target.file, loaded.problem.message);
  }
  return true;
}

export async function runPacksPreview(args: string[], io: Io, deps: PreviewDeps = defaultDeps): Promise<number> {
  const usage = parseOrExplain('packs preview', USAGE, args, io, parsePreviewArgs);
  if (!usage.ok) return usage.exitCode;
  const p = usage.value;
  if (p.pdf !== undefined && !p.force && (await pdfExists(p.pdf, io))) {
    io.err(`quartermaster packs preview: ${p.pdf} already exists; nothing was written (--force replaces it)\n`);
    return 2;
  }
  const packs = await readBoth(p, io);
  if (packs === null) return 2;
  const builder = new PreviewBuilder(packs.old.pack, packs.new.pack, { old: p.old, new: p.new });
  if (!(await readCharacters(p.paths, builder, io))) {
    io.err(`quartermaster packs preview: no character file found in ${p.paths.join(', ')}\n`);
    return 2;
  }
  const preview = builder.preview;
  io.out(p.json ? `${JSON.stringify(preview, null, 2)}\n` : previewText(preview));
  let code = preview.characters.unreadable.length > 0 ? 2 : preview.void.length > 0 ? 1 : 0;
  if (p.pdf !== undefined) code = Math.max(code, await writePdf(preview, p.pdf, p.json, io, deps));
  return code;
}

async function writePdf(preview: Preview, file: string, json: boolean, io: Io, deps: PreviewDeps): Promise<number> {
  const { previewPdf } = await import('../../core/packs/preview-pdf');
  const { bytes, pages } = await previewPdf(preview, { fonts: await deps.fonts(), now: deps.now() });
  try {
    await io.writeFileAtomic(file, bytes);
  } catch (e) {
    io.err(`quartermaster packs preview: cannot write ${file}: ${describeFsError(e)}\n`);
    return 2;
  }
  // With --json, stdout is the JSON alone.
  (json ? io.err : io.out)(`Wrote ${file}: the preview on ${pages} page${pages === 1 ? '' : 's'}.\n`);
  return 0;
}
