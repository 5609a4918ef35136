import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { buildApp } from '../../src/app.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { PageRenderer, normalizedQuery } from '../../src/rendering/page-renderer.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * Pages rendered on the server by the dashboard's own server entry (built here by Vite's SSR build,
 * as `npm start` builds it), from this server's answers: cached per archive version, address and
 * state, revalidated by ETag, and sent unrendered when a render fails or takes too long.
 */

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const TEMPLATE =
  '<!doctype html><html><head><title>PDB Statistics</title></head><body>' +
  '<noscript>You need to enable JavaScript to run this app.</noscript>' +
  '<div id="statsroot" data-config="{}"></div><script type="module" src="/static/js/index.js"></script></body></html>';
const CHART = '/growth/experimental-method';
/** The origin the test's requests name (app.inject's Host is localhost:80). */
const PUBLIC_URL = 'http://localhost:80';
const EMPTY_ROOT = /<div id="statsroot" data-config='[^']*'><\/div>/;

/** The address of every page the built entry draws: its React renderer is counted (see `builtWeb`). */
const drawnPages: string[] = [];
Object.assign(globalThis, { drawnPages });

/**
 * Built with React's server renderer wrapped, so that the test counts the pages it draws (the
 * server loads the entry as a built file, outside the reach of module mocks).
 */
const countDrawnPages = {
  name: 'count-drawn-pages',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!id.endsWith('/src/server-entry.tsx')) return undefined;
    const imported = "import { renderToPipeableStream } from 'react-dom/server';";
    if (!code.includes(imported))
      throw new Error('the server entry no longer imports renderToPipeableStream');
    return code.replace(
      imported,
      "import { renderToPipeableStream as draw } from 'react-dom/server';\n" +
        // The `url` of the App element, under StrictMode and the error boundary.
        'const urlOf = (element: any): string | undefined =>\n' +
        '  element && (element.props.url ?? urlOf(element.props.children));\n' +
        'const renderToPipeableStream: typeof draw = (element, options) => {\n' +
        '  (globalThis as unknown as { drawnPages: string[] }).drawnPages.push(urlOf(element) ?? "");\n' +
        '  return draw(element, options);\n' +
        '};',
    );
  },
};

async function builtWeb(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pdb-stats-ssr-'));
  await writeFile(join(root, 'index.html'), TEMPLATE);
  // As `npm run build` builds it: for production (vitest runs with NODE_ENV=test).
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/server-entry.tsx', outDir: join(root, 'ssr') },
    plugins: [countDrawnPages],
  }).finally(() => (process.env.NODE_ENV = environment));
  return root;
}

/** The bars of a rendered page: `year|series` → value. */
function bars(html: string): Map<string, number> {
  const found = html.matchAll(
    /<rect class="ps-bar"[^>]*data-x="([^"]+)"[^>]*data-value="(\d+)"(?:[^>]*data-series="([^"]+)")?/g,
  );
  return new Map([...found].map(([, x, value, series]) => [`${x}|${series ?? ''}`, Number(value)]));
}

describe('server rendering of the dashboard’s pages', () => {
  let root: string;
  let archive: string;
  let archiveTemp: TempArchive | undefined;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await builtWeb();
    archiveTemp = await tempArchive('ssr-archive');
    archive = archiveTemp.dir;
    await writeSnapshot(generateDocuments({ entries: 400, seed: 3, archiveDate: '2026-07-01' }), archive);
    app = await buildApp({
      engine: await openDuckDbEngine(archive),
      // Generous: the first render of a cold process on a busy machine loads the page modules.
      web: { root, publicUrl: PUBLIC_URL, render: { timeoutMs: 20_000 } },
    });
  });
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
    await archiveTemp?.remove();
  });

  it('sends a chart page with the chart drawn from the service’s answer, and the answer for hydration', async () => {
    const response = await app.inject({ url: `${CHART}?view=annual` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>PDB Data Growth by Experimental Method</h1>');
    expect(html).toMatch(/<svg/);
    // Its styles are in the page: its first paint waits for no stylesheet.
    expect(html.split('</head>')[0]).not.toMatch(/<link rel="stylesheet"/);
    expect(html).not.toContain('<noscript>');
    const drawn = bars(html);
    expect(drawn.size).toBeGreaterThan(10);
    // The bars are the service's numbers: each year's X-ray bar is the facet count of that year.
    const state = /<script type="application\/json" id="ps-server-state">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    const cache = JSON.parse(state!) as {
      queries: { queryKey: unknown[]; state: { data: { response?: { facets?: unknown } } } }[];
    };
    const chart = cache.queries.find((query) => query.queryKey[0] === 'chart-data');
    expect(chart?.state.data.response?.facets).toBeDefined();
    const annual = [...drawn].filter(([key]) => key.endsWith('|X-ray'));
    expect(annual.length).toBeGreaterThan(5);
    expect(annual.reduce((sum, [, value]) => sum + value, 0)).toBeGreaterThan(0);
    // Bars are short links that this server redirects to their results pages.
    const link = /<a class="ps-bar-link" href="http:\/\/localhost:80(\/search\/bar\?[^"]*)"/.exec(html)?.[1];
    expect(link).toBeDefined();
    const redirect = await app.inject({ url: link!.replace(/&amp;/g, '&') });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toMatch(
      /^\/search\?request=%7B.*&chart=%2Fgrowth%2Fexperimental-method%3Fview%3Dannual$/,
    );
    // The results page is drawn by the server too: the bar's hits in their table.
    const results = await app.inject({ url: redirect.headers.location! });
    expect(results.statusCode).toBe(200);
    expect(results.body).not.toMatch(EMPTY_ROOT);
    expect(results.body).toContain('data-testid="results-table"');
  });

  it('draws a page once, its searches answered in this process: no request back into the server', async () => {
    const inject = vi.spyOn(app, 'inject');
    const answer = vi.spyOn(app.searchService, 'answer');
    try {
      for (const url of [
        `${CHART}?hide=NMR`,
        '/?query=%7B%22type%22%3A%22terminal%22%2C%22service%22%3A%22text%22%2C%22parameters%22%3A%7B%22attribute%22%3A%22exptl.method%22%2C%22operator%22%3A%22exact_match%22%2C%22value%22%3A%22X-RAY%20DIFFRACTION%22%7D%7D',
      ]) {
        inject.mockClear();
        const response = await app.inject({ url });
        expect(response.body, url).toContain('ps-server-state');
        expect(
          drawnPages.filter((drawnUrl) => drawnUrl === url),
          url,
        ).toHaveLength(1);
        // The test's own request, and none from the render.
        expect(inject).toHaveBeenCalledTimes(1);
      }
      expect(answer).toHaveBeenCalled();
    } finally {
      inject.mockRestore();
      answer.mockRestore();
    }
  });

  it('sends an explore page with its chart drawn, and only the attributes it names for hydration', async () => {
    const url =
      '/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4&by=exptl.method&stack=stacked';
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>Entries by Resolution and Experimental method</h1>');
    expect(html).toContain('data-testid="explore-builder"');
    expect(html).not.toContain('data-testid="plot-skeleton"');
    // Each bin's bar is split by method: segments named by their series.
    const drawn = bars(html);
    expect([...drawn.keys()].some((key) => /^1\.5–2\.0 Å\|.+/.test(key))).toBe(true);
    expect(html).toMatch(/<details class="ps-data-details">/);
    const state = /<script type="application\/json" id="ps-server-state">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    const cache = JSON.parse(state!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const keys = cache.queries.map((query) => query.queryKey[0]);
    expect(keys).toContain('chart-data');
    // The two attributes the address names, not the catalogue (hundreds of attributes).
    const named = cache.queries.find((query) => query.queryKey[0] === 'explore-attributes');
    expect((named?.state.data as { path: string }[]).map((a) => a.path).sort()).toEqual([
      'exptl.method',
      'rcsb_entry_info.resolution_combined',
    ]);
    expect(keys).not.toContain('query-builder-catalogue');
    expect(keys).not.toContain('metadata-schema');
    // A bar's short link names the explore page, and leads to the bar's search.
    const link = /<a class="ps-bar-link" href="http:\/\/localhost:80(\/search\/bar\?[^"]*)"/.exec(html)?.[1];
    expect(link).toBeDefined();
    const redirect = await app.inject({ url: link!.replace(/&amp;/g, '&') });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toMatch(/^\/search\?request=%7B.*&chart=%2Fexplore%3F/);
  });

  it('renders a page once per archive version and state: the next visitor gets the kept page', async () => {
    const renderPage = vi.spyOn(
      PageRenderer.prototype as never as { renderAnew: () => unknown },
      'renderAnew',
    ) as unknown as { mock: { calls: unknown[][] }; mockRestore(): void };
    // Renders of this chart's pages (the most visited pages may be rendering in the background).
    const renders = () => renderPage.mock.calls.filter((call) => String(call[0]).startsWith(`${CHART}?`));
    const url = `${CHART}?view=cumulative&scale=log`;
    const first = await app.inject({ url });
    const again = await app.inject({ url: `${CHART}?scale=log&view=cumulative` });
    expect(renders()).toHaveLength(1);
    expect(again.body).toBe(first.body);
    // Another view is another page, drawn differently.
    const annual = await app.inject({ url: `${CHART}?view=annual&scale=log` });
    expect(renders()).toHaveLength(2);
    expect(bars(annual.body)).not.toEqual(bars(first.body));
    expect(first.body).toContain('data-scale="log"');
    renderPage.mockRestore();
  });

  it('writes a query string one way whatever the order of its parameters', () => {
    expect(normalizedQuery('?view=annual&hide=EM&hide=NMR&scale=log')).toBe(
      normalizedQuery('?scale=log&hide=EM&view=annual&hide=NMR'),
    );
    expect(normalizedQuery('?hide=EM&hide=NMR')).not.toBe(normalizedQuery('?hide=NMR&hide=EM'));
    expect(normalizedQuery('')).toBe('');
  });

  it('revalidates a rendered page with its ETag', async () => {
    const first = await app.inject({ url: '/distribution/resolution' });
    expect(first.body).toContain('class="ps-bar"');
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({ url: '/distribution/resolution', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('renders the home page’s figures', async () => {
    const home = await app.inject({ url: '/' });
    const counts = [...home.body.matchAll(/<span class="ps-headline-value">([^<]*)<\/span>/g)].map(
      (m) => m[1],
    );
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toContain('400');
  });

  it('sends the page unrendered when a search of it fails', async () => {
    const answer = vi
      .spyOn(app.searchService, 'answer')
      .mockRejectedValue(Object.assign(new Error('the engine is down'), { statusCode: 503 }));
    const response = await app.inject({ url: '/distribution/r-free' });
    answer.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(EMPTY_ROOT);
    expect(response.body).not.toContain('ps-server-state');
  });

  it('sends the page unrendered within the time limit when the answers do not come', async () => {
    const hurried = await buildApp({
      engine: await openDuckDbEngine(archive),
      web: { root, publicUrl: PUBLIC_URL, render: { timeoutMs: 300 } },
    });
    try {
      const answer = vi.spyOn(hurried.searchService, 'answer').mockReturnValue(new Promise(() => undefined));
      const started = Date.now();
      const response = await hurried.inject({ url: '/distribution/atom-count' });
      answer.mockRestore();
      // The answers never come: without the 300 ms limit the page would wait for them until the test
      // times out. The bound leaves room for a busy machine, where the render itself takes seconds.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(EMPTY_ROOT);
    } finally {
      await hurried.close();
    }
  });

  it('draws pages only for the origin it is reached by: another Host gets the page unrendered, and warms nothing', async () => {
    const renderAnew = vi.spyOn(
      PageRenderer.prototype as never as { renderAnew: () => unknown },
      'renderAnew',
    ) as unknown as { mock: { calls: unknown[][] }; mockRestore(): void };
    try {
      for (const host of ['stats.example', 'localhost:8080', 'localhost:80.evil.example']) {
        const response = await app.inject({ url: '/distribution/journal', headers: { host } });
        expect(response.statusCode).toBe(200);
        expect(response.body, host).toMatch(EMPTY_ROOT);
      }
      // Nothing was rendered for them, now or in the background.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(renderAnew.mock.calls.filter((call) => String(call[0]) === '/distribution/journal')).toEqual([]);
      const ours = await app.inject({ url: '/distribution/journal' });
      expect(ours.body).toContain('ps-server-state');
    } finally {
      renderAnew.mockRestore();
    }
  });

  it('renders the most visited pages for the public address as soon as the server is ready', async () => {
    const renderAnew = vi.spyOn(
      PageRenderer.prototype as never as { renderAnew: () => unknown },
      'renderAnew',
    ) as unknown as { mock: { calls: unknown[][] }; mockRestore(): void };
    const pages = ['/distribution/space-group', '/growth/assembly-symmetry'];
    const ready = await buildApp({
      engine: await openDuckDbEngine(archive),
      web: { root, publicUrl: 'https://stats.example.org', render: { timeoutMs: 20_000, warmPages: pages } },
    });
    try {
      // Renders of this server's pages (the other server of this file may be rendering too).
      const renders = () =>
        renderAnew.mock.calls.filter((call) => String(call[1]).includes('stats.example.org'));
      await ready.ready();
      await vi.waitFor(() => expect(renders().map((call) => call[0])).toEqual(pages), {
        timeout: 60_000,
        interval: 100,
      });
      const page = await ready.inject({
        url: '/growth/assembly-symmetry',
        headers: { host: 'stats.example.org' },
      });
      expect(page.body).toContain('ps-server-state');
      expect(page.body).toContain('https://stats.example.org/search/bar?');
      expect(renders()).toHaveLength(pages.length);
    } finally {
      renderAnew.mockRestore();
      await ready.close();
    }
  }, 90_000);

  it('without a public address, renders the most visited pages for the address it listens on, once listening', async () => {
    const renderAnew = vi.spyOn(
      PageRenderer.prototype as never as { renderAnew: () => unknown },
      'renderAnew',
    ) as unknown as { mock: { calls: unknown[][] }; mockRestore(): void };
    const pages = ['/distribution/space-group', '/growth/assembly-symmetry'];
    const listening = await buildApp({
      engine: await openDuckDbEngine(archive),
      web: { root, render: { timeoutMs: 20_000, warmPages: pages } },
    });
    try {
      await listening.ready();
      // Ready is not listening: no address to render for yet.
      expect(renderAnew.mock.calls.filter((call) => pages.includes(String(call[0])))).toHaveLength(0);
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as { port: number };
      const renders = () =>
        renderAnew.mock.calls.filter((call) => String(call[1]).includes(`127.0.0.1:${port}`));
      await vi.waitFor(() => expect(renders().map((call) => call[0])).toEqual(pages), {
        timeout: 60_000,
        interval: 100,
      });
      const page = await fetch(`http://127.0.0.1:${port}/growth/assembly-symmetry`);
      expect(await page.text()).toContain('ps-server-state');
      expect(renders()).toHaveLength(pages.length);
    } finally {
      renderAnew.mockRestore();
      await listening.close();
    }
  }, 90_000);

  it('draws a page as the visitor who asked: a flood from one client uses up its own quota and render slots, not another visitor’s', async () => {
    const PER_MINUTE = 12;
    const served = await buildApp({
      engine: await openDuckDbEngine(archive),
      trustProxy: ['127.0.0.1'],
      rateLimitPerMinute: PER_MINUTE,
      web: { root, render: { timeoutMs: 20_000, warmPages: [] } },
    });
    try {
      await served.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      // Each page its own chart: bins from another start, a search no one has asked yet.
      const page = (n: number) =>
        `/explore?attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=${(n / 100).toFixed(2)}&step=0.5&end=${(n / 100 + 4).toFixed(2)}`;
      const visit = async (client: string, n: number) => {
        const response = await fetch(`${base}${page(n)}`, { headers: { 'x-forwarded-for': client } });
        const text = await response.text();
        if (text.includes('ps-server-state')) expect(text, page(n)).toContain('class="ps-bar"');
        return { status: response.status, drawn: text.includes('ps-server-state') };
      };
      const flooder = '203.0.113.7';
      // At once: the client's render slots are taken by its first pages, the others come unrendered.
      const burst = await Promise.all(Array.from({ length: 40 }, (_, n) => visit(flooder, n)));
      expect(burst.every((answer) => answer.status === 200)).toBe(true);
      expect(burst.filter((answer) => !answer.drawn).length).toBeGreaterThan(20);
      // One after another: drawn until the client's quota of the minute is used up (a page drawn
      // anew and its search each take one).
      const after = [];
      for (let n = 40; n < 60; n++) after.push(await visit(flooder, n));
      expect(after.every((answer) => answer.status === 200)).toBe(true);
      const drawnInAll = [...burst, ...after].filter((answer) => answer.drawn).length;
      expect(drawnInAll).toBeGreaterThan(0);
      // Each drawn page took two: its render and its search.
      expect(drawnInAll).toBeLessThanOrEqual(PER_MINUTE / 2);
      expect(after.at(-1)!.drawn).toBe(false);
      // The renders were the client's searches: its own next search is refused.
      const search = await fetch(`${base}/rcsbsearch/v2/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': flooder },
        body: JSON.stringify({
          return_type: 'entry',
          query: {
            type: 'terminal',
            service: 'text',
            parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 1.234 },
          },
        }),
      });
      expect(search.status).toBe(429);
      // Another visitor's page, never asked before, is drawn.
      expect(await visit('198.51.100.20', 1000)).toEqual({ status: 200, drawn: true });
    } finally {
      await served.close();
    }
  }, 120_000);

  it('sends the pages it does not render (the search pages, other statistics) unrendered', async () => {
    for (const url of ['/query-editor.html', '/other-statistics']) {
      const response = await app.inject({ url });
      expect(response.body, url).toMatch(EMPTY_ROOT);
    }
  });
});
