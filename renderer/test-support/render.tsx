// Mounts the whole renderer over a fake `window.quartermaster`, for component tests.
import { render } from '@testing-library/react';
import { App, createApp } from '../App';
import { getApi } from '../api';
import type { FakeApi } from './fake-api';

export function renderApp(api: FakeApi) {
  window.quartermaster = api;
  const app = createApp(getApi());
  return { app, ...render(<App app={app} />) };
}
