// Usage handling shared by the commands: options parsed by node:util parseArgs, a UsageError for
// bad arguments, and one way to answer --help and report a usage error (exit 2) before a command runs.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Io } from './io';

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's options and positionals (strict: an unknown option, a missing value or a value given
 * to a flag is a UsageError in words; `--` ends the options). Every command also takes --help / -h.
 */
export function parseOptions<const O extends Options>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: negativeValuesJoined(args, options), options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(optionProblem(e as Error & { code?: string }));
  }
}

/**
 * `--offset -1,0.5` as `--offset=-1,0.5`: parseArgs takes a value starting with "-" for a
 * forgotten value, and a printer's offset or margin is often negative.
 */
function negativeValuesJoined(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return [...out, ...args.slice(i)];
    const next = args[i + 1];
    if (arg.startsWith('--') && options[arg.slice(2)]?.type === 'string' && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** parseArgs's messages, shorter and without its advice about `--` (the usage follows). */
function optionProblem(e: Error & { code?: string }): string {
  const option = /'(-[^' ]+)/.exec(e.message)?.[1] ?? '';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(e.message)) return `${option} takes no value`;
    if (/ambiguous/.test(e.message)) return `${option} needs a value (write ${option}=VALUE for a value that starts with -)`;
    return `${option} needs a value`;
  }
  return e.message;
}

/**
 * Parses a command's arguments. Returns the parsed value, or the exit code to return at once:
 * 0 after printing the usage for --help / -h, 2 after printing a usage error and the usage.
 */
export function parseOrExplain<T>(command: string, usage: string, args: readonly string[], io: Io, parse: (args: readonly string[]) => T): { ok: true; value: T } | { ok: false; exitCode: 0 | 2 } {
  // --help before anything after `--` (a file may be called "--help").
  const end = args.indexOf('--');
  const options = end === -1 ? args : args.slice(0, end);
  if (options.includes('--help') || options.includes('-h')) {
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
