import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGES, SUMMARY_CHUNK, matchRoute, needsSummary, type PageName } from '@pdb-stats/charts';

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

/**
 * The tags of the page chunk of an address (path and query): fetched early for a page the browser
 * draws, applied for one the server drew. An address with a scope gets the summarizer's chunks too.
 */
export interface PagePreloads {
  /** In the head of a page the browser draws: its chunk's scripts and styles, fetched while the entry loads. */
  (url: string): string;
  /**
   * A page the server drew: its chunk's scripts in the head, with the styles of the entry and of its
   * chunk written out in a style element, so that the page is painted from its HTML alone (their files,
   * fetched beside a score of scripts, came well after the HTML and held its first paint); and at the
   * end of the body their stylesheet links, which tell the entry's loader of page chunks that their
   * styles are there (it would fetch them and hold the page until they came). Those links apply to no
   * medium: applied, each as it arrived would put its rules after the others' again, and until the
   * last came a page's own rules would lose to the entry's (its controls moved, then moved back). The
   * template's own stylesheet links are taken out of its head by the caller.
   */
  drawn(url: string): { head: string; end: string };
}

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
 * The manifest key of a lazily loaded module's chunk (a page's, the summarizer's). A page module
 * another page imports statically (the explorer imports the chart page) is bundled into a shared
 * chunk, without a key of its own: then it is the chunk the entry imports lazily that is named
 * after the module.
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
export function pagePreloads(
  manifest: Manifest,
  base: string,
  styles: ReadonlyMap<string, string> = new Map(),
): PagePreloads {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key === 'index.html');
  const loaded = staticClosure(manifest, entry ? [entry] : []);
  const entryStyles = entry ? (manifest[entry]!.css ?? []) : [];
  const sheet = (file: string, media = '') =>
    `<link rel="stylesheet" crossorigin href="${base}${file}"${media && ` media="${media}"`}>`;
  const modulePreload = (key: string) =>
    `<link rel="modulepreload" crossorigin href="${base}${manifest[key]!.file}">`;
  const summaryKey = pageChunkKey(manifest, entry, SUMMARY_CHUNK);
  const summaryChunks = [...staticClosure(manifest, summaryKey ? [summaryKey] : [])];
  const tags = Object.entries(PAGES).map(([name, { chunk }]) => {
    const key = pageChunkKey(manifest, entry, chunk);
    const chunks = [...staticClosure(manifest, key ? [key] : [])].filter((key) => !loaded.has(key));
    const scripts = chunks.map(modulePreload).join('');
    // A page with a scope loads the summarizer before it is drawn: fetched beside the page's chunk,
    // not after the entry has run and asked for it.
    const summary = summaryChunks
      .filter((key) => !loaded.has(key) && !chunks.includes(key))
      .map(modulePreload)
      .join('');
    const styleFiles = chunks.flatMap((key) => manifest[key]!.css ?? []);
    const preloads = styleFiles.map((file) => `<link rel="preload" as="style" href="${base}${file}">`);
    const sheets = [...entryStyles, ...styleFiles];
    const written = sheets.every((file) => styles.has(file));
    return {
      name,
      summary,
      html: scripts + preloads.join(''),
      drawn: written
        ? {
            head: `${scripts}<style>${sheets.map((file) => styles.get(file)).join('\n')}</style>`,
            end: sheets.map((file) => sheet(file, 'not all')).join(''),
          }
        : // Without the styles' text, the drawn page waits for their files, in the head.
          { head: scripts + sheets.map((file) => sheet(file)).join(''), end: '' },
    };
  });
  /** The page's tags, and the summarizer's when the address has a scope. */
  const tagOf = (url: string) => {
    const at = url.indexOf('?');
    const tag = tags.find((t) => t.name === pageOf(at < 0 ? url : url.slice(0, at)));
    const scoped = at >= 0 && needsSummary(new URLSearchParams(url.slice(at + 1)));
    return tag && { ...tag, summary: scoped ? tag.summary : '' };
  };
  const preloads = (url: string) => {
    const tag = tagOf(url);
    return tag ? tag.html + tag.summary : '';
  };
  preloads.drawn = (url: string) => {
    const tag = tagOf(url);
    if (!tag) return { head: entryStyles.map((file) => sheet(file)).join(''), end: '' };
    return { head: tag.drawn.head + tag.summary, end: tag.drawn.end };
  };
  return preloads;
}

/** The stylesheet links of the page template, which a drawn page's tags replace. */
export const TEMPLATE_SHEETS = /<link rel="stylesheet"[^>]*>/g;

/** A build without a manifest: no preloads, and its drawn pages link the template's stylesheets. */
function withoutPreloads(index: string): PagePreloads {
  const sheets = index.match(TEMPLATE_SHEETS)?.join('') ?? '';
  return Object.assign(() => '', { drawn: () => ({ head: sheets, end: '' }) });
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
    return withoutPreloads(index);
  }
  const entryFile = manifest['index.html']?.file;
  const at = entryFile ? index.indexOf(entryFile) : -1;
  if (!entryFile || at < 0) return withoutPreloads(index);
  const base = /(?:src|href)="([^"]*)$/.exec(index.slice(0, at))?.[1] ?? '/';
  // The styles' text, for the pages drawn on the server; a file that cannot be read is linked instead.
  const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  const styles = new Map<string, string>();
  await Promise.all(
    [...files].map(async (file) => {
      const text = await readFile(join(root, file), 'utf8').catch(() => undefined);
      if (text !== undefined && !text.includes('</')) styles.set(file, text);
    }),
  );
  return pagePreloads(manifest, base, styles);
}
