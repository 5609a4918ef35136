import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * Page chunks are served from `static/js/` under the base path. The base is set at build
 * time with WEB_BASE (default '/'), so a build for a sub-path loads its chunks from there.
 */
const base = process.env.WEB_BASE ?? '/';

/** One page: the dashboard, whose router shows the search pages too (the server serves it at their addresses). */
const INDEX = fileURLToPath(new URL('index.html', import.meta.url));

export default defineConfig({
  base: base.endsWith('/') ? base : `${base}/`,
  plugins: [react(), precompress()],
  build: {
    // WEB_OUT_DIR lets parallel browser-test runs build into their own folders.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // The server reads it to preload each route's page chunk with the page (routes/page-preloads.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      input: { index: INDEX },
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: { port: 5173 },
});
