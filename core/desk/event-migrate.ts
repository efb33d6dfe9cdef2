// Migrations from older event file versions to the current one, applied on load step by step by the
// shared versioned loader (core/format/versioned.ts). Version 1 is the first event file format, so
// the list is empty; a future version 2 adds its step here and keeps reading version 1 files.
import type { Migration } from '../format/versioned';

export type EventMigration = Migration;

export const EVENT_MIGRATIONS: readonly EventMigration[] = [];
