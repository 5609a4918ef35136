import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Page chunks are served from `static/js/` under the base path (seed §7). The base is set at build
 * time with WEB_BASE (default '/'), so a build for a sub-path loads its chunks from there (D27).
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

export default defineConfig({
  base: base.endsWith('/') ? base : `${base}/`,
  plugins: [react()],
  resolve: { alias: preact ? PREACT_ALIASES : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: { port: 5173 },
});
