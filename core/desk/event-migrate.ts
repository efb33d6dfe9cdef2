// Migrations from older event file versions to the current one, applied on load, step by step as
// for character files (core/format/migrate.ts). Version 1 is the first event file format, so the
// list is empty; a future version 2 adds its step here and keeps reading version 1 files.
import { EVENT_VERSION } from './event';

type Raw = Record<string, unknown>;
export type EventMigration = { from: number; to: number; migrate(raw: Raw): Raw };

export const EVENT_MIGRATIONS: readonly EventMigration[] = [];

/** Brings a parsed event file of an older version up to `target` (the current version). */
export function migrateEvent(raw: Raw, fromVersion: number, migrations: readonly EventMigration[] = EVENT_MIGRATIONS, target: number = EVENT_VERSION): Raw {
  let current = raw;
  let version = fromVersion;
  while (version < target) {
    const step = migrations.find((m) => m.from === version);
    if (!step) throw new Error(`no migration from event file version ${version}`);
    current = step.migrate(current);
    version = step.to;
  }
  return current;
}
