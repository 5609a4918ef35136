// @ts-check
/**
 * The dashboard's build (`npm run build` in this package): the browser bundle into the output folder
 * and the server's render module into its `ssr/` folder, both by Vite with `vite.config.ts`. The two
 * builds share nothing, and each alone leaves a core idle for part of its time (loading, writing,
 * compressing), so they run at once, in this one process: a fresh `npm start` waits for them.
 */
import process from 'node:process';
import { rm } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(root, process.env.WEB_OUT_DIR ?? 'dist');
// Never the package (or a folder holding it): the folder is deleted whole.
if (!relative(outDir, root).startsWith('..')) {
  throw new Error(`WEB_OUT_DIR must not be the web package or a folder above it: ${outDir}`);
}
// Emptied here once: each build emptying it itself could delete the other's files.
await rm(outDir, { recursive: true, force: true });
await Promise.all([
  build({ root, build: { emptyOutDir: false } }),
  build({ root, build: { ssr: 'src/server-entry.tsx', emptyOutDir: false } }),
]);
