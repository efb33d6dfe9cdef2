// @vitest-environment jsdom
// The sequences a user takes through the print dialogs: export one game's character, then open
// another game's; untick a group and come back; choose a card stock and a printer whose corrections
// were saved; print the calibration page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PrintChoice, PrintPreview } from '../../core/ipc/contract';
import { setLanguage } from '../app/i18n';
import { entry, fakeApi, FOLDER, makeCharacter } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

const page = (): PrintPreview => ({ widthPt: 595.28, heightPt: 841.89, faces: [], cutMarks: [], cards: 3, pages: 2, perPage: 10, problems: [], warnings: [] });

const aldric = makeCharacter({ ruleset: 'fortunes-landing', name: 'Aldric', id: '11111111-1111-4111-8111-111111111111' });
const brannoc = makeCharacter({ ruleset: 'curious-pastimes', name: 'Brannoc', id: '22222222-2222-4222-8222-222222222222' });

async function library(settings = {}) {
  const files = { [`${FOLDER}/aldric.character.json`]: aldric, [`${FOLDER}/brannoc.character.json`]: brannoc };
  const api = fakeApi({
    entries: [entry({ fileName: 'aldric.character.json', name: 'Aldric', ruleset: 'fortunes-landing' }), entry({ fileName: 'brannoc.character.json', name: 'Brannoc', ruleset: 'curious-pastimes' })],
    files,
    settings,
  });
  api.previewPrint = vi.fn(async () => page());
  api.exportPdf = vi.fn(async ({ path }) => ({ path: path.replace('.character.json', '.pdf') }));
  renderApp(api);
  await screen.findByRole('button', { name: 'Open Aldric' });
  await waitFor(() => expect(api.getSettings).toHaveBeenCalled());
  return api;
}

/** Export PDF… for one library row, as the menu does with one row ticked. */
async function exportDialog(api: ReturnType<typeof fakeApi>, name: string) {
  for (const box of screen.getAllByRole('checkbox', { name: /^Select / })) if ((box as HTMLInputElement).checked) fireEvent.click(box);
  fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  act(() => api.fireMenuCommand('export-pdf'));
  return screen.findByRole('dialog', { name: `Export PDF: ${name}` });
}

const ticks = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Cards to print' }))
    .getAllByRole('checkbox')
    .map((b) => `${b.parentElement!.textContent}:${(b as HTMLInputElement).checked}`);

const sent = (api: { exportPdf: unknown }): PrintChoice => (api.exportPdf as ReturnType<typeof vi.fn>).mock.lastCall![0].print;

describe('print dialogs in sequence', () => {
  it("export a Fortune's Landing character, then a Curious Pastimes one: its spell cards and token are ticked", async () => {
    const api = await library();
    let dialog = await exportDialog(api, 'Aldric');
    expect(ticks(dialog)).toEqual(['Character card:true', 'Armour tag:true', 'Item and scroll cards:true']);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Card size' }), { target: { value: 'poker' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await exportDialog(api, 'Brannoc');
    expect(ticks(dialog)).toEqual(['Character card:true', 'Item and scroll cards:true', 'Spell cards:true', 'Body Development token:true']);
    expect(within(dialog).queryByRole('note')).toBeNull();
    // The layout chosen for Aldric is kept.
    expect((within(dialog).getByRole('combobox', { name: 'Card size' }) as HTMLSelectElement).value).toBe('poker');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api).sections).toEqual(['character', 'items', 'spells', 'token']);
  });

  it('keeps unticked only what the user unticked for that game, and says so', async () => {
    const api = await library();
    let dialog = await exportDialog(api, 'Brannoc');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Body Development token' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api).sections).toEqual(['character', 'items', 'spells']);

    // Aldric's game has no token; nothing of his is left out.
    dialog = await exportDialog(api, 'Aldric');
    expect(ticks(dialog)).toEqual(['Character card:true', 'Armour tag:true', 'Item and scroll cards:true']);
    fireEvent.keyDown(dialog, { key: 'Escape' });

    dialog = await exportDialog(api, 'Brannoc');
    expect(ticks(dialog)).toEqual(['Character card:true', 'Item and scroll cards:true', 'Spell cards:true', 'Body Development token:false']);
    expect(within(dialog).getByRole('note').textContent).toBe(
      'Left unticked because you left them out of your last Curious Pastimes print: Body Development token. Every other kind of card this print can have is ticked. Tick them to print them too.',
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Body Development token' }));
    expect(within(dialog).queryByRole('note')).toBeNull();
  });

  it('a pack over both games ticks every group of both', async () => {
    const api = await library();
    let dialog = await exportDialog(api, 'Aldric');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Item and scroll cards' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Aldric is still ticked from his export; tick Brannoc too.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brannoc' }));
    act(() => api.fireMenuCommand('print-event-pack'));
    dialog = await screen.findByRole('dialog', { name: 'Print event pack' });
    // Items still apply to Brannoc, whose game nobody narrowed.
    expect(ticks(dialog)).toEqual(['Character card:true', 'Armour tag:true', 'Item and scroll cards:true', 'Spell cards:true', 'Body Development token:true']);
  });

  it('chooses a card stock, loads the corrections saved for the printer and sheet, and prints the calibration page', async () => {
    const api = await library({
      printer: 'Office laser',
      calibrations: [
        { printer: 'Office laser', sheet: 'avery-c32011', offsetMm: { x: 1.5, y: -0.5 }, backOffsetMm: { x: 0, y: 1 } },
        { printer: 'Desk inkjet', sheet: 'avery-c32011', offsetMm: { x: -2, y: 0 }, backOffsetMm: { x: 0, y: 0 } },
      ],
    });
    api.printCalibration = vi.fn(async () => ({ path: `${FOLDER}/Calibration page Avery C32011.pdf` }));
    const dialog = await exportDialog(api, 'Aldric');
    expect((within(dialog).getByRole('combobox', { name: 'Printer (your name for it)' }) as HTMLInputElement).value).toBe('Office laser');
    expect(within(dialog).getByText('Print the PDF at 100 % (“actual size”), not “fit to page”: the PDF asks your viewer for that, but check its print dialog.')).toBeTruthy();
    const sheet = within(dialog).getByRole('combobox', { name: 'Sheet' });
    expect(within(sheet).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Custom sheet: paper, card size and margin',
      'Avery C32011 (also C32011-10, C32011-25): A4, 2 × 5 cards of 85 × 54 mm',
      'Avery L7414 (also 7414): A4, 2 × 5 cards of 90 × 52 mm',
      'Avery 32015 (also C32015, Zweckform 32015): A4, 2 × 4 cards of 85 × 54 mm',
      'Avery 5371 (also 8371, 5871, 5877, 5911, 8471, 8871, 28371): US Letter, 2 × 5 cards of 88.9 × 50.8 mm',
    ]);
    fireEvent.change(sheet, { target: { value: 'avery-c32011' } });
    // The saved corrections of this printer and sheet; paper, size and margin give way to the sheet's.
    const right = within(dialog).getByRole('textbox', { name: 'Front: right (mm)' }) as HTMLInputElement;
    await waitFor(() => expect(right.value).toBe('1.5'));
    expect((within(dialog).getByRole('textbox', { name: 'Back: up (mm)' }) as HTMLInputElement).value).toBe('1');
    expect(within(dialog).queryByRole('combobox', { name: 'Card size' })).toBeNull();
    expect(within(dialog).getByText('Cards go exactly where the sheet has them: 10 on A4, 85 × 54 mm each. Cut marks are left out: the sheet is perforated.')).toBeTruthy();
    // Another printer: its own corrections.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Printer (your name for it)' }), { target: { value: 'Desk inkjet' } });
    await waitFor(() => expect(right.value).toBe('-2'));
    // The user measures 0.5 mm more to the right on the calibration page and types the sum.
    fireEvent.change(right, { target: { value: '-1,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print a calibration page…' }));
    await waitFor(() => expect(api.printCalibration).toHaveBeenCalled());
    const print = (api.printCalibration as ReturnType<typeof vi.fn>).mock.lastCall![0].print as PrintChoice;
    expect(print).toMatchObject({ stock: 'avery-c32011', paper: 'a4', printer: 'Desk inkjet', offsetMm: { x: -1.5, y: 0 } });
    expect(await screen.findByText(`Calibration page saved to ${FOLDER}/Calibration page Avery C32011.pdf and opened. The corrections are saved for this printer and sheet.`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PDF…' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api)).toMatchObject({ stock: 'avery-c32011', printer: 'Desk inkjet', offsetMm: { x: -1.5, y: 0 } });
    // Next time, the same printer and sheet start from what was typed.
    const again = await exportDialog(api, 'Brannoc');
    expect((within(again).getByRole('textbox', { name: 'Front: right (mm)' }) as HTMLInputElement).value).toBe('-1.5');
  });
});
