// Mounts the whole renderer over a fake `window.quartermaster`, for component tests.
import { fireEvent, render, screen } from '@testing-library/react';
import type { Character } from '../../core/model/character';
import type { ActionOptions } from '../app/actions';
import { App, createApp } from '../app/App';
import { getApi } from '../app/api';
import { entry, fakeApi, FOLDER, type FakeApi } from './fake-api';

export function renderApp(api: FakeApi, options: ActionOptions = {}) {
  window.quartermaster = api;
  const app = createApp(getApi(), options);
  return { app, ...render(<App app={app} />) };
}

/** A library with this one character, opened in the editor. */
export async function openCharacter(character: Character, options: ActionOptions & { api?: FakeApi } = {}) {
  const fileName = `${character.name.toLowerCase().replace(/\W+/g, '-') || 'unnamed'}.character.json`;
  const path = `${FOLDER}/${fileName}`;
  const api = options.api ?? fakeApi({ entries: [entry({ fileName, name: character.name, ruleset: character.ruleset })], files: { [path]: character } });
  const rendered = renderApp(api, options);
  fireEvent.click(await screen.findByRole('button', { name: `Open ${character.name}` }));
  await screen.findByRole('heading', { level: 1, name: character.name || 'Unnamed character' });
  return { ...rendered, api, path };
}

/** The character being edited, as the store holds it now. */
export function editedCharacter(app: ReturnType<typeof renderApp>['app']): Character {
  const s = app.store.get().screen;
  if (s.kind !== 'character') throw new Error(`no character is open (screen: ${s.kind})`);
  return s.doc.character;
}
