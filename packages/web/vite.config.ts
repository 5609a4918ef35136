import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * Page chunks are served from `static/js/` under the base path. The base is set at build
 * time with WEB_BASE (default '/'), so a build for a sub-path loads its chunks from there.
 */
const base = process.env.WEB_BASE ?? '/';

/**
 * Pages: the dashboard (`index`, unchanged) plus the pages it links to, which the server serves at
 * /search, /search/chemical/ and /query-editor.html with the same injected config.
 */
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const PAGES = {
  index: page('index.html'),
  search: page('search.html'),
  'query-editor': page('query-editor.html'),
};

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
      input: PAGES,
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: { port: 5173 },
});
