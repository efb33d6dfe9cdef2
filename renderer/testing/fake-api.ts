// An in-memory stand-in for `window.quartermaster`, for component tests only (the end-to-end suite
// binds the real main-process handlers). Each method is a vi.fn so tests can inspect or override it.
import { vi } from 'vitest';
import type { SessionState } from '../../core/session/session';
import type { Draft, LibraryEntry, LibraryListing, OpenResult, QuartermasterApi, SaveResult, Settings } from '../../core/ipc/contract';
import type { Character } from '../../core/model/character';
import { CURRENT_VERSION, FILE_FORMAT, type RulesetId } from '../../core/model/ids';
import { canonicalJson, sha256Hex } from '../../core/format/hash';
import type { DeskEntries, PacksListing } from '../../core/ipc/contract';
import { BUILTIN_PACKS } from '../../core/packs/builtin';
import { fakeDesk, type FakeDesk } from './fake-desk';

export type { Arrival, FakeDesk, FakeEventFolder, FakeEventLog } from './fake-desk';

export const FOLDER = '/home/ana/Documents/Quartermaster';

export function makeCharacter(over: Partial<Character> & { ruleset: RulesetId }): Character {
  return {
    format: FILE_FORMAT,
    version: CURRENT_VERSION,
    id: '0b7c6a52-7f5e-4c1e-9a57-3d0d2b1c9e11',
    name: '',
    player: '',
    notes: '',
    skills: [],
    armour: [],
    weapons: [],
    items: [],
    ...over,
  };
}

export function entry(over: Partial<LibraryEntry> & { fileName: string }): LibraryEntry {
  return {
    path: `${FOLDER}/${over.fileName}`,
    name: '',
    player: '',
    ruleset: 'novitas',
    status: 'clean',
    errors: 0,
    warnings: 0,
    modifiedMs: Date.UTC(2025, 0, 1),
    size: 100,
    ...over,
  };
}

type Stored = { character: Character; hash: string };

export type FakeApi = QuartermasterApi & {
  files: Map<string, Stored>;
  entries: LibraryEntry[];
  /** Autosaved drafts by file path (`fileModifiedMs` as listDrafts reports it). */
  drafts: Map<string, Draft>;
  /** Kept play sessions (undo history, trackers) by file path. */
  sessions: Map<string, SessionState & { savedMs: number }>;
  settings: Settings;
  /** Fires every `onLibraryChanged` listener, as the main process does when the folder changes. */
  fireLibraryChanged(): void;
  fireMenuCommand(command: Parameters<Parameters<QuartermasterApi['onMenuCommand']>[0]>[0]): void;
  /** Simulates another program rewriting a file: its hash changes, so the next save conflicts. */
  changeOnDisk(path: string, character: Character): void;
  /** The event desk's main-process side (./fake-desk.ts): event folders and their event files' logs. */
  desk: FakeDesk;
  /** Sends entries to every `onDeskEntries` listener, as the main process does when entries reach an event file from elsewhere. */
  pushDeskEntries(update: DeskEntries): void;
  /** How many `onDeskEntries` listeners are subscribed. */
  deskEntriesListeners(): number;
  /** What listPacks answers: the built-in packs, each used, unless a test sets others. */
  packs: PacksListing;
  /** Sets `packs` and sends it to every `onPacksChanged` listener, as the main process does when a pack file changes. */
  pushPacks(listing: PacksListing): void;
};

/** The listing of the built-in packs alone, as the app shows it with empty packs folders. */
export function builtinListing(): PacksListing {
  return {
    appFolder: '/home/ana/.config/Quartermaster/packs',
    gameFolder: `${FOLDER}/packs`,
    packs: Object.values(BUILTIN_PACKS).map((pack) => ({ pack, file: `(built in) ${pack.id}.pack.json`, origin: 'built-in' as const, used: true })),
    problems: [],
  };
}

const hashOf = (character: Character) => sha256Hex(canonicalJson(character));

export function fakeApi(initial: { entries?: LibraryEntry[]; files?: Record<string, Character>; drafts?: Draft[]; settings?: Partial<Settings>; packs?: PacksListing } = {}): FakeApi {
  const packListeners = new Set<(listing: PacksListing) => void>();
  const files = new Map<string, Stored>(Object.entries(initial.files ?? {}).map(([p, c]) => [p, { character: c, hash: hashOf(c) }]));
  const libraryListeners = new Set<() => void>();
  const menuListeners = new Set<(c: never) => void>();
  const deskListeners = new Set<(update: DeskEntries) => void>();
  // Entries cross the IPC boundary as copies (the window never shares an object with main).
  const pushDeskEntries = (update: DeskEntries) => deskListeners.forEach((l) => l(structuredClone(update)));
  const { desk, methods: deskMethods } = fakeDesk(pushDeskEntries);
  const listing = (): LibraryListing => ({ folder: FOLDER, entries: api.entries });
  const open = (path: string): OpenResult => {
    const stored = files.get(path);
    if (!stored) return { ok: false, path, problem: { code: 'not-json', message: `${path}: it is not valid JSON (Unexpected token)` } };
    return { ok: true, opened: { path, character: structuredClone(stored.character), hash: stored.hash, readOnly: false } };
  };
  const notImplemented = (name: string) => vi.fn(async () => Promise.reject(new Error(`${name} is not part of this test`)));

  let clock = Date.UTC(2025, 5, 1, 12, 0);
  const api: FakeApi = {
    files,
    entries: initial.entries ?? [],
    drafts: new Map((initial.drafts ?? []).map((d) => [d.path, d])),
    sessions: new Map(),
    settings: { libraryFolder: FOLDER, recentFiles: [], paper: 'a4', language: 'en', locale: '', ...initial.settings },
    fireLibraryChanged: () => libraryListeners.forEach((l) => l()),
    fireMenuCommand: (command) => menuListeners.forEach((l) => l(command as never)),
    changeOnDisk(path, character) {
      files.set(path, { character, hash: hashOf(character) });
    },
    desk,
    pushDeskEntries,
    deskEntriesListeners: () => deskListeners.size,
    packs: initial.packs ?? builtinListing(),
    pushPacks(listing) {
      api.packs = listing;
      packListeners.forEach((l) => l(structuredClone(listing)));
    },
    listPacks: vi.fn(async () => structuredClone(api.packs)),
    openPacksFolder: vi.fn(async () => undefined),
    onPacksChanged(listener) {
      packListeners.add(listener);
      return () => void packListeners.delete(listener);
    },
    listLibrary: vi.fn(async () => listing()),
    chooseLibraryFolder: vi.fn(async () => null),
    newCharacter: vi.fn(async ({ ruleset, name, player }) => {
      const path = `${FOLDER}/${name.toLowerCase().replace(/\W+/g, '-')}.character.json`;
      const character = makeCharacter({ ruleset, name, player });
      files.set(path, { character, hash: hashOf(character) });
      return { path, character: structuredClone(character), hash: hashOf(character), readOnly: false };
    }),
    openCharacter: vi.fn(async ({ path }) => open(path)),
    openCharacterDialog: vi.fn(async () => null),
    openExamples: vi.fn(async () => listing()),
    saveCharacter: vi.fn(async ({ path, character, expectedHash, force }): Promise<SaveResult> => {
      const stored = files.get(path);
      if (stored && stored.hash !== expectedHash && !force) return { ok: false, reason: 'conflict', message: `${path} was changed by another program.` };
      const hash = hashOf(character);
      files.set(path, { character: structuredClone(character), hash });
      return { ok: true, path, hash };
    }),
    saveCharacterAs: vi.fn(async () => null),
    duplicateCharacter: notImplemented('duplicateCharacter'),
    renameCharacter: notImplemented('renameCharacter'),
    deleteCharacter: notImplemented('deleteCharacter'),
    importCharacters: vi.fn(async () => []),
    listBackups: vi.fn(async () => []),
    restoreBackup: notImplemented('restoreBackup'),
    showInFolder: vi.fn(async () => undefined),
    getSettings: vi.fn(async () => ({ ...api.settings })),
    setSettings: vi.fn(async (patch) => {
      api.settings = { ...api.settings, ...patch };
      return { ...api.settings };
    }),
    exportPdf: vi.fn(async () => null),
    previewPrint: notImplemented('previewPrint'),
    printPack: vi.fn(async () => null),
    printCalibration: vi.fn(async () => null),
    cancelPrint: vi.fn(async () => undefined),
    // The desk's folder and event file (./fake-desk.ts; "Open event folder…" is cancelled until a test adds a folder).
    ...deskMethods,
    exportCheckInSheet: vi.fn(async () => null),
    importBookings: vi.fn(async () => null),
    exportCharacters: vi.fn(async () => null),
    previewReprint: vi.fn(async () => ({ characters: 0, everyone: false, unchanged: 0, cards: 0, pages: 0, rulesets: [], problems: [] })),
    reprintChanged: vi.fn(async () => null),
    giveNewId: notImplemented('giveNewId'),
    verifyCard: notImplemented('verifyCard'),
    recordDesk: notImplemented('recordDesk'),
    transferItem: notImplemented('transferItem'),
    newCharacterAfterDeath: notImplemented('newCharacterAfterDeath'),
    closeEvent: notImplemented('closeEvent'),
    restoreEventBackup: notImplemented('restoreEventBackup'),
    approvalQueue: vi.fn(async () => ({ waiting: [], sentBack: [], approved: [], unchanged: [], unreadable: [] })),
    approvalDetail: notImplemented('approvalDetail'),
    approveCharacter: notImplemented('approveCharacter'),
    sendBackCharacter: notImplemented('sendBackCharacter'),
    addToInbox: notImplemented('addToInbox'),
    shareEvent: notImplemented('shareEvent'),
    joinEvent: notImplemented('joinEvent'),
    stopSync: vi.fn(async () => undefined),
    syncStatus: vi.fn(async () => null),
    resolveSyncConflict: notImplemented('resolveSyncConflict'),
    lanAddresses: vi.fn(async () => []),
    grantDropped: notImplemented('grantDropped'),
    saveDraft: vi.fn(async ({ path, character }) => {
      clock += 1000;
      api.drafts.set(path, { path, character: structuredClone(character), savedMs: clock, fileModifiedMs: files.has(path) ? Date.UTC(2025, 0, 1) : null });
      return { savedMs: clock };
    }),
    listDrafts: vi.fn(async () => [...api.drafts.values()].sort((a, b) => b.savedMs - a.savedMs)),
    discardDraft: vi.fn(async ({ path }) => void api.drafts.delete(path)),
    saveSession: vi.fn(async ({ path, session }) => {
      clock += 1000;
      api.sessions.set(path, { ...structuredClone(session), savedMs: clock });
      return { savedMs: clock, steps: session.past.length };
    }),
    loadSession: vi.fn(async ({ path }) => (api.sessions.has(path) ? structuredClone(api.sessions.get(path)!) : null)),
    discardSession: vi.fn(async ({ path }) => void api.sessions.delete(path)),
    onLibraryChanged(listener) {
      libraryListeners.add(listener);
      return () => libraryListeners.delete(listener);
    },
    onMenuCommand(listener) {
      menuListeners.add(listener as (c: never) => void);
      return () => menuListeners.delete(listener as (c: never) => void);
    },
    onDeskEntries(listener) {
      deskListeners.add(listener);
      return () => void deskListeners.delete(listener);
    },
  };
  return api;
}
