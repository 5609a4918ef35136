import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_HELD } from '../support/demo-held.ts';
import { pagePreloads } from '../../src/routes/page-preloads.ts';
import type { Engine } from '../../src/engine/index.ts';

const engine: Engine = {
  dialect: 'duckdb',
  facts: { methodologies: [null] },
  session: () => Promise.reject(new Error('unused')),
  archiveInfo: () => ({ source: 'demo', demo: true, archive_date: '2026-07-01', counts: {} }) as never,
  close: async () => {},
  held: DEMO_HELD,
};

/** A built web folder written by hand: a page template with the root element, and its script file. */
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

describe("the search pages, which the dashboard shows at the archive search site's addresses", () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await webFolder(['index']);
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

  it('serves the dashboard at /search, /search/chemical/ and /query-editor.html with the config pointing here', async () => {
    for (const url of [
      `/search?request=${REQUEST}`,
      `/search/chemical/?request=${REQUEST}`,
      '/search/chemical',
      `/query-editor.html?json=${REQUEST}&chart=%2Fgrowth%2Fexperimental-method`,
    ]) {
      const html = await page(url);
      expect(html).toContain('<title>index</title>');
      expect(configOf(html)).toEqual({
        basename: '/',
        sierraConfig: {
          searchApiUrl: 'http://stats.example:8080',
          searchAdvancedUrl: 'http://stats.example:8080',
        },
      });
      expect(configOf(html)).toEqual(configOf(await page('/')));
    }
  });

  it('never serves the page template raw, and still serves the scripts', async () => {
    expect((await app.inject('/index.html')).statusCode).toBe(404);
    const script = await app.inject('/static/js/index-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("index");');
  });
});

describe("preloads of a route's page chunk", () => {
  /**
   * A manifest in Vite's shape: the entry, two page chunks sharing one with the entry, styles, the
   * summarizer the entry loads lazily (a chunk named after its module, with one of its own).
   */
  const manifest = {
    'index.html': {
      file: 'static/js/index-abc.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['_request-summary-11.js'],
    },
    '_shared.js': { file: 'static/js/shared-1.js' },
    '_request-summary-11.js': {
      file: 'static/js/request-summary-11.js',
      name: 'request-summary',
      imports: ['_shared.js', '_columns-12.js', '_charts.js'],
    },
    '_columns-12.js': { file: 'static/js/columns-12.js' },
    '_charts.js': { file: 'static/js/charts-2.js', imports: ['_shared.js'] },
    'src/chart-page/chart-page.tsx': {
      file: 'static/js/plot-page-3.js',
      imports: ['_charts.js', 'index.html'],
      css: ['static/media/plot-page-4.css'],
    },
    'src/pages/home-page.tsx': { file: 'static/js/home-page-5.js', imports: ['_shared.js'] },
    'src/search-pages/query-editor-page.tsx': {
      file: 'static/js/query-editor-page-6.js',
      imports: ['_editor.js', 'index.html'],
    },
    '_editor.js': { file: 'static/js/editor-7.js' },
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
    const editor = await head('/query-editor.html?json=%7B%7D');
    expect(editor).toContain('href="/static/js/query-editor-page-6.js"');
    expect(editor).toContain('href="/static/js/editor-7.js"');
    expect(await head('/')).not.toContain('editor-7.js');
    for (const url of ['/growth/a/b', '/nowhere', '/search?request=x'])
      expect(await head(url)).not.toContain('modulepreload');
  });

  it('names the summarizer with a page that has a scope (it is loaded before the page is drawn)', async () => {
    const scope = `query=${encodeURIComponent('{"type":"terminal","service":"text","parameters":{"attribute":"exptl.method","operator":"exact_match","value":"X-RAY?"}}')}`;
    for (const url of [`/distribution/resolution?${scope}`, `/?view=annual&${scope}`]) {
      const html = await head(url);
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin href="/static/js/request-summary-11.js">',
      );
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/static/js/columns-12.js">');
      expect(html).not.toContain('shared-1.js');
      // An import of both the chart page and the summarizer is named once; on the home page, for the summarizer.
      expect(html.match(/charts-2\.js/g)).toHaveLength(1);
    }
    // Without a scope, or with none readable, no summarizer.
    for (const url of [
      '/distribution/resolution?view=annual',
      '/distribution/resolution?query=%7Bnot%20json',
      '/',
    ])
      expect(await head(url)).not.toContain('request-summary');
  });

  it('finds a page module bundled into a shared chunk (another page imports it) by its name', async () => {
    const shared = {
      'index.html': {
        file: 'static/js/index-abc.js',
        isEntry: true,
        dynamicImports: ['_chart-page-8.js', 'src/explore/explore-page.tsx'],
      },
      '_chart-page-8.js': {
        file: 'static/js/chart-page-8.js',
        name: 'chart-page',
        css: ['static/media/chart-page-9.css'],
      },
      'src/explore/explore-page.tsx': { file: 'static/js/explore-page-10.js', imports: ['_chart-page-8.js'] },
    };
    const folder = await webFolder(['index']);
    await mkdir(join(folder, '.vite'));
    await writeFile(join(folder, '.vite/manifest.json'), JSON.stringify(shared));
    const built = await buildApp({ engine, web: { root: folder } });
    try {
      const html = (await built.inject('/growth/experimental-method')).body.split('</head>')[0]!;
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/static/js/chart-page-8.js">');
      expect(html).toContain('<link rel="preload" as="style" href="/static/media/chart-page-9.css">');
    } finally {
      await built.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('the styles of a page drawn on the server', () => {
  const manifest = {
    'index.html': { file: 'static/js/index-abc.js', isEntry: true, css: ['static/media/index-1.css'] },
    'src/chart-page/chart-page.tsx': {
      file: 'static/js/plot-page-3.js',
      imports: ['index.html'],
      css: ['static/media/plot-page-4.css'],
    },
  };
  const styles = new Map([
    ['static/media/index-1.css', '.ps-app{color:red}'],
    ['static/media/plot-page-4.css', '.ps-plot{color:blue}'],
  ]);

  it('are written in the head (the entry’s, then the page chunk’s), their links at the end of the body for no medium', () => {
    const { head, end } = pagePreloads(manifest, '/', styles).drawn('/growth/experimental-method');
    expect(head).toBe(
      '<link rel="modulepreload" crossorigin href="/static/js/plot-page-3.js">' +
        '<style>.ps-app{color:red}\n.ps-plot{color:blue}</style>',
    );
    // Applied, the entry's sheet arriving alone would put its rules after the page chunk's.
    expect(end).toBe(
      '<link rel="stylesheet" crossorigin href="/static/media/index-1.css" media="not all">' +
        '<link rel="stylesheet" crossorigin href="/static/media/plot-page-4.css" media="not all">',
    );
  });

  it('are linked in the head when their text is not at hand', () => {
    const { head, end } = pagePreloads(manifest, '/', new Map()).drawn('/growth/experimental-method');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/static/media/index-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/static/media/plot-page-4.css">');
    expect(head).not.toContain('<style>');
    expect(end).toBe('');
  });
});
