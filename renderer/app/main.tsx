// Entry point of the renderer: builds the app over the preload's API and mounts it.
import './zod-jitless';
import { createRoot } from 'react-dom/client';
import { getApi } from './api';
import { App, createApp } from './App';
import { t } from './strings';
import './styles/app.css';

const root = document.getElementById('root')!;
try {
  createRoot(root).render(<App app={createApp(getApi())} />);
} catch (e) {
  root.textContent = t('app.noApi');
  throw e;
}
