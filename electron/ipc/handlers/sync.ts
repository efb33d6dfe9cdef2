// Sharing an event between desks (electron/sync/handlers.ts, core/ipc/sync.ts).
import { createSyncHandlers, type SyncHandlers } from '../../sync/handlers';
import type { HandlerContext } from './context';

const syncHandlerMethods = ({ closeAll: _closeAll, ...methods }: SyncHandlers) => methods;

export function syncHandlers(ctx: HandlerContext): Omit<SyncHandlers, 'closeAll'> {
  const { deps, guard } = ctx;
  return syncHandlerMethods(deps.sync ?? createSyncHandlers({ guard, desk: () => deps.settings.deskIdentity() }));
}
