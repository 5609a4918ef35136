/**
 * JavaScript per route of the dashboard build, gzipped: from the Vite manifest, the entry with its
 * static imports plus the route's lazily loaded page chunk with its static imports (what the
 * browser loads to show the page), and with the chunks the page may load later on demand.
 */
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGES } from '@pdb-stats/charts';
import { pageChunkKey, type Manifest } from '../packages/server/src/routes/page-preloads.ts';
import { heading, kb, printTable } from './stats.ts';

/** Pages of the dashboard's router and the manifest key of their lazily loaded chunk. */
export const ROUTE_PAGES = { home: PAGES.home.chunk, chart: PAGES.chart.chunk } as const;

export interface WebSizeSummary {
  buildSeconds: number;
  /** Gzipped bytes per route, loaded at navigation. */
  home: number;
  chart: number;
  /** Gzipped bytes of the chart route with its on-demand chunks. */
  chartWithOnDemand: number;
}

/** Builds the dashboard into `outDir` (with its manifest); resolves with the seconds it took. */
export async function buildWeb(outDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['run', 'build', '-w', '@pdb-stats/web'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WEB_OUT_DIR: outDir },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the dashboard build failed:\n${output.slice(-3000)}`);
  return (performance.now() - started) / 1000;
}

/** Manifest keys reachable from `roots` through static imports (and dynamic ones when asked). */
function closure(manifest: Manifest, roots: readonly string[], dynamic = false): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    for (const next of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])])
      visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** Gzipped size (zlib's default level, as a server compresses) of one built file. */
const sizes = new Map<string, number>();
export async function gzippedSize(outDir: string, file: string): Promise<number> {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(await readFile(join(outDir, file))).length;
    sizes.set(file, size);
  }
  return size;
}

/** Bytes a browser that accepts brotli receives: the build's precompressed copy, or the file. */
async function sentSize(outDir: string, file: string): Promise<number> {
  try {
    return (await stat(join(outDir, `${file}.br`))).size;
  } catch {
    return (await stat(join(outDir, file))).size;
  }
}

async function total(outDir: string, manifest: Manifest, keys: Iterable<string>): Promise<number> {
  let sum = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) sum += await gzippedSize(outDir, file);
  }
  return sum;
}

async function totalSent(outDir: string, manifest: Manifest, keys: Iterable<string>): Promise<number> {
  let sum = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) sum += await sentSize(outDir, file);
  }
  return sum;
}

export async function benchWebSize(outDir: string, build: boolean): Promise<WebSizeSummary> {
  heading('web: JavaScript per route (dashboard build, gzipped)');
  const buildSeconds = build ? await buildWeb(outDir) : NaN;
  if (build) console.log(`dashboard build (vite, React 19) into ${outDir}: ${buildSeconds.toFixed(1)} s`);
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key === 'index.html')!;
  const route = async (chunk: string) => {
    // The server's own lookup: a page another page imports is bundled into a shared chunk.
    const page = pageChunkKey(manifest, entry, chunk);
    if (!page) throw new Error(`the build's manifest has no chunk for ${chunk}`);
    const atNavigation = closure(manifest, [entry, page]);
    const later = manifest[page]!.dynamicImports ?? [];
    const onDemand = closure(manifest, [entry, page, ...later]);
    return {
      files: atNavigation.size,
      bytes: await total(outDir, manifest, atNavigation),
      sent: await totalSent(outDir, manifest, atNavigation),
      withOnDemand: await total(outDir, manifest, onDemand),
    };
  };
  const home = await route(ROUTE_PAGES.home);
  const chart = await route(ROUTE_PAGES.chart);
  const all = await total(
    outDir,
    manifest,
    Object.keys(manifest).filter((k) => closure(manifest, [entry], true).has(k)),
  );
  printTable(
    ['route', 'chunks', 'KB gzipped at navigation', 'KB sent (brotli copies)', 'with on-demand chunks'],
    [
      ['home (/)', String(home.files), kb(home.bytes), kb(home.sent), kb(home.withOnDemand)],
      [
        'chart (/growth/…, /distribution/…)',
        String(chart.files),
        kb(chart.bytes),
        kb(chart.sent),
        kb(chart.withOnDemand),
      ],
      ['whole dashboard (every chunk of index.html)', '', kb(all), '', ''],
    ],
  );
  console.log('on demand: chunks the page imports later (chart export); modals are on demand on every route');
  return { buildSeconds, home: home.bytes, chart: chart.bytes, chartWithOnDemand: chart.withOnDemand };
}
