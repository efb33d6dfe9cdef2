// The PDF exporter the main process injects into the handlers (File > Export PDF…).
// Wired to the printing core once it lands; until then it refuses with a clear message.
import type { Character } from '../core/model/character';
import type { Paper } from '../core/ipc/contract';

export async function exportCharacterPdf(character: Character, options: { paper: Paper }): Promise<Uint8Array> {
  void options;
  throw new Error(`Cannot export ${character.name || 'this character'}: PDF export is not part of this build yet`);
}
