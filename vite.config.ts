// Builds the renderer (renderer/) into dist/renderer/, with relative URLs so the built page loads
// from wherever the app serves it (app://quartermaster/ in Electron, http://127.0.0.1 in the e2e
// suite). The built page keeps the strict policy written in renderer/index.html. The dev server
// swaps in the main process's dev policy (electron/app/csp.ts), because Vite's client and React Fast
// Refresh inject inline scripts and styles and talk over a websocket.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { DEV_CONTENT_SECURITY_POLICY } from './electron/app/csp.js';
import { metaPolicy } from './renderer/app/csp-meta.js';

const root = fileURLToPath(new URL('./renderer/', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer/', import.meta.url));

function devCsp(): Plugin {
  return {
    name: 'quartermaster-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(/(http-equiv="Content-Security-Policy"\s+content=")[^"]*"/, `$1${metaPolicy(DEV_CONTENT_SECURITY_POLICY)}"`);
    },
  };
}

export default defineConfig({
  root,
  base: './',
  plugins: [react(), devCsp()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'chrome140',
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
  },
});
