// Settings carried over from the app's old name. Before package.json had a productName the app was
// called "quartermaster", and Electron names the settings folder (userData) after the app: on Linux
// it moved from ~/.config/quartermaster to ~/.config/Quartermaster. (On Windows and macOS the two
// names are one folder: their file systems ignore case.) On the first start under the new name the
// settings file and the spellchecker's own words are copied across; the old folder stays as it was
// for an older version.
import { closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The app's name before it had a productName. */
export const OLD_APP_NAME = 'quartermaster';
/** What is carried: electron-store's file, and the words added to the spellchecker's dictionary. */
export const CARRIED_FILES = ['settings.json', 'Custom Dictionary.txt'] as const;

/**
 * Copies each CARRIED_FILES file from `appData/OLD_APP_NAME` into `userData` where `userData` has
 * none yet; returns the names copied. Never overwrites, never fails the start-up (a file that
 * cannot be copied is reported through `warn` and left).
 */
export function carryOverSettings(appData: string, userData: string, warn: (message: string) => void = () => undefined): string[] {
  const old = join(appData, OLD_APP_NAME);
  if (old === userData) return [];
  const copied: string[] = [];
  for (const name of CARRIED_FILES) {
    const from = join(old, name);
    const to = join(userData, name);
    try {
      // On a case-insensitive disk `to` is `from`: it exists, nothing to do.
      if (existsSync(to) || !existsSync(from)) continue;
      const bytes = readFileSync(from);
      mkdirSync(userData, { recursive: true });
      const tmp = `${to}.${process.pid}.carry-over.tmp`;
      const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      try {
        writeSync(fd, bytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      if (existsSync(to)) {
        unlinkSync(tmp);
        continue;
      }
      renameSync(tmp, to);
      copied.push(name);
    } catch (e) {
      warn(`quartermaster: could not carry ${from} over to ${to}: ${(e as Error).message}`);
    }
  }
  return copied;
}
