// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PrintChoice, PrintPreview } from '../../core/ipc/contract';
import { setLanguage } from '../app/i18n';
import { fakeApi, makeCharacter, entry, FOLDER } from '../testing/fake-api';
import { openCharacter } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

/** A page with one card holding one line of text and a QR square. */
function page(over: Partial<PrintPreview> = {}): PrintPreview {
  return {
    widthPt: 595.28,
    heightPt: 841.89,
    faces: [
      {
        matrix: [1, 0, 0, 1, 54.99, 650.55],
        width: 242.65,
        height: 153.07,
        ops: [
          { op: 'text', x: 8.5, y: 130, text: 'Elowen 2', face: 'bold', size: 10.8, width: 50 },
          { op: 'rect', x: 0, y: 0, w: 242.65, h: 153.07, stroke: 0.8, lineWidth: 0.3 },
          { op: 'cells', x: 180, y: 90, unit: 1.2, runs: [0, 0, 3, 1, 1, 1] },
        ],
      },
    ],
    cutMarks: [{ x1: 54.99, y1: 820, x2: 54.99, y2: 830 }],
    cards: 2,
    pages: 2,
    perPage: 10,
    problems: [],
    warnings: [],
    ...over,
  };
}

const elowen = makeCharacter({ ruleset: 'novitas', name: 'Elowen 2', player: 'Priya', items: [{ id: '0b7d6a52-4a43-4c55-8e1a-3c1f6f0e0a04', name: 'Ring', kind: 'magic-item', text: 'Glows.' }] });

async function openDialog(settings: { paper?: 'a4' | 'letter' } = {}) {
  const path = `${FOLDER}/elowen-2.character.json`;
  const api = fakeApi({ entries: [entry({ fileName: 'elowen-2.character.json', name: 'Elowen 2', ruleset: 'novitas' })], files: { [path]: elowen }, settings });
  api.previewPrint = vi.fn(async () => page());
  const opened = await openCharacter(elowen, { api });
  // The settings (paper) are read at start.
  await waitFor(() => expect(api.getSettings).toHaveBeenCalled());
  fireEvent.click(screen.getByRole('button', { name: 'Export PDF…' }));
  const dialog = screen.getByRole('dialog', { name: 'Export PDF: Elowen 2' });
  await within(dialog).findByRole('img', { name: 'First page: 2 cards on 2 pages in all' });
  return { ...opened, api, dialog, path };
}

const lastChoice = (api: { previewPrint: unknown }): PrintChoice => (api.previewPrint as ReturnType<typeof vi.fn>).mock.lastCall![0].print;

describe('Export PDF dialog', () => {
  it("offers the groups of the character's game and the paper from the settings, and previews the first page", async () => {
    const { api, dialog, path } = await openDialog({ paper: 'letter' });
    const groups = within(dialog).getByRole('group', { name: 'Cards to print' });
    // Novitas: character card, items, the power-point tracker (print-options.ts SECTIONS_FOR_RULESET).
    expect(within(groups).getAllByRole('checkbox').map((b) => [b.parentElement!.textContent, (b as HTMLInputElement).checked])).toEqual([
      ['Character card', true],
      ['Item and scroll cards', true],
      ['Power-point tracker', true],
    ]);
    expect((within(dialog).getByRole('combobox', { name: 'Paper' }) as HTMLSelectElement).value).toBe('letter');
    expect(api.previewPrint).toHaveBeenCalledWith({
      path,
      character: elowen,
      print: { sections: ['character', 'items', 'tracker'], stock: null, printer: '', paper: 'letter', size: 'credit', marginMm: 5, offsetMm: { x: 0, y: 0 }, backOffsetMm: { x: 0, y: 0 }, backs: true },
    });
    const svg = within(dialog).getByRole('img', { name: 'First page: 2 cards on 2 pages in all' });
    // The page in points, the card placed by its matrix, the text flipped upright at its baseline.
    expect(svg.getAttribute('viewBox')).toBe('0 0 595.28 841.89');
    expect(svg.querySelector('.preview-card')!.getAttribute('transform')).toBe('matrix(1 0 0 1 54.99 650.55)');
    const text = svg.querySelector('text')!;
    expect(text.textContent).toBe('Elowen 2');
    expect(text.getAttribute('transform')).toBe('matrix(1 0 0 -1 8.5 130)');
    expect(text.getAttribute('textLength')).toBe('50');
    expect(text.getAttribute('font-weight')).toBe('700');
    // QR runs [0,0,3] and [1,1,1]: two filled bars in grid units.
    expect(svg.querySelector('path')!.getAttribute('d')).toBe('M0 0h3v1h-3zM1 1h1v1h-1z');
    expect(within(dialog).getByText('2 cards on 2 pages, up to 10 on a page.')).toBeTruthy();
  });

  it('asks for a new preview on every change; a margin that is not a number is named and holds the export back', async () => {
    const { api, dialog } = await openDialog();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Card size' }), { target: { value: 'poker' } });
    await waitFor(() => expect(lastChoice(api).size).toBe('poker'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Character card' }));
    await waitFor(() => expect(lastChoice(api).sections).toEqual(['items', 'tracker']));

    const margin = within(dialog).getByRole('textbox', { name: 'Printer margin (mm)' });
    fireEvent.change(margin, { target: { value: '2,5' } });
    await waitFor(() => expect(lastChoice(api).marginMm).toBe(2.5));
    fireEvent.change(margin, { target: { value: '2,5 mm' } });
    expect(margin.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(margin.getAttribute('aria-describedby')!)!.textContent).toBe('Printer margin (mm): type a number of millimetres, such as 5 or 2.5.');
    expect((within(dialog).getByRole('button', { name: 'Save PDF…' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Front: right (mm)' }), { target: { value: '-1.5' } });
    fireEvent.change(margin, { target: { value: '4' } });
    await waitFor(() => expect(lastChoice(api)).toMatchObject({ marginMm: 4, offsetMm: { x: -1.5, y: 0 } }));
    expect((within(dialog).getByRole('button', { name: 'Save PDF…' }) as HTMLButtonElement).disabled).toBe(false);

    // No group at all: said, and nothing to save.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Item and scroll cards' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Power-point tracker' }));
    expect(within(dialog).getByText('Choose at least one kind of card.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save PDF…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why a preview failed (a setting the core refuses)', async () => {
    const { api, dialog } = await openDialog();
    api.previewPrint = vi.fn(async () => Promise.reject(new Error("Error invoking remote method 'qm:previewPrint': Error: print settings: margin must be between 0 and 50 mm")));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Printer margin (mm)' }), { target: { value: '60' } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The preview could not be made: print settings: margin must be between 0 and 50 mm');
    expect((within(dialog).getByRole('button', { name: 'Save PDF…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves through the main process with the choice, closes and says where; a failure stays in the dialog', async () => {
    const { api, dialog, path } = await openDialog();
    api.exportPdf = vi.fn(async () => Promise.reject(new Error('Cannot export: disk full')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The PDF could not be exported: Cannot export: disk full');

    api.exportPdf = vi.fn(async () => ({ path: `${FOLDER}/elowen.pdf` }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.exportPdf).toHaveBeenCalledWith({ path, character: elowen, print: lastChoice(api) });
    expect(screen.getByText(`PDF saved to ${FOLDER}/elowen.pdf and opened.`)).toBeTruthy();
  });

  it('opens from the menu command, closes on Escape, and speaks Bulgarian', async () => {
    const { api, dialog } = await openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setLanguage('bg'));
    act(() => api.fireMenuCommand('export-pdf'));
    const bg = screen.getByRole('dialog', { name: 'Експорт в PDF: Elowen 2' });
    expect(within(bg).getByRole('group', { name: 'Карти за печат' })).toBeTruthy();
    expect(within(bg).getByRole('checkbox', { name: 'Брояч на точки сила' })).toBeTruthy();
    expect(await within(bg).findByRole('img', { name: 'Първа страница: общо 2 карти на 2 страници' })).toBeTruthy();
    expect(within(bg).getByRole('button', { name: 'Запази PDF…' })).toBeTruthy();
  });
});
