// The dialog of the print UI that is open, if any (see print-ui.ts).
import { usePrintUiState } from './print-ui';
import { DeleteDialog } from '../library/DeleteDialog';
import { RenameDialog } from '../library/RenameDialog';
import { ExportPdfDialog } from './ExportPdfDialog';
import { PackDialog } from './PackDialog';

export function PrintDialogs() {
  const dialog = usePrintUiState((s) => s.dialog);
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'export':
      return <ExportPdfDialog path={dialog.path} character={dialog.character} />;
    case 'pack':
      return <PackDialog entries={dialog.entries} />;
    case 'rename':
      return <RenameDialog entry={dialog.entry} />;
    case 'delete':
      return <DeleteDialog entries={dialog.entries} />;
  }
}
