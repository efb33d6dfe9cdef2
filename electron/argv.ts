// Character files named on a command line (first start, or a second instance forwarding its argv).
import { isAbsolute, resolve } from 'node:path';
import { CHARACTER_FILE_SUFFIX } from '../core/model/ids';

/**
 * The `*.character.json` arguments of a command line, made absolute against `cwd`. Skips the
 * executable (argv[0]), switches (`--foo`, `-x`), and anything else (Electron's own arguments,
 * the app folder in development).
 */
export function filesFromArgv(argv: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    if (!arg.toLowerCase().endsWith(CHARACTER_FILE_SUFFIX)) continue;
    if (arg.includes('\0')) continue;
    out.push(isAbsolute(arg) ? resolve(arg) : resolve(cwd, arg));
  }
  return [...new Set(out)];
}
