// Files dragged onto the window from the file manager. The view on screen takes them (the library,
// the editor: character files; the desk: event folders); the page never navigates to a dropped
// file (Electron: navigateOnDragDrop is off; here every file drag is taken with preventDefault).
// Only drags that carry files count: text dragged inside the page is left alone.
import { useEffect, useState } from 'react';

/** A dropped file: its name (for messages) and its path on disk ('' when it has none, e.g. from a browser). */
export type DroppedFile = { name: string; path: string };

const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') === true;
/** A dialog is open (app/Modal.tsx): what is behind it does not change, so nothing is taken. */
const dialogOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/** The files of a drop with their paths, read through the preload (`pathForFile`). */
export function droppedFiles(files: FileList | readonly File[], pathForFile: (file: File) => string): DroppedFile[] {
  return Array.from(files, (file) => ({ name: file.name, path: pathForFile(file) }));
}

/**
 * Takes file drops on the whole window while `onDrop` is given (null: another view takes them, or a
 * dialog is open and none is taken). Answers whether files are being dragged over the window, for
 * the drop hint.
 */
export function useFileDrop(onDrop: ((files: File[]) => void) | null): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (!onDrop) return;
    // dragenter and dragleave come for every element crossed: the drag is over the window while
    // more have entered than left.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth++;
      setDragging(!dialogOpen());
    };
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = dialogOpen() ? 'none' : 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length > 0 && !dialogOpen()) onDrop(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      setDragging(false);
    };
  }, [onDrop]);
  return dragging;
}

/** A list of file names for a message. */
export function fileList(files: readonly DroppedFile[]): string {
  return files.map((f) => f.name).join(', ');
}
