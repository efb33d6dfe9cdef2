// The renderer's access to the main process. Everything goes through `window.quartermaster` (set by
// the preload script); nothing here knows a channel name or builds a path.
import type { QuartermasterApi } from '../../core/ipc/contract';

export type { QuartermasterApi };

/** The API the preload script exposed, or an error naming what is missing. */
export function getApi(): QuartermasterApi {
  const api = (globalThis as { quartermaster?: QuartermasterApi }).quartermaster;
  if (!api) throw new Error('window.quartermaster is missing: the preload script did not run');
  return api;
}

/** The message of an error from the main process, without Electron's "Error invoking remote method" wrapper. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
}
