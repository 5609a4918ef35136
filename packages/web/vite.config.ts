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

// WEB_OUT_DIR lets parallel browser-test runs build into their own folders.
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

/** Where the server's render module goes (`vite build --ssr`): beside the assets, never served. */
export const SSR_DIR = 'ssr';

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server renders pages with the same modules, bundled with React's server renderer into
        // one module folder that runs wherever the build is put (nothing resolved from node_modules).
        plugins: [react()],
        ssr: { noExternal: true },
        // React's production build: the server's process need not set NODE_ENV.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: `${outDir}/${SSR_DIR}`,
          emptyOutDir: true,
          target: 'node20',
          rolldownOptions: {
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
      }
    : {
        base: base.endsWith('/') ? base : `${base}/`,
        plugins: [react(), precompress([SSR_DIR])],
        build: {
          outDir,
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
      },
);
