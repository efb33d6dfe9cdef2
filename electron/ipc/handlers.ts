// The main process's side of the IPC contract: one async function per invoke method of
// `QuartermasterApi`, taking the same arguments. Everything the handlers touch (settings, dialogs,
// the shell, the clock, the PDF exporter) is injected, and this module never imports `electron`,
// so the same handler table runs in the Electron main process, in Node tests and behind the
// end-to-end harness's fake preload.
//
// Every handler validates its arguments with the contract's zod schemas, and every path argument
// must be one the main process handed out (see paths.ts).
//
// The table is split the way the contract is: electron/ipc/handlers/<area>.ts returns its area's part
// (core/ipc/<area>.ts), over what the areas share (handlers/context.ts); the desk and sharing parts
// delegate to electron/desk/desk.ts and electron/sync/handlers.ts.
import type { z } from 'zod';
import { MAX_FILE_BYTES } from '../../core/format/limits';
import { fieldPath } from '../../core/format/paths';
import { ipcArgs, type InvokeMethod } from '../../core/ipc/contract';
import { createHandlerContext } from './handlers/context';
import { libraryHandlers } from './handlers/library';
import { characterHandlers } from './handlers/characters';
import { settingsHandlers } from './handlers/settings';
import { printHandlers } from './handlers/print';
import { draftHandlers } from './handlers/drafts';
import { deskHandlers } from './handlers/desk';
import { syncHandlers } from './handlers/sync';
import { dropHandlers } from './handlers/drop';
import { packHandlers } from './handlers/packs';


import type { IpcDeps, IpcHandlers } from './types';
export type { Dialogs, IpcDeps, IpcHandlers, PdfExporter, ShellApi } from './types';

/** A call whose arguments do not match the contract. */
export class IpcArgumentError extends Error {
  override name = 'IpcArgumentError';
}

export { EXAMPLE_READ_ONLY, withSuffix } from './handlers/context';
export { checkFileName } from './handlers/characters';

/** Checks one call's arguments against the contract; returns the parsed arguments or throws a clear error. */
export function validateArgs<M extends InvokeMethod>(method: M, args: unknown[]): z.infer<(typeof ipcArgs)[M]> {
  // Before anything walks the arguments (zod, JSON.stringify): pathological payloads are refused here.
  const tooMuch = argumentsProblem(args);
  if (tooMuch !== null) throw new IpcArgumentError(`${method}: arguments: ${tooMuch}`);
  const schema = ipcArgs[method] as z.ZodType;
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data as z.infer<(typeof ipcArgs)[M]>;
  const issue = parsed.error.issues[0]!;
  const [index, ...rest] = issue.path;
  const where = typeof index === 'number' ? `argument ${index + 1}${rest.length ? ` field "${fieldPath(rest)}"` : ''}` : 'arguments';
  const count = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problem${parsed.error.issues.length > 2 ? 's' : ''})` : '';
  throw new IpcArgumentError(`${method}: ${where}: ${issue.message}${count}`);
}

/**
 * How deep IPC arguments may be nested. Far more than any file may hold (MAX_JSON_DEPTH), so the
 * handlers still answer a merely too-deep character with their own message; far less than what
 * overflows the stack of JSON.stringify or zod.
 */
export const MAX_ARG_DEPTH = 1_000;
/**
 * How large IPC arguments may be, counted as their JSON would be (every copy of a shared object
 * counted again, as JSON.stringify would write it). Four times a file's limit, for the same reason.
 */
export const MAX_ARG_SIZE = 4 * MAX_FILE_BYTES;

/**
 * Why a call's arguments are refused before any handler sees them, or null: nested deeper than
 * MAX_ARG_DEPTH (or cyclic: structured clone keeps cycles), or larger than MAX_ARG_SIZE (also an
 * object shared many times over, which JSON.stringify would expand to gigabytes). Stops as soon as
 * either limit is passed, so its own work is bounded by them.
 */
export function argumentsProblem(args: unknown): string | null {
  let size = 0;
  let problem: string | null = null;
  const visit = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') size += v.length + 2;
    else if (v === null || typeof v !== 'object') size += 8;
    else if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) size += v.byteLength;
    else {
      if (depth >= MAX_ARG_DEPTH) {
        problem = `nested more than ${MAX_ARG_DEPTH} levels deep`;
        return true;
      }
      size += 2;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          size += 1;
          if (visit(v[i], depth + 1)) return true;
        }
      } else {
        for (const key of Object.keys(v)) {
          size += key.length + 4;
          if (visit((v as Record<string, unknown>)[key], depth + 1)) return true;
        }
      }
    }
    if (size > MAX_ARG_SIZE) {
      problem = `larger than ${MAX_ARG_SIZE / (1024 * 1024)} MB`;
      return true;
    }
    return false;
  };
  visit(args, 0);
  return problem;
}

export function createIpcHandlers(deps: IpcDeps): IpcHandlers {
  const ctx = createHandlerContext(deps);
  const impl: IpcHandlers = {
    ...libraryHandlers(ctx),
    ...characterHandlers(ctx),
    ...settingsHandlers(ctx),
    ...printHandlers(ctx),
    ...draftHandlers(ctx),
    ...deskHandlers(ctx),
    ...syncHandlers(ctx),
    ...dropHandlers(ctx),
    ...packHandlers(ctx),
  };

  // Every entry validates its arguments against the contract before running.
  const table = {} as Record<InvokeMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(impl) as InvokeMethod[]) {
    const run = impl[method] as (...args: unknown[]) => Promise<unknown>;
    table[method] = async (...args: unknown[]) => run(...(validateArgs(method, args) as unknown[]));
  }
  return table as unknown as IpcHandlers;
}
