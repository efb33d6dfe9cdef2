// The Quartermaster folder (the one holding assets/), found from wherever this code runs:
// node/*.ts under tests, dist/cli.mjs or dist/cli-chunks/*.mjs when bundled.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function appRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(join(dir, 'assets', 'fonts'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the Quartermaster assets folder (assets/fonts)');
    dir = up;
  }
}
