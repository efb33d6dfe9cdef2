// The event desk (electron/desk/desk.ts, core/ipc/desk.ts), with what the table adds to it.
import { createDeskHandlers } from '../../desk/desk';
import type { DeskHandlers } from '../../desk/types';
import type { HandlerContext } from './context';

export function deskHandlers(ctx: HandlerContext): DeskHandlers {
  const { deps, settings, dialogs, guard, keepCalibration, openWhenDone } = ctx;
  const desk = createDeskHandlers({ guard, dialogs, settings, now: deps.now, ...(deps.deskFonts ? { fonts: deps.deskFonts } : {}), ...(deps.onDeskEntries ? { onDeskEntries: deps.onDeskEntries } : {}) });
  return {
    // The event desk (electron/desk/desk.ts).
    ...desk,
    // A desk print is opened when written, as Export PDF… is, and keeps its printer corrections.
    async reprintChanged(args) {
      const outcome = await desk.reprintChanged(args);
      if (outcome?.kind === 'printed') {
        keepCalibration(args.print);
        await openWhenDone(outcome.path);
      }
      return outcome;
    },
  };
}
