import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { PAGE_PATHS, notFoundAddress } from '../../src/routes/web.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * The pages as a web server sends them: every page kind compressed, a path of no page answered 404
 * with the not-found page drawn on the server, HEAD answered as GET for every route, and cache
 * headers a shared cache in front can use. Against the dashboard as `npm run build` builds it.
 */

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const NOT_FOUND_TEXT = 'Oops, looks like this page mutated!';

/** The dashboard and its server entry, built for production into a folder of their own. */
async function builtWeb(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pdb-stats-page-delivery-'));
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const common = { root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' as const };
    await build({ ...common, build: { outDir: root } });
    await build({ ...common, build: { ssr: 'src/server-entry.tsx', outDir: join(root, 'ssr') } });
  } finally {
    process.env.NODE_ENV = environment;
  }
  return root;
}

/** One address of each kind of page the dashboard has. */
const PAGE_KINDS = {
  home: '/',
  chart: '/growth/experimental-method',
  'chart with a trailing slash': '/distribution/resolution/',
  'embedded chart': '/embed/growth/experimental-method',
  // A complete address: one naming only some of its parameters is sent to the written-out one.
  explore:
    '/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4',
  'embedded explore': '/embed/explore',
  'other statistics': '/other-statistics',
  snapshot: '/pdb-data-snapshot',
  results: `/search?request=${encodeURIComponent('{"return_type":"entry"}')}`,
  'chemical results': '/search/chemical/',
  'query editor': '/query-editor.html',
  'not found': '/no-such-page',
};

describe('pages as a web server sends them', () => {
  let root: string;
  let archive: string;
  let archiveTemp: TempArchive | undefined;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await builtWeb();
    archiveTemp = await tempArchive('page-delivery-archive');
    archive = archiveTemp.dir;
    await writeSnapshot(generateDocuments({ entries: 300, seed: 5, archiveDate: '2026-07-01' }), archive);
    const engine = await openDuckDbEngine(archive);
    app = await buildApp({
      engine,
      documents: await DocumentStore.open(archive, engine.held),
      // Pages are drawn only for the public host; an injected request's Host is localhost.
      // Generous timeout: the first render of a cold process on a busy machine loads the page modules.
      web: { root, publicUrl: 'http://localhost', render: { timeoutMs: 20_000 } },
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
    await archiveTemp?.remove();
  });

  it('compresses every kind of page: brotli when accepted, else gzip, else not', async () => {
    for (const [kind, url] of Object.entries(PAGE_KINDS)) {
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-type'], kind).toMatch(/^text\/html/);
      expect(br.headers['content-encoding'], kind).toBe('br');
      expect(br.headers['vary'], kind).toMatch(/accept-encoding/i);
      const page = brotliDecompressSync(br.rawPayload).toString();
      expect(page, kind).toContain('id="statsroot"');
      expect(br.rawPayload.length, kind).toBeLessThan(page.length / 2);

      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], kind).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), kind).toContain('id="statsroot"');

      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], kind).toBeUndefined();
      expect(plain.body, kind).toContain('id="statsroot"');
    }
  }, 120_000);

  it('answers 404 with the not-found page drawn on the server, readable without scripts', async () => {
    for (const url of [
      '/no-such-page',
      '/growth/no-such-chart',
      // A chart's key under another kind's menu, and a chart page's address with one segment more.
      '/distribution/overall-structures',
      '/growth/experimental-method/more',
      '/embed/growth/no-such-chart',
      '/no-such-page?x=1',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const html = response.body;
      expect(html, url).toContain('<title>PDB Statistics: Page Not Found</title>');
      expect(html, url).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html, url).toContain(NOT_FOUND_TEXT);
      expect(html, url).toMatch(/<a [^>]*href="\/"[^>]*>Statistics homepage<\/a>/);
      // Drawn: no note asking for scripts, and the page's markup inside the root element.
      expect(html, url).not.toContain('<noscript>');
      expect(html, url).not.toMatch(/<div id="statsroot"[^>]*><\/div>/);
    }
  });

  it('draws the not-found page once for every unknown path of a menu group', () => {
    expect(notFoundAddress('/growth/a')).toBe(notFoundAddress('/growth/b/c'));
    expect(notFoundAddress('/x')).toBe(notFoundAddress('/y/z'));
    expect(notFoundAddress('/growth/a')).not.toBe(notFoundAddress('/x'));
  });

  it('answers other requests for nothing with the JSON 404 of the API', async () => {
    for (const [method, url] of [
      ['GET', '/static/js/no-such-file.js'],
      ['GET', '/favicon.ico'],
      ['POST', '/no-such-page'],
      ['GET', '/api/no-such-api'],
      ['GET', '/rcsbsearch/v2/no-such-route'],
      ['GET', '/api/charts/no/such/chart'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('has a HEAD route for every GET route', async () => {
    const routes = (method: string) =>
      app.printRoutes({ commonPrefix: false, method }).replaceAll(`(${method})`, '(method)');
    expect(routes('GET')).toContain('health (method)');
    expect(routes('HEAD')).toBe(routes('GET'));
  });

  it('answers HEAD as GET, without a body, for every page and API route', async () => {
    const search = encodeURIComponent(JSON.stringify({ return_type: 'entry' }));
    const urls = [
      ...PAGE_PATHS,
      '/no-such-page',
      '/health',
      '/favicon.svg',
      `/rcsbsearch/v2/query?json=${search}`,
      '/rcsbsearch/v2/archive',
      '/rcsbsearch/v2/metadata/schema',
      '/rcsbsearch/v2/metadata/chemical/schema',
      '/rcsbsearch/v2/documents?return_type=entry&ids=NONE',
      '/api/charts/',
      '/api/charts/resolution.json',
      '/api/charts/resolution.csv',
      '/api/charts/no-such-chart.json',
      `/search/bar?chart=${encodeURIComponent('/growth/experimental-method')}&x=2020`,
    ];
    for (const url of urls) {
      const headers = { 'accept-encoding': 'br' };
      const get = await app.inject({ method: 'GET', url, headers });
      const head = await app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
      for (const name of [
        'content-type',
        'content-encoding',
        'content-length',
        'cache-control',
        'etag',
        'location',
      ])
        expect(head.headers[name], `${url}: ${name}`).toBe(get.headers[name]);
    }
  }, 180_000);

  it('lets a shared cache keep drawn pages and chart data briefly, revalidated by tags that change with the archive', async () => {
    const page = await app.inject({ url: PAGE_KINDS.chart });
    expect(page.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const pageTag = String(page.headers.etag);
    const revalidated = await app.inject({ url: PAGE_KINDS.chart, headers: { 'if-none-match': pageTag } });
    expect(revalidated.statusCode).toBe(304);

    const data = await app.inject({ url: '/api/charts/resolution.json' });
    expect(data.headers['cache-control']).toMatch(
      /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );

    // Another archive: other tags, so that a shared cache that revalidates gets the new answers.
    const otherTemp = await tempArchive('page-delivery-other');
    const other = otherTemp.dir;
    await writeSnapshot(generateDocuments({ entries: 310, seed: 6, archiveDate: '2026-07-08' }), other);
    const otherApp = await buildApp({
      engine: await openDuckDbEngine(other),
      web: { root, publicUrl: 'http://localhost', render: { timeoutMs: 20_000 } },
    });
    try {
      const otherPage = await otherApp.inject({
        url: PAGE_KINDS.chart,
        headers: { 'if-none-match': pageTag },
      });
      expect(otherPage.statusCode).toBe(200);
      expect(otherPage.headers.etag).not.toBe(pageTag);
      const otherData = await otherApp.inject({
        url: '/api/charts/resolution.json',
        headers: { 'if-none-match': String(data.headers.etag) },
      });
      expect(otherData.statusCode).toBe(200);
    } finally {
      await otherApp.close();
      await otherTemp.remove();
    }
  }, 120_000);
});
