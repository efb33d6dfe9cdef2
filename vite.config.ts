// Builds the renderer (renderer/) into dist/renderer/, with relative URLs so Electron can load it
// from file://. The dev server relaxes the page's Content-Security-Policy, because Vite's dev client
// and React Fast Refresh inject inline scripts and styles; the built page keeps the strict policy.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer/', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer/', import.meta.url));

function devCsp(): Plugin {
  return {
    name: 'quartermaster-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws: http://localhost:*");
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
