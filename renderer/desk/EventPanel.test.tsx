// @vitest-environment jsdom
// The panel of an event file that does not open: its reason, its newest backup that opens and what
// restoring it keeps and loses (in English and Bulgarian), the one button; or where the backups are.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskFolder, EventBackupOffer } from '../../core/ipc/contract';
import type { DeskActions } from './actions';
import { LanguageProvider, setLanguage, setLocale } from '../app/i18n';
import { EventPanel } from './EventPanel';

afterEach(() => {
  cleanup();
  act(() => {
    setLanguage('en');
    setLocale('');
  });
});

const PATH = '/events/Autumn/Autumn.event.json';
const BACKUPS = '/events/Autumn/.quartermaster-backups/Autumn.event.json';
const SAVED = Date.UTC(2026, 9, 2, 17, 0);
const offer = (over: Partial<EventBackupOffer> = {}): EventBackupOffer => ({ id: `${SAVED}-1`, savedMs: SAVED, entries: 12, addedBack: 3, unreadable: [5], readable: true, otherEvent: false, ...over });

function show(backup: EventBackupOffer | null) {
  const restoreBackup = vi.fn(async () => undefined);
  const desk: DeskFolder = { folder: '/events/Autumn', rows: [], eventFile: { kind: 'bad', path: PATH, message: `${PATH}: field "name": required`, backups: BACKUPS, backup } };
  render(
    <LanguageProvider>
      <EventPanel desk={desk} actions={{ restoreBackup } as unknown as DeskActions} busy={null} />
    </LanguageProvider>,
  );
  return { restoreBackup, alert: screen.getByRole('alert') };
}

describe('an event file that does not open', () => {
  it('offers the newest backup that opens with what restoring keeps and loses, restored with one button', () => {
    act(() => setLocale('en-GB'));
    const { restoreBackup, alert } = show(offer());
    expect(alert.textContent).toContain(`${PATH}: field "name": required`);
    expect(alert.textContent).toContain('holds 12 entries. 3 entries of the broken file still read and are not in the backup: they are kept too. Line 5 of the broken file cannot be read');
    expect(alert.textContent).toContain(`it is moved to ${BACKUPS}.`);
    fireEvent.click(screen.getByRole('button', { name: /^Restore the backup of 2 Oct 2026, \d\d:00 \(12 entries\)$/ }));
    expect(restoreBackup).toHaveBeenCalledWith(`${SAVED}-1`);
  });

  it('says when the broken file cannot be read at all, or names another event', () => {
    show(offer({ readable: false, addedBack: 0, unreadable: [] }));
    expect(screen.getByRole('alert').textContent).toContain('The broken file cannot be read at all: entries made after the backup are lost.');
    cleanup();
    show(offer({ otherEvent: true, addedBack: 0, unreadable: [] }));
    expect(screen.getByRole('alert').textContent).toContain('names another event');
  });

  it('says where the backups are when none opens, with no button', () => {
    show(null);
    expect(screen.getByRole('alert').textContent).toContain(`No backup of it opens. The backups of this file are kept in ${BACKUPS}.`);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in Bulgarian', () => {
    act(() => setLanguage('bg'));
    show(offer({ entries: 1, addedBack: 1, unreadable: [4, 7] }));
    expect(screen.getByRole('alert').textContent).toContain('съдържа 1 запис. 1 запис от повредения файл още се чете');
    expect(screen.getByRole('alert').textContent).toContain('2 реда от повредения файл не могат да бъдат прочетени (редове 4, 7)');
    expect(screen.getByRole('button').textContent).toMatch(/^Възстанови копието от .+ \(1 запис\)$/);
  });
});
