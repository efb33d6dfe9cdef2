// The one door to the main process: the preload script puts the API on `window.quartermaster`.
import type { QuartermasterApi } from '../core/ipc/contract';

declare global {
  interface Window {
    quartermaster: QuartermasterApi;
  }
}

export {};
