// Types the desk's table shares between its files (rows.ts, row-cells.ts, report.ts and the views).
import type { GameId, Location } from '../model/ids';
import type { OutOfPlay } from './life';

/** Worst first: the order problems are shown in. */
export const DESK_STATUSES = ['unreadable', 'errors', 'warnings', 'clean'] as const;
export type DeskStatus = (typeof DESK_STATUSES)[number];

/** Where a character's cards stand for this event. */
export type TagState = 'never-printed' | 'current' | 'changed';

/** `params`: a rule violation's values, for the renderer's translated message (see Violation). */
export type DeskProblem = { code: string; message: string; path: string; params?: Record<string, string | number> };

export type ArmourCell = {
  /** Fortune's Landing's averaged rating; null where the game has no single rating. */
  rating: number | null;
  /** The areas the armour counts on (Fortune's Landing: the chosen areas; others: armoured locations). */
  areas: Location[];
  /** Plain words for the desk: "3 over torso, left leg, right leg". */
  text: string;
};

export type DeskRow = {
  /** The file path: unique per row. */
  file: string;
  /** The character id (lower case); null for an unreadable file. */
  id: string | null;
  name: string;
  player: string;
  ruleset: GameId | null;
  rulesetName: string;
  status: DeskStatus;
  armour: ArmourCell | null;
  /** Curious Pastimes: hits per location with armour. */
  hits: Partial<Record<Location, number>> | null;
  /** Novitas: the power point pool, break-cap points, the daily cap and the planned spend. */
  powerPoints: { pool: number; breakCap: number; dailyCap: number; planned: number } | null;
  /** bg-magic: the mage's energy. */
  energy: number | null;
  /** Rule errors, file problems and desk problems (a character id shared by two files). */
  errors: DeskProblem[];
  warnings: DeskProblem[];
  checkedInAt: string | null;
  /** The content hash (the one printed on the character card); null for an unreadable file. */
  hash: string | null;
  tag: TagState | null;
  lastPrintedAt: string | null;
  /** Lower-case, accent-free text the search matches against. */
  search: string;
  /** The character's items (for Record…: handed in, transferred); absent when it has none. */
  items?: { id: string; name: string; expires?: string }[];
  /** The file's status when not active (the desk records deaths into it): dead or retired, why, and since when (its history's last record of it). */
  life?: { status: 'dead' | 'retired'; reason?: string; since?: string; sinceEvent?: string };
  /** The points balance (core/season/points-record.ts balanceOf): absent where the game publishes no advancement. */
  points?: number;
  /** Dead, permanently dead or retired at this event (core/desk/life.ts), set by finishRows; null or absent when in play. */
  out?: OutOfPlay | null;
};
