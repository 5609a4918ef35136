// @ts-check
/**
 * Builds what a deployment runs, each part only when what it is built from changed since its last
 * build, and else does nothing: `npm start` runs it first, so that a later start over current builds
 * costs a hash of the sources, not a build.
 *
 *   npm run build [-- --force]
 *
 * - The dashboard (`packages/web/dist`: the browser bundle and the server's render module, by Vite),
 *   built from the web package (less its output and node_modules), the sources of the packages it
 *   bundles (charts, search-model), the lockfile and WEB_BASE.
 * - The server (`packages/server/dist/main.js`, and `demo-child.js` for the demo generator's child
 *   processes): one ES module per entry, by esbuild, holding the server's sources and those of the
 *   workspace packages it imports; every other package stays an import, resolved from node_modules
 *   at run time. Built from the files the last build read (esbuild's list of its inputs) and this
 *   script; the server then runs on `node` alone, with no TypeScript transpiler, so that a production
 *   install (`npm ci --omit=dev`) starts it.
 *
 * Each part's hash is kept in its output folder (`.build-hash`), written only once its build has
 * succeeded. Plain JavaScript, so that it runs without the devDependencies when nothing is to be built.
 */
import console from 'node:console';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SOURCES = ['packages/web', 'packages/charts/src', 'packages/search-model/src', 'package-lock.json'];
/** Left out of the dashboard's hash: outputs and installed packages. */
const SKIPPED = new Set(['node_modules', 'dist', '.vite']);

/** The server's entries: output name → source, relative to the repository. */
const SERVER_ENTRIES = {
  main: 'packages/server/src/main.ts',
  'demo-child': 'packages/demo/src/demo-child.ts',
};
/** Where the server's build goes. */
export const serverOutDir = (root = REPO) => join(root, 'packages/server/dist');
/** The compiled server, which `npm start` runs. */
export const serverEntry = (root = REPO) => join(serverOutDir(root), 'main.js');

/** Where the dashboard's build goes (WEB_OUT_DIR, relative to the web package, as the Vite config reads it). */
export const webOutDir = (root = REPO) => resolve(root, 'packages/web', process.env.WEB_OUT_DIR ?? 'dist');

/**
 * @param {string} path
 * @param {string} outDir
 * @param {string[]} into
 * @returns {string[]}
 */
function files(path, outDir, into) {
  if (!existsSync(path)) return into;
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (child === outDir) continue;
    if (entry.isDirectory()) files(child, outDir, into);
    else if (entry.isFile()) into.push(child);
  }
  return into;
}

/** The hash of what the dashboard is built from, under the repository at `root`. */
export function webSourceHash(root = REPO) {
  const outDir = webOutDir(root);
  const hash = createHash('sha256').update(`WEB_BASE=${process.env.WEB_BASE ?? '/'}\n`);
  for (const source of WEB_SOURCES) {
    const path = join(root, source);
    const list = existsSync(path) && !path.endsWith('.json') ? files(path, outDir, []) : [path];
    for (const file of list)
      if (existsSync(file)) hash.update(`${relative(root, file)}\n`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * The hash of what the server is built from: the files a build read (paths relative to `root`; one
 * missing now counts as changed) and this script, which holds the build's options.
 * @param {string[]} inputs
 * @param {string} [root]
 */
export function serverSourceHash(inputs, root = REPO) {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const input of [...inputs].sort()) {
    const file = join(root, input);
    hash.update(`${input}\n`);
    if (existsSync(file)) hash.update(readFileSync(file));
    else hash.update('(missing)\n');
  }
  return hash.digest('hex');
}

/**
 * The server build's record, `{hash, inputs}`, or null without one.
 * @param {string} root
 * @returns {{hash: string, inputs: string[]} | null}
 */
function serverStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(join(serverOutDir(root), '.build-hash'), 'utf8'));
    return typeof stamp.hash === 'string' && Array.isArray(stamp.inputs) ? stamp : null;
  } catch {
    return null;
  }
}

/** Whether the server build in its output folder was made from the sources as they are. */
export function serverBuildIsCurrent(root = REPO) {
  const stamp = serverStamp(root);
  if (!stamp || !existsSync(serverEntry(root))) return false;
  return serverSourceHash(stamp.inputs, root) === stamp.hash;
}

/** Whether the dashboard build in its output folder was made from the sources as they are. */
export function webBuildIsCurrent(root = REPO) {
  const outDir = webOutDir(root);
  const stamp = join(outDir, '.build-hash');
  return (
    existsSync(join(outDir, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === webSourceHash(root)
  );
}

/** Builds the dashboard unless the build in its output folder was made from the same sources. */
export function buildWebIfStale(force = false, root = REPO) {
  const started = Date.now();
  const outDir = webOutDir(root);
  if (!force && webBuildIsCurrent(root)) {
    console.log(
      `dashboard build in ${relative(root, outDir)} is current (checked in ${Date.now() - started} ms)`,
    );
    return;
  }
  const hash = webSourceHash(root);
  try {
    createRequire(join(root, 'packages/web/package.json')).resolve('vite');
  } catch {
    throw new Error(
      `the dashboard build in ${relative(root, outDir)} is missing or older than its sources, and Vite, ` +
        'which builds it, is not installed (an install with --omit=dev): run `npm ci && npm run build` first',
    );
  }
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@pdb-stats/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the dashboard build failed (exit status ${result.status})`);
  writeFileSync(join(outDir, '.build-hash'), `${hash}\n`);
  console.log(`dashboard built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Only our workspace packages are bundled; every other import (npm packages, Node's modules) is left
 * to Node, so that native modules (DuckDB, resvg) and packages that read their own files work as
 * installed.
 * @type {import('esbuild').Plugin}
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pdb-stats/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the server unless the build in its output folder was made from the same sources. */
export async function buildServerIfStale(force = false, root = REPO) {
  const started = Date.now();
  const outDir = serverOutDir(root);
  if (!force && serverBuildIsCurrent(root)) {
    console.log(
      `server build in ${relative(root, outDir)} is current (checked in ${Date.now() - started} ms)`,
    );
    return;
  }
  /** @type {typeof import('esbuild')} */
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error(
      `the server build in ${relative(root, outDir)} is missing or older than its sources, and esbuild, ` +
        'which builds it, is not installed (an install with --omit=dev): run `npm ci && npm run build` first',
    );
  }
  rmSync(outDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, join(root, source)]),
    ),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(
    join(outDir, '.build-hash'),
    `${JSON.stringify({ hash: serverSourceHash(inputs, root), inputs })}\n`,
  );
  console.log(`server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds whatever is missing or stale: the dashboard, then the server. */
export async function buildIfStale(force = false, root = REPO) {
  buildWebIfStale(force, root);
  await buildServerIfStale(force, root);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildIfStale(process.argv.includes('--force'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
