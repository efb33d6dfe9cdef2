// Game packs from disk: the built-in set, an app packs folder and a game's own folder. Where two
// packs share an id the newer version wins (on the same version, the later source: a game's folder
// over the app's over the built-in set). Every problem names the file, the JSON path and why; a
// hostile pack (too big, too deep, prototype keys, costly expressions) is refused and nothing else.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILTIN_PACKS } from '../../core/packs/builtin';
import { PACK_FILE_SUFFIX, type GamePack } from '../../core/packs/schema';
import { compareVersions, validatePack } from '../../core/packs/validate';
import { forbiddenKeyPath, MAX_PACK_DEPTH, nestingDepth } from './guard';

export const MAX_PACK_BYTES = 1024 * 1024;
export const MAX_PACKS_PER_FOLDER = 200;

export type PackOrigin = 'built-in' | 'app' | 'game';
export type LoadedPack = { pack: GamePack; file: string; origin: PackOrigin };
export type PackFileProblem = { file: string; path: string; message: string };
export type PackFileResult = { ok: true; loaded: LoadedPack } | { ok: false; problems: PackFileProblem[] };

const WHOLE = '(the whole file)';

/** A pack file's text as a pack: depth, JSON, forbidden keys, then the format and its expressions. */
export function packFromText(file: string, text: string, origin: PackOrigin): PackFileResult {
  const fail = (path: string, message: string): PackFileResult => ({ ok: false, problems: [{ file, path, message }] });
  const depth = nestingDepth(text);
  if (depth > MAX_PACK_DEPTH) return fail(WHOLE, `objects and lists are nested ${depth} deep; a pack may nest at most ${MAX_PACK_DEPTH}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail(WHOLE, `not JSON: ${(e as Error).message}`);
  }
  const forbidden = forbiddenKeyPath(data);
  if (forbidden) return fail(forbidden, 'the keys __proto__, constructor and prototype are refused in a pack');
  const result = validatePack(data);
  if (!result.ok) return { ok: false, problems: result.problems.map((p) => ({ file, ...p })) };
  return { ok: true, loaded: { pack: result.pack, file, origin } };
}

/** Reads one pack file, refusing (without reading) anything over 1 MB or not a plain file. */
export async function readPackFile(file: string, origin: PackOrigin = 'app'): Promise<PackFileResult> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return { ok: false, problems: [{ file, path: WHOLE, message: 'not a file' }] };
    if (s.size > MAX_PACK_BYTES) return { ok: false, problems: [{ file, path: WHOLE, message: `the file is ${s.size} bytes; a pack may be at most ${MAX_PACK_BYTES} (1 MB)` }] };
    const bytes = await readFile(file);
    // A file that grew between stat and read is judged by what was read.
    if (bytes.length > MAX_PACK_BYTES) return { ok: false, problems: [{ file, path: WHOLE, message: `the file is over ${MAX_PACK_BYTES} bytes (1 MB)` }] };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, problems: [{ file, path: WHOLE, message: 'not UTF-8 text' }] };
    }
    return packFromText(file, text, origin);
  } catch (e) {
    return { ok: false, problems: [{ file, path: WHOLE, message: `cannot be read: ${(e as Error).message}` }] };
  }
}

/** Every `*.pack.json` in a folder (not its subfolders); a folder with more than 200 is refused whole. */
export async function readPackFolder(folder: string, origin: PackOrigin): Promise<{ packs: LoadedPack[]; problems: PackFileProblem[] }> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith(PACK_FILE_SUFFIX)).sort();
  } catch (e) {
    return { packs: [], problems: [{ file: folder, path: '(the whole folder)', message: `the folder cannot be read: ${(e as Error).message}` }] };
  }
  if (names.length > MAX_PACKS_PER_FOLDER) {
    return { packs: [], problems: [{ file: folder, path: '(the whole folder)', message: `the folder holds ${names.length} packs; at most ${MAX_PACKS_PER_FOLDER} are read from one folder, so none were` }] };
  }
  const packs: LoadedPack[] = [];
  const problems: PackFileProblem[] = [];
  for (const name of names) {
    const result = await readPackFile(join(folder, name), origin);
    if (result.ok) packs.push(result.loaded);
    else problems.push(...result.problems);
  }
  return { packs, problems };
}

/** The built-in packs, as loaded packs. */
export function builtinPacks(): LoadedPack[] {
  return Object.values(BUILTIN_PACKS).map((pack) => ({ pack, file: `(built in) ${pack.id}${PACK_FILE_SUFFIX}`, origin: 'built-in' as const }));
}

/** The pack used for each game id: the newest version; on a tie, the one read last. */
export function newestById(packs: readonly LoadedPack[]): Map<string, LoadedPack> {
  const chosen = new Map<string, LoadedPack>();
  for (const loaded of packs) {
    const current = chosen.get(loaded.pack.id);
    if (!current || compareVersions(loaded.pack.version, current.pack.version) >= 0) chosen.set(loaded.pack.id, loaded);
  }
  return chosen;
}

/** The built-in packs, then an app packs folder's, then a game's own folder's; the newest of each id used. */
export async function loadPacks(folders: { app?: string; game?: string } = {}): Promise<{ all: LoadedPack[]; used: Map<string, LoadedPack>; problems: PackFileProblem[] }> {
  const all = builtinPacks();
  const problems: PackFileProblem[] = [];
  for (const [origin, folder] of [['app', folders.app], ['game', folders.game]] as const) {
    if (folder === undefined) continue;
    const read = await readPackFolder(folder, origin);
    all.push(...read.packs);
    problems.push(...read.problems);
  }
  return { all, used: newestById(all), problems };
}
