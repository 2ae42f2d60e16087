import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The console is served by the service at /app (same origin as the API), so it is built with
 * that base into dist/console, next to the compiled server. Hashed file names under assets/
 * let the server cache them for a year.
 */
export default defineConfig({
  root: here('.'),
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: here('../dist/console'),
    emptyOutDir: true,
    // No inline scripts or data: URLs: the page's Content-Security-Policy allows only 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // The first page's budget (250 KB gzipped) is checked by a test; Vite's own warning is for raw size.
    chunkSizeWarningLimit: 800,
  },
  server: {
    // `npx vite --config console/vite.config.ts` during development: the API of `npm run dev`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
