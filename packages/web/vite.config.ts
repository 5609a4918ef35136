import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Page chunks are served from `static/js/` under the base path. The base is set at build
 * time with WEB_BASE (default '/'), so a build for a sub-path loads its chunks from there.
 */
const base = process.env.WEB_BASE ?? '/';

/**
 * The production build runs the React code on preact/compat: React DOM 19 alone is about 67 KB
 * gzipped, which with the router and the query cache leaves nothing of the 90 KB home-route budget;
 * Preact is about 11 KB. WEB_RUNTIME=react builds with React itself.
 */
const preact = process.env.WEB_RUNTIME !== 'react';
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

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
  plugins: [react()],
  resolve: { alias: preact ? PREACT_ALIASES : [] },
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
