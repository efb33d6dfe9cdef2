// Test support for the main-process tests (not shipped): temp folders, characters, handler deps.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Character } from '../../core/model/character';
import type { Derivation } from '../../core/rulesets/types';
import { createIpcHandlers, type Dialogs, type IpcDeps } from '../ipc/handlers';
import { memoryBacking, openSettings } from '../app/settings';

export { character, characterText, tempFolder } from '../../node/testing/temp';

/** A rules check that reports nothing, and one that counts its calls. */
export function countingDerive(violationsFor: (c: Character) => Derivation['violations'] = () => []) {
  const calls: string[] = [];
  const derive = (c: Character): Derivation => {
    calls.push(c.name);
    return { derived: { ruleset: 'bg-magic', energy: 0, battleEnergy: 0, worn: 'none', wornByLocation: {}, heavierThanEntitled: false, armourProtection: 'none' }, violations: violationsFor(c) };
  };
  return { derive, calls };
}

/** Scripted dialogs: each call takes the next queued answer (null / [] when none is queued). */
export function scriptedDialogs() {
  const queue = { open: [] as string[][], save: [] as (string | null)[], pdf: [] as (string | null)[], csv: [] as (string | null)[], openCsv: [] as (string | null)[], folder: [] as (string | null)[] };
  const asked: { kind: string; options: unknown }[] = [];
  const dialogs: Dialogs = {
    openCharacterFiles: async (options) => (asked.push({ kind: 'open', options }), queue.open.shift() ?? []),
    saveCharacterFile: async (options) => (asked.push({ kind: 'save', options }), queue.save.shift() ?? null),
    savePdfFile: async (options) => (asked.push({ kind: 'pdf', options }), queue.pdf.shift() ?? null),
    saveCsvFile: async (options) => (asked.push({ kind: 'csv', options }), queue.csv.shift() ?? null),
    openCsvFile: async (options) => (asked.push({ kind: 'open-csv', options }), queue.openCsv.shift() ?? null),
    chooseFolder: async (options) => (asked.push({ kind: 'folder', options }), queue.folder.shift() ?? null),
  };
  return { dialogs, queue, asked };
}

/** A handler table over a temp library with scripted dialogs, a fake shell and a fixed clock. */
export function handlerFixture(libraryFolder: string, examplesFolder: string, extra: Partial<IpcDeps> = {}) {
  const settings = openSettings(memoryBacking({ schemaVersion: 1, libraryFolder }), join(libraryFolder, 'Documents'));
  const { dialogs, queue, asked } = scriptedDialogs();
  const trashed: string[] = [];
  const shown: string[] = [];
  let clock = 1_700_000_000_000;
  let ids = 0;
  const exported: Character[] = [];
  const deps: IpcDeps = {
    settings,
    dialogs,
    shell: {
      showItemInFolder: (p) => void shown.push(p),
      trashItem: async (p) => {
        trashed.push(p);
        await rm(p);
      },
    },
    now: () => (clock += 1000),
    newId: () => `11111111-1111-4111-8111-${String(++ids).padStart(12, '0')}`,
    examplesFolder,
    exportPdf: (c) => {
      exported.push(c);
      return new TextEncoder().encode(`%PDF-1.7 fake for ${c.name}`);
    },
    derive: countingDerive().derive,
    ...extra,
  };
  const handlers = createIpcHandlers(deps);
  return { handlers, settings, queue, asked, trashed, shown, exported, deps };
}
