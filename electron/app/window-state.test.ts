import { describe, expect, it } from 'vitest';
import { filesFromArgv } from './argv';
import { DEFAULT_WINDOW } from './settings';
import { boundsToSave, initialBounds } from './window-state';

const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];

describe('window bounds', () => {
  it('opens at the default size when nothing is saved', () => {
    expect(initialBounds(null, screen)).toEqual({ ...DEFAULT_WINDOW, maximized: false });
  });

  it('restores saved bounds that are on a display', () => {
    expect(initialBounds({ x: 100, y: 50, width: 1000, height: 700, maximized: true }, screen)).toEqual({ x: 100, y: 50, width: 1000, height: 700, maximized: true });
  });

  it('drops the position of a window saved on a display that is gone', () => {
    // Saved on a second monitor at x=2500; only the 1920-wide one remains.
    expect(initialBounds({ x: 2500, y: 100, width: 1000, height: 700, maximized: false }, screen)).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('keeps a window whose title bar is half on screen', () => {
    // Title area 100 x 50 at (1870, 0): 50 x 50 of it on screen = half.
    expect(initialBounds({ x: 1870, y: 0, width: 800, height: 600, maximized: false }, screen).x).toBe(1870);
  });

  it('saves rounded normal bounds, at least the minimum size', () => {
    expect(boundsToSave({ x: 10.4, y: 20.6, width: 300, height: 200 }, true)).toEqual({ x: 10, y: 21, width: 640, height: 480, maximized: true });
  });
});

describe('files from the command line', () => {
  it('takes *.character.json arguments, absolute, skipping the executable and switches', () => {
    const argv = ['/opt/Quartermaster/quartermaster', '--no-sandbox', '.', 'a.character.json', '/abs/B.Character.JSON', 'notes.txt', '-x', 'a.character.json'];
    expect(filesFromArgv(argv, '/home/u')).toEqual(['/home/u/a.character.json', '/abs/B.Character.JSON']);
  });
});
