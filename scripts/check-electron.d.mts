// Types of scripts/check-electron.mjs (a plain Node script, run before TypeScript is built).
/** What is wrong with the Electron at `electronDir` (null: the package is not installed); null when its program is there. */
export function electronProblem(electronDir: string | null, overrideDist?: string): string | null;
/** The electron package's folder as Node resolves it from `from` (this script's folder), or null. */
export function findElectron(from?: string): string | null;
