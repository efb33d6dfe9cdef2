// `quartermaster <command> …`: the desk's command line over the same core as the app.
// Commands are loaded on demand: `check` must not pay for loading pdf-lib and fontkit.
import './zod-jitless';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DeskSubcommand } from './commands/desk/desk';
import type { Io } from './io';
import { nodeIo, terminalIo } from './io';

export { nodeIo };

const USAGE = `Usage: quartermaster <command> [options]

Commands:
  check [--json] <file|folder>...     check character files against their game's rules
  print <file|folder>... --out FILE.pdf [--cards LIST] [--paper a4|letter] [--size credit|poker|a6]
                                      print cards and tags for characters
  desk <folder> [--event FILE] [--csv FILE] [--pdf FILE] [--reprint-changed --out FILE.pdf] [--desk NAME] [--restore-backup]
                                      the event desk: check-in report, sheet, reprint what changed
  desk serve <folder> [--port N] [--host ADDRESS]
                                      host the event for other desks; prints the join code
  desk join <code|couchdb-url> <folder> [--once]
                                      join a shared event (or a game's CouchDB) into a folder
  desk log <folder> [--event FILE] [--json]
                                      the event's ledger, one entry a line
  desk merge A.event.json B.event.json --out C.event.json
                                      merge two desks' copies of one event
  desk bookings import <folder> <list.csv> [--map FIELD=COLUMN,…] [--dry-run]
                                      import a booking list (CSV) into the event's ledger
  desk export <folder> --csv OUT.csv  the event's characters with derived values, as CSV
  desk award <folder> [--event FILE] [--desk NAME]
                                      close the event: award its points to everyone checked in
  desk approvals <folder> [--approve NAME|ID | --send-back NAME|ID --reason TEXT]
                                      the players' files waiting in inbox/ for a referee
  packs list [FOLDER...]              the game packs (built in and in each folder) and their versions
  packs check FILE...                 validate game pack files, naming each problem's path
  packs preview OLD NEW <file|folder>... [--json] [--pdf FILE]
                                      what a new pack version would change for each character
  help, --help                        show this help (each command takes --help too)
  --version                           the version of Quartermaster

Exit codes: 0 all clean, 1 a rule error in some file, 2 a file that cannot be read or bad usage.`;

/**
 * `quartermaster desk <subcommand>`: one runner for each of cli/commands/desk/desk.ts DESK_SUBCOMMANDS (the type
 * makes the two lists the same).
 */
const DESK_SUBCOMMAND_RUNS: Record<DeskSubcommand, (args: string[], io: Io) => Promise<number>> = {
  serve: async (args, io) => (await import('./commands/desk/sync')).runDeskServe(args, io),
  join: async (args, io) => (await import('./commands/desk/sync')).runDeskJoin(args, io),
  log: async (args, io) => (await import('./commands/desk/ledger')).runDeskLog(args, io),
  merge: async (args, io) => (await import('./commands/desk/ledger')).runDeskMerge(args, io),
  bookings: async (args, io) => (await import('./commands/desk/bookings')).runDeskBookings(args, io),
  export: async (args, io) => (await import('./commands/desk/bookings')).runDeskExport(args, io),
  award: async (args, io) => (await import('./commands/desk/award')).runDeskAward(args, io),
  approvals: async (args, io) => (await import('./commands/desk/approvals')).runDeskApprovals(args, io),
};

export async function main(argv: string[], injected?: Io): Promise<number> {
  // nodeIo escapes what it prints; an injected one (a test's, a caller's) is given the same.
  const io = injected ? terminalIo(injected) : nodeIo();
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return await (await import('./commands/check')).runCheck(rest, io);
      case 'print':
        return await (await import('./commands/print')).runPrint(rest, io);
      case 'desk':
        if (rest[0] !== undefined && Object.hasOwn(DESK_SUBCOMMAND_RUNS, rest[0])) return await DESK_SUBCOMMAND_RUNS[rest[0] as DeskSubcommand](rest.slice(1), io);
        // `desk <folder> approvals …` as well as `desk approvals <folder> …`.
        if (rest[1] === 'approvals') return await DESK_SUBCOMMAND_RUNS.approvals([rest[0]!, ...rest.slice(2)], io);
        return await (await import('./commands/desk/desk')).runDesk(rest, io);
      case 'packs':
        return await (await import('./commands/packs')).runPacks(rest, io);
      case '--version':
      case '-v':
        io.out(`quartermaster ${await version()}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        io.err(`quartermaster: unknown command "${command}"\n\n${USAGE}\n`);
        return 2;
    }
  } catch (e) {
    // No stack trace reaches the user.
    io.err(`quartermaster: ${(e as Error).message ?? String(e)}\n`);
    return 2;
  }
}

/** The version in the Quartermaster folder's package.json (the command runs from the checkout). */
async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { appRoot } = await import('../node/fs/app-root');
  return (JSON.parse(await readFile(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Whether this module is the script node was asked to run (`node dist/cli.mjs check …`). */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// Run as a script as well as imported (bin/quartermaster.cjs imports it and calls main itself):
// `node dist/cli.mjs check …` used to exit 0 having done nothing.
if (isEntryPoint()) process.exitCode = await main(process.argv.slice(2));
