// A FAT image mounted through fusefat for the whole of a describe block (test support, not shipped):
// mounted before its tests, and after them unmounted and checked with fsck.fat, which must find it
// clean.
import { afterAll, beforeAll, expect } from 'vitest';
import { tempFolder } from '../../testing/temp';
import { mountVolume, type Volume } from '../../testing/volumes';

/**
 * Mounts a FAT image for the enclosing describe block; `dir()` is its folder. `before` runs before
 * unmounting (children still writing to it ended); nothing is mounted when `mount` is false (FUSE
 * missing: the tests say so and are skipped).
 */
export function useFatImage(prefix: string, before: () => Promise<unknown> = async () => undefined, mount = true): { dir: () => string } {
  let parent: { dir: string; cleanup: () => Promise<void> } | undefined;
  let vol: Volume | undefined;
  beforeAll(async () => {
    if (!mount) return;
    parent = await tempFolder(prefix);
    vol = await mountVolume('fat', parent.dir);
  });
  afterAll(async () => {
    await before();
    try {
      if (vol) {
        const verdict = await vol.unmount();
        expect(verdict.clean, verdict.report).toBe(true);
      }
    } finally {
      await parent?.cleanup();
    }
  });
  return { dir: () => vol!.dir };
}
