// Character files named on a command line (first start, or a second instance forwarding its argv).
// Desktops hand files over as paths (%F, Windows, macOS's open-file event) or, where the desktop
// entry says %U or the file manager prefers it, as file: URLs (GNOME's Nautilus, KDE's Dolphin
// for files on network places): file:///home/sam/Ayla%20Brightwater.character.json.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHARACTER_FILE_SUFFIX } from '../../core/model/ids';

/**
 * The `*.character.json` arguments of a command line, made absolute against `cwd`; `file:` URLs
 * become paths (percent-escapes decoded). Skips the executable (argv[0]), switches (`--foo`, `-x`),
 * URLs of other schemes and `file:` URLs of another host (a path on this machine cannot be made of
 * them), and anything else (Electron's own arguments, the app folder in development).
 */
export function filesFromArgv(argv: readonly string[], cwd: string, platform: NodeJS.Platform = process.platform): string[] {
  const out: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    const path = /^file:/i.test(arg) ? pathOfFileUrl(arg, platform) : /^[a-z][a-z0-9+.-]+:\/\//i.test(arg) ? null : arg;
    if (path === null) continue;
    if (!path.toLowerCase().endsWith(CHARACTER_FILE_SUFFIX)) continue;
    if (path.includes('\0')) continue;
    out.push(isAbsolute(path) ? resolve(path) : resolve(cwd, path));
  }
  return [...new Set(out)];
}

/** The local path a file: URL names, or null (another host, not a valid URL). */
export function pathOfFileUrl(text: string, platform: NodeJS.Platform = process.platform): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'file:') return null;
  if (url.hostname !== '' && url.hostname !== 'localhost') return null;
  try {
    return fileURLToPath(url.hostname === 'localhost' ? `file://${url.pathname}` : url, { windows: platform === 'win32' });
  } catch {
    return null; // e.g. an encoded "/" in the path
  }
}
