// Usage handling shared by the commands: a UsageError for bad arguments, and one way to answer
// --help and report a usage error (exit 2) before a command runs.
import type { Io } from './io';

export class UsageError extends Error {}

/**
 * Parses a command's arguments. Returns the parsed value, or the exit code to return at once:
 * 0 after printing the usage for --help / -h, 2 after printing a usage error and the usage.
 */
export function parseOrExplain<T>(command: string, usage: string, args: readonly string[], io: Io, parse: (args: readonly string[]) => T): { ok: true; value: T } | { ok: false; exitCode: 0 | 2 } {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`${usage}\n`);
    return { ok: false, exitCode: 0 };
  }
  try {
    return { ok: true, value: parse(args) };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`quartermaster ${command}: ${e.message}\n\n${usage}\n`);
    return { ok: false, exitCode: 2 };
  }
}
