// Crash reports stay on this computer: Electron's crashReporter writes a minidump of a crashed
// process into the app's crash folder and never uploads it (uploadToServer: false, no submitURL).
// Help > Show Crash Reports opens that folder, so a user can send a report by hand if they wish.
import { mkdirSync } from 'node:fs';

export type CrashReporterLike = { start(options: { uploadToServer: boolean; submitURL?: string; compress?: boolean }): void };

/** Starts the reporter (as early as possible, so a crash during start-up is caught too). */
export function startCrashReports(crashReporter: CrashReporterLike): void {
  crashReporter.start({ uploadToServer: false, compress: true });
}

/** Opens the crash folder (made if there is none yet); resolves to an error message or ''. */
export async function showCrashReports(folder: string, openPath: (path: string) => Promise<string>): Promise<string> {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (e) {
    return `${folder}: ${(e as Error).message}`;
  }
  return openPath(folder);
}
