// Sharing an event between desks: its part of the IPC contract (core/ipc/contract.ts assembles the whole).
import * as z from 'zod';
import type { Character } from '../model/character';
import { loose, path } from './args';

// ---- sharing an event between desks (node/sync/, electron/sync/handlers.ts) ----

/** A desk's link to the event's hub, as the desk view shows it. */
export type SyncLink =
  | { kind: 'hub'; url: string; since: string }
  | { kind: 'connecting'; since: string }
  | { kind: 'connected'; since: string; lastChangeAt?: string }
  | { kind: 'offline'; since: string; waiting: number; reason: string }
  | { kind: 'refused'; since: string; reason: string }
  | { kind: 'stopped'; since: string };

/** One version of a character edited at two desks (CouchDB keeps the losing revision). */
export type SyncConflictVersion = { rev: string; file: string; character: Character; savedBy?: { desk: string; at: string } };

export type SyncStatus = {
  folder: string;
  role: 'hub' | 'desk';
  eventId: string;
  link: SyncLink;
  /** The join code other desks use (the hub desk only), and the same as a QR code (SVG). */
  joinCode?: string;
  joinQrSvg?: string;
  /** Documents or files that could not be shared, with the reason. */
  problems: { file: string; message: string }[];
  /** Characters edited at two desks while apart: both versions side by side, until one is kept. */
  conflicts: { id: string; versions: SyncConflictVersion[] }[];
  /** What the desk did to the folder by itself that the volunteer should know (a file deleted here written again), latest last. */
  notes?: { at: string; message: string }[];
  /** Every desk of the event as its presence document says (this one included); a desk not heard from for a while is offline since it was last seen. */
  desks?: SyncDesk[];
  /** This desk's signing key: its desk id and the short fingerprint volunteers compare with what other desks list. */
  key?: { deskId: string; fingerprint: string };
  /** Every desk registered with the event (its id and key fingerprint): what each records is signed with that key. */
  keys?: { deskId: string; fingerprint: string }[];
};

export type SyncDesk = { id: string; name: string; state: 'hub' | 'connecting' | 'connected' | 'offline' | 'refused' | 'stopped'; since: string; seenAt: string; waiting: number };

export interface SyncApi {
  /** "Share this event…": hosts the opened event folder for other desks on `host` (a LAN address of this laptop). */
  shareEvent(args: { folder: string; host: string; port?: number }): Promise<SyncStatus>;
  /** "Join an event…": replicates a shared event (join code, or a game's CouchDB address) into the opened folder. */
  joinEvent(args: { folder: string; code: string; username?: string; password?: string }): Promise<SyncStatus>;
  /** Stops sharing or replicating the folder (its files stay as they are). */
  stopSync(args: { folder: string }): Promise<void>;
  /** The folder's sharing state; null when it is not shared in this session. */
  syncStatus(args: { folder: string }): Promise<SyncStatus | null>;
  /**
   * Ends a conflict: `keep` (one version, or a merge) becomes the character at every desk. `revs`: the
   * versions the volunteer saw; refused when they are no longer all there are (changed or resolved at another desk meanwhile).
   */
  resolveSyncConflict(args: { folder: string; characterId: string; keep: Character; revs?: string[] }): Promise<SyncStatus>;
  /** This laptop's LAN addresses, for "Share this event…". */
  lanAddresses(): Promise<string[]>;
}

export const syncArgs = {
  shareEvent: z.tuple([z.strictObject({ folder: path, host: z.string().min(1).max(100), port: z.number().int().min(0).max(65_535).optional() })]),
  joinEvent: z.tuple([z.strictObject({ folder: path, code: z.string().min(1).max(2_000), username: z.string().max(200).optional(), password: z.string().max(500).optional() })]),
  stopSync: z.tuple([z.strictObject({ folder: path })]),
  syncStatus: z.tuple([z.strictObject({ folder: path })]),
  resolveSyncConflict: z.tuple([z.strictObject({ folder: path, characterId: z.uuid(), keep: loose, revs: z.array(z.string().max(200)).max(100).optional() })]),
  lanAddresses: z.tuple([]),
};
