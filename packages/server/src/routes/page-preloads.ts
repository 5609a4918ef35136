import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGES, matchRoute, type PageName } from '@pdb-stats/web/routes';

/** The part of a Vite build manifest (`.vite/manifest.json`) read here. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The page a path shows, by the dashboard's own route table (the one its router reads). */
function pageOf(path: string): PageName | undefined {
  return matchRoute(path)?.page;
}

/** The tags of a path's page chunk; with `stylesheets`, its styles applied (for a page drawn on the server). */
export type PagePreloads = (path: string, options?: { stylesheets?: boolean }) => string;

/** The chunks `roots` load statically, themselves included. */
function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The manifest key of a page's chunk. A page module another page imports statically (the explorer
 * imports the chart page) is bundled into a shared chunk, without a key of its own: then it is the
 * chunk the entry imports lazily that is named after the module.
 */
export function pageChunkKey(
  manifest: Manifest,
  entry: string | undefined,
  chunk: string,
): string | undefined {
  if (manifest[chunk]) return chunk;
  const name = chunk.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  return (entry ? (manifest[entry]!.dynamicImports ?? []) : []).find((key) => manifest[key]?.name === name);
}

/**
 * `<link>` tags that fetch a route's page chunk (and its imports and styles) while the entry chunk
 * loads, instead of after it has run: one step less between navigation and the first chart. Without
 * them the page still works, one round trip later. `base` is the public path of the build's assets.
 */
export function pagePreloads(manifest: Manifest, base: string): PagePreloads {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key === 'index.html');
  const loaded = staticClosure(manifest, entry ? [entry] : []);
  const tags = Object.entries(PAGES).map(([name, { chunk }]) => {
    const key = pageChunkKey(manifest, entry, chunk);
    const chunks = [...staticClosure(manifest, key ? [key] : [])].filter((key) => !loaded.has(key));
    const scripts = chunks.map(
      (key) => `<link rel="modulepreload" crossorigin href="${base}${manifest[key]!.file}">`,
    );
    const styleFiles = chunks.flatMap((key) => manifest[key]!.css ?? []);
    const styles = styleFiles.map((file) => `<link rel="preload" as="style" href="${base}${file}">`);
    // A page drawn on the server needs its chunk's styles before it is shown, not after its script runs.
    const sheets = styleFiles.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`);
    return { name, html: [...scripts, ...styles].join(''), rendered: [...scripts, ...sheets].join('') };
  });
  return (path, { stylesheets = false } = {}) => {
    const page = pageOf(path);
    const tag = tags.find((t) => t.name === page);
    return (stylesheets ? tag?.rendered : tag?.html) ?? '';
  };
}

/**
 * Reads the build's manifest; a build without one (or a broken one) gets no preloads. The assets'
 * public path is what precedes the entry's file name in the built index.html.
 */
export async function readPagePreloads(root: string, index: string): Promise<PagePreloads> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(root, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => '';
  }
  const entryFile = manifest['index.html']?.file;
  const at = entryFile ? index.indexOf(entryFile) : -1;
  if (!entryFile || at < 0) return () => '';
  const base = /(?:src|href)="([^"]*)$/.exec(index.slice(0, at))?.[1] ?? '/';
  return pagePreloads(manifest, base);
}
