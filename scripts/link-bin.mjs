// Links node_modules/.bin/quartermaster to bin/quartermaster.cjs so that `npx quartermaster …`
// runs this checkout's command line from the repository root (run by `npm install`, via prepare).
// The package deliberately has no "bin" field: npm 11 would then try to install the project into
// its npx cache instead of running it.
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, 'node_modules', '.bin');
mkdirSync(binDir, { recursive: true });
const target = join(binDir, 'quartermaster');
rmSync(target, { force: true });
if (process.platform === 'win32') {
  writeFileSync(`${target}.cmd`, '@node "%~dp0\\..\\..\\bin\\quartermaster.cjs" %*\r\n');
} else {
  symlinkSync('../../bin/quartermaster.cjs', target);
  chmodSync(join(root, 'bin', 'quartermaster.cjs'), 0o755);
}
