// Types the renderer's parts share, so that a part never imports the app shell (App.tsx) back.
import type { QuartermasterApi } from '../core/ipc/contract';
import type { Actions } from './app/actions';
import type { AppStore } from './app/store';

/** The app as the shell holds it: its state, its actions and the main process's API. */
export type AppModel = { store: AppStore; actions: Actions; api: QuartermasterApi };
