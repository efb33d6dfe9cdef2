// Dropping files on the window in the end-to-end suite (not a test). A page cannot make a File that
// stands for a file on disk, so each File is named after the file it stands for, and the harness's
// stand-in for the preload's path lookup (page-api.ts `pathForFile`) answers the path given here.
import type { Locator, Page } from 'playwright-core';

export type FileOnDisk = { name: string; path: string };

/** A DataTransfer holding one File per file, as the file manager's drag carries them. */
export async function filesDrag(page: Page, files: readonly FileOnDisk[]) {
  await page.evaluate((table) => {
    const w = window as unknown as { __qm_dropPaths?: Record<string, string> };
    w.__qm_dropPaths = { ...w.__qm_dropPaths, ...table };
  }, Object.fromEntries(files.map((f) => [f.name, f.path])));
  return page.evaluateHandle((names) => {
    const data = new DataTransfer();
    for (const name of names) data.items.add(new File(['{}'], name, { type: 'application/json' }));
    return data;
  }, files.map((f) => f.name));
}

/** Drags the files in over `target` (the hint shows) and leaves them dragging; returns the drag to drop. */
export async function dragOver(target: Locator, files: readonly FileOnDisk[]) {
  const dataTransfer = await filesDrag(target.page(), files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  return dataTransfer;
}

/** Drags the files over `target` and drops them there. */
export async function dropFiles(target: Locator, files: readonly FileOnDisk[]): Promise<void> {
  const dataTransfer = await dragOver(target, files);
  await target.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}
