// Remembering the window's size and position: pure helpers (main.ts supplies the displays).
import { DEFAULT_WINDOW, MIN_WINDOW, type WindowBounds } from './settings';

export type Rect = { x: number; y: number; width: number; height: number };

/**
 * The bounds to open the window with: the saved ones when at least a 100 x 50 corner of the title
 * area is on a display (so a window saved on a monitor that is gone is not lost off-screen),
 * otherwise the default size, centred by the window manager (no x/y).
 */
export function initialBounds(saved: WindowBounds | null, workAreas: readonly Rect[]): { x?: number; y?: number; width: number; height: number; maximized: boolean } {
  const fallback = { width: DEFAULT_WINDOW.width, height: DEFAULT_WINDOW.height, maximized: saved?.maximized ?? false };
  if (!saved) return fallback;
  const width = Math.max(MIN_WINDOW.width, saved.width);
  const height = Math.max(MIN_WINDOW.height, saved.height);
  if (saved.x === undefined || saved.y === undefined) return { width, height, maximized: saved.maximized };
  const title: Rect = { x: saved.x, y: saved.y, width: Math.min(width, 100), height: 50 };
  const visible = workAreas.some((a) => overlap(a, title) >= 100 * 50 * 0.5);
  if (!visible) return { ...fallback, width: Math.min(width, DEFAULT_WINDOW.width), height: Math.min(height, DEFAULT_WINDOW.height) };
  return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The bounds to save: the normal (un-maximised) bounds plus whether it was maximised. */
export function boundsToSave(normal: Rect, maximized: boolean): WindowBounds {
  return {
    x: Math.round(normal.x),
    y: Math.round(normal.y),
    width: Math.max(MIN_WINDOW.width, Math.round(normal.width)),
    height: Math.max(MIN_WINDOW.height, Math.round(normal.height)),
    maximized,
  };
}
