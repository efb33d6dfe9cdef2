// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import emberfallJson from '../../core/packs/examples/emberfall.pack.json';
import type { GamePack } from '../../core/packs/schema';
import { builtinListing, fakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render';

afterEach(cleanup);

const EMBERFALL = emberfallJson as unknown as GamePack;
const APP = '/home/ana/.config/Quartermaster/packs';

async function openGames(api = fakeApi()) {
  const rendered = renderApp(api);
  fireEvent.click(await screen.findByRole('button', { name: /^Games: the game packs/ }));
  await screen.findByRole('heading', { level: 1, name: 'Games' });
  return { ...rendered, api };
}

const rowOf = (text: string) => screen.getByText(text, { selector: 'td.file' }).closest('tr')!;

describe('the Games page', () => {
  it('lists the four built-in packs with id, names, version, origin and file, each used', async () => {
    await openGames();
    const table = await screen.findByRole('table', { name: 'Packs: 4' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['bg-magic', 'curious-pastimes', 'fortunes-landing', 'novitas']);
    const novitas = rowOf('(built in) novitas.pack.json');
    // A name the same in both languages is given once.
    expect(within(novitas).getByRole('rowheader').textContent).toBe('Novitas');
    expect(within(rowOf('(built in) bg-magic.pack.json')).getByRole('rowheader').textContent).toBe('Bulgarian mage rules / Български правила за магове');
    expect(within(novitas).getAllByRole('cell').map((c) => c.textContent)).toEqual(['novitas', '1.0.0', 'Built in', '(built in) novitas.pack.json', 'Used']);
    expect(screen.getByText('Every pack was read without a problem.')).toBeTruthy();
  });

  it('shows which version of a game is used when two packs share an id', async () => {
    const listing = builtinListing();
    listing.packs.push(
      { pack: { ...EMBERFALL, version: '1.0.0' }, file: `${APP}/emberfall.pack.json`, origin: 'app', used: false },
      { pack: { ...EMBERFALL, version: '1.1.0' }, file: '/home/ana/Documents/Quartermaster/packs/emberfall.pack.json', origin: 'game', used: true },
    );
    await openGames(fakeApi({ packs: listing }));
    const older = rowOf(`${APP}/emberfall.pack.json`);
    expect(within(older).getAllByRole('cell').map((c) => c.textContent)).toEqual(['emberfall', '1.0.0', 'The app’s packs folder', `${APP}/emberfall.pack.json`, 'Not used: version 1.1.0 is']);
    const newer = rowOf('/home/ana/Documents/Quartermaster/packs/emberfall.pack.json');
    expect(within(newer).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'emberfall',
      '1.1.0',
      'The library’s packs folder',
      '/home/ana/Documents/Quartermaster/packs/emberfall.pack.json',
      'Used',
    ]);
  });

  it('shows a refused pack’s file, JSON path and why, and follows the watcher as the file is fixed', async () => {
    const { api } = await openGames();
    await screen.findByRole('table');
    const file = `${APP}/emberfall.pack.json`;
    act(() =>
      api.pushPacks({ ...builtinListing(), problems: [{ file, path: 'skills[1].requires.expression', message: 'the expression does not parse: Unexpected token: EOF' }] }),
    );
    expect(screen.getByRole('heading', { name: 'Packs refused: 1' })).toBeTruthy();
    const problem = screen.getByRole('listitem');
    expect(problem.textContent).toBe(`${file}: skills[1].requires.expression: the expression does not parse: Unexpected token: EOF`);

    act(() => api.pushPacks({ ...builtinListing(), packs: [...builtinListing().packs, { pack: EMBERFALL, file, origin: 'app', used: true }] }));
    expect(screen.getByRole('heading', { name: 'Packs refused: 0' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Packs: 5' })).toBeTruthy();
  });

  it('opens the app packs folder, and goes back to the library', async () => {
    const { api } = await openGames();
    fireEvent.click(screen.getByRole('button', { name: 'Open the packs folder' }));
    expect(api.openPacksFolder).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /Back to the library/ }));
    expect(await screen.findByRole('heading', { level: 1, name: /library/i })).toBeTruthy();
  });
});
