// Migrations from older character file versions to the current one, applied on load.
// Version 0 is the pre-release draft format: `system` instead of `ruleset`, and skills as a map
// from skill id to level. See docs/file-format.md.

import type { Migration, Raw } from './versioned';

export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    migrate(raw) {
      const { system, skills, ...rest } = raw;
      const out: Raw = { ...rest, version: 1 };
      if (!('ruleset' in raw)) out.ruleset = system;
      if (skills && typeof skills === 'object' && !Array.isArray(skills)) {
        out.skills = Object.entries(skills as Record<string, unknown>).map(([id, level]) => ({ id, level }));
      } else if (skills !== undefined) {
        out.skills = skills;
      }
      return out;
    },
  },
];
