// `quartermaster desk` on an event file that does not open: where its newest backup that opens is,
// what restoring it keeps and loses, and the command that restores it; `--restore-backup` does it
// (node/event-log/restore.ts, as the app's desk: the broken file kept byte for byte among the
// backups, its entry lines that still read written after the backup's). Loaded only then.
import { resolve } from 'node:path';
import { isoLocal } from '../../../core/desk/sheet';
import type { EventBackupOffer } from '../../../core/ipc/desk';
import { visible } from '../../../core/format/visible';
import { backupOffer, restoreEventBackup } from '../../../node/event-log/restore';
import { backupFolderOf } from '../../../node/fs/files';

/** "2026-10-02 18:00" by this computer's clock. */
const stamp = (ms: number) => isoLocal(new Date(ms)).slice(0, 16).replace('T', ' ');

/** What restoring keeps and loses, in words. */
function consequences(offer: EventBackupOffer): string {
  const parts = [
    !offer.readable
      ? 'the broken file cannot be read at all: entries made after the backup are lost'
      : offer.otherEvent
        ? 'the broken file names another event, so none of its lines are taken'
        : offer.addedBack > 0
          ? offer.addedBack === 1
            ? '1 entry of the broken file that still reads and is not in the backup is kept too'
            : `${offer.addedBack} entries of the broken file that still read and are not in the backup are kept too`
          : 'every entry of the broken file that still reads is in the backup',
  ];
  if (offer.unreadable.length > 0) parts.push(`${offer.unreadable.length === 1 ? 'line' : 'lines'} ${offer.unreadable.slice(0, 10).join(', ')}${offer.unreadable.length > 10 ? ', …' : ''} of the broken file cannot be read (what ${offer.unreadable.length === 1 ? 'it' : 'they'} held is lost, unless the backup has it)`);
  return parts.join('; ');
}

/** The lines for stderr after "the event file cannot be read": the way back, or where the backups are. */
export async function restoreAdvice(eventPath: string, folder: string, command: string): Promise<string> {
  const backups = visible(backupFolderOf(resolve(folder), resolve(eventPath)));
  const offer = await backupOffer(resolve(eventPath), resolve(folder)).catch(() => null);
  if (!offer) return `quartermaster desk: no backup of it opens (the backups of this file are kept in ${backups})\n`;
  const entries = `${offer.entries} ${offer.entries === 1 ? 'entry' : 'entries'}`;
  return (
    `quartermaster desk: its newest backup that opens is ${backups}/${offer.id}.event.json (saved ${stamp(offer.savedMs)}, ${entries}). Restoring it keeps the broken file in ${backups}; ${consequences(offer)}.\n` +
    `To restore it: ${command} --restore-backup\n`
  );
}

/** Restores the newest backup that opens; the line saying what was done, or the error. */
export async function restoreNewest(eventPath: string, folder: string, now: Date): Promise<{ ok: boolean; message: string }> {
  const path = resolve(eventPath);
  const offer = await backupOffer(path, resolve(folder));
  if (!offer) return { ok: false, message: `quartermaster desk: ${visible(path)} does not open and no backup of it does (the backups are kept in ${visible(backupFolderOf(resolve(folder), path))}); nothing was restored\n` };
  try {
    const done = await restoreEventBackup(path, resolve(folder), offer.id, now.getTime());
    const r = done.restored;
    return { ok: true, message: `Restored ${visible(path)} from the backup of ${stamp(r.savedMs)} (${r.entries} ${r.entries === 1 ? 'entry' : 'entries'}): ${consequences(r)}. The broken file is kept as ${visible(done.keptAs)}.\n` };
  } catch (e) {
    return { ok: false, message: `quartermaster desk: ${(e as Error).message}\n` };
  }
}

/** The command that restores: the folder (and --event) as given, quoted when they hold a space. */
export function restoreCommand(folder: string, event: string | undefined): string {
  const q = (s: string) => (/[\s"'$`\\]/.test(s) ? `"${s.replace(/(["$`\\])/g, '\\$1')}"` : s);
  return `quartermaster desk ${q(folder)}${event !== undefined ? ` --event ${q(event)}` : ''}`;
}
