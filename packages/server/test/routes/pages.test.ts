import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_HELD } from '../support/demo-held.ts';
import type { Engine } from '../../src/engine/index.ts';

const engine: Engine = {
  dialect: 'duckdb',
  facts: { methodologies: [null] },
  session: () => Promise.reject(new Error('unused')),
  archiveInfo: () => ({ source: 'demo', demo: true, archive_date: '2026-07-01', counts: {} }) as never,
  close: async () => {},
  held: DEMO_HELD,
};

/** A built web folder written by hand: three templates with the root element, and a script file. */
const template = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><script type="module" crossorigin src="/static/js/${name}-abc.js"></script></head>` +
  `<body><div id="statsroot" data-config="{}"></div></body></html>`;

async function webFolder(pages: string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pdb-stats-web-'));
  await mkdir(join(root, 'static/js'), { recursive: true });
  for (const page of pages) {
    await writeFile(join(root, `${page}.html`), template(page));
    await writeFile(join(root, `static/js/${page}-abc.js`), `console.log(${JSON.stringify(page)});`);
  }
  return root;
}

/** The config a page carries in its root element. */
function configOf(html: string): any {
  const match = /<div id="statsroot" data-config='([^']*)'/.exec(html);
  expect(match, html).not.toBeNull();
  return JSON.parse(match![1]!.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
}

const REQUEST = encodeURIComponent(JSON.stringify({ return_type: 'entry' }));

describe('pages the dashboard links to', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await webFolder(['index', 'search', 'query-editor']);
    app = await buildApp({ engine, web: { root } });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const page = async (url: string, host = 'stats.example:8080') => {
    const response = await app.inject({ url, headers: { host } });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.body;
  };

  it('serves the results page at /search and /search/chemical/ with the config pointing here', async () => {
    for (const url of [
      `/search?request=${REQUEST}`,
      `/search/chemical/?request=${REQUEST}`,
      '/search/chemical',
    ]) {
      const html = await page(url);
      expect(html).toContain('<title>search</title>');
      expect(configOf(html)).toEqual({
        basename: '/',
        sierraConfig: {
          searchApiUrl: 'http://stats.example:8080',
          searchAdvancedUrl: 'http://stats.example:8080',
        },
      });
    }
  });

  it('serves the query editor at /query-editor.html with the same config as the dashboard', async () => {
    const editor = await page(`/query-editor.html?json=${REQUEST}&chart=%2Fgrowth%2Fexperimental-method`);
    expect(editor).toContain('<title>query-editor</title>');
    expect(configOf(editor)).toEqual(configOf(await page('/')));
    expect(await page('/')).toContain('<title>index</title>');
  });

  it('never serves a page template raw, and still serves the scripts and the dashboard fallback', async () => {
    expect((await app.inject('/search.html')).statusCode).toBe(404);
    const script = await app.inject('/static/js/query-editor-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("query-editor");');
    expect(await page('/growth/experimental-method')).toContain('<title>index</title>');
  });
});

describe('a build without the search pages', () => {
  it('leaves their paths to the dashboard, which shows its not-found page', async () => {
    const root = await webFolder(['index']);
    const app = await buildApp({ engine, web: { root, publicUrl: 'https://stats.example.org' } });
    try {
      const response = await app.inject(`/search?request=${REQUEST}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>index</title>');
      expect(configOf(response.body).sierraConfig.searchAdvancedUrl).toBe('https://stats.example.org');
      expect((await app.inject('/query-editor.html')).statusCode).toBe(404);
    } finally {
      await app.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("preloads of a route's page chunk", () => {
  /** A manifest in Vite's shape: the entry, two page chunks sharing one with the entry, styles. */
  const manifest = {
    'index.html': { file: 'static/js/index-abc.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'static/js/shared-1.js' },
    '_charts.js': { file: 'static/js/charts-2.js', imports: ['_shared.js'] },
    'src/chart-page/chart-page.tsx': {
      file: 'static/js/plot-page-3.js',
      imports: ['_charts.js', 'index.html'],
      css: ['static/media/plot-page-4.css'],
    },
    'src/pages/home-page.tsx': { file: 'static/js/home-page-5.js', imports: ['_shared.js'] },
  };
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await webFolder(['index']);
    await mkdir(join(root, '.vite'));
    await writeFile(join(root, '.vite/manifest.json'), JSON.stringify(manifest));
    app = await buildApp({ engine, web: { root } });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });
  const head = async (url: string) => (await app.inject(url)).body.split('</head>')[0]!;

  it("names a chart route's page chunk, its imports and styles, not what the entry loads", async () => {
    for (const url of ['/growth/experimental-method?view=annual', '/distribution/resolution']) {
      const html = await head(url);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/static/js/plot-page-3.js">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/static/js/charts-2.js">');
      expect(html).toContain('<link rel="preload" as="style" href="/static/media/plot-page-4.css">');
      expect(html).not.toContain('shared-1.js');
      expect(html).not.toContain('home-page');
    }
  });

  it('names the home chunk on the home route, and nothing on paths without a page chunk', async () => {
    expect(await head('/')).toContain('href="/static/js/home-page-5.js"');
    for (const url of ['/growth/a/b', '/nowhere', '/search?request=x'])
      expect(await head(url)).not.toContain('modulepreload');
  });
});
