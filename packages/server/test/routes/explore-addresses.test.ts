import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typicalBins } from '@pdb-stats/charts';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { DocumentStore } from '../../src/documents/index.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
// The browser's own completion of an explore link: the server must send the visitor where it would.
import { completedExplore, pickerResolver } from '../../../web/src/explore/explore-params.ts';
import { pickerAttributes } from '../../../web/src/query-builder/catalogue.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * Addresses of chart pages as a visitor without scripts (a link preview, a crawler) gets them: an
 * explore link naming only its attribute is sent (302) to the address the page writes out, which
 * is drawn on the server; an address whose parameters cannot be drawn is answered 400 (404 for an
 * attribute the archive does not hold) with the page drawn saying why, never an error of the server
 * nor the page left for scripts to draw. HEAD answers as GET.
 */

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const TEMPLATE =
  '<!doctype html><html><head><title>PDB Statistics</title></head><body>' +
  '<noscript>You need to enable JavaScript to run this app.</noscript>' +
  '<div id="statsroot" data-config="{}"></div><script type="module" src="/static/js/index.js"></script></body></html>';
/** The origin of injected requests (their Host is localhost:80): pages are drawn for it. */
const PUBLIC_URL = 'http://localhost:80';
/** The root element as the template has it: a page left for the browser to draw. */
const EMPTY_ROOT = /<div id="statsroot" data-config='[^']*'><\/div>/;
const RESOLUTION = 'rcsb_entry_info.resolution_combined';

/** The server entry, built for production as `npm run build` builds it. */
async function builtWeb(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pdb-stats-explore-addresses-'));
  await writeFile(join(root, 'index.html'), TEMPLATE);
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'src/server-entry.tsx', outDir: join(root, 'ssr') },
    });
  } finally {
    process.env.NODE_ENV = environment;
  }
  return root;
}

describe('explore and chart addresses drawn on the server', () => {
  let root: string;
  let archive: string;
  let archiveTemp: TempArchive | undefined;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await builtWeb();
    archiveTemp = await tempArchive('explore-addresses-archive');
    archive = archiveTemp.dir;
    await writeSnapshot(generateDocuments({ entries: 400, seed: 3, archiveDate: '2026-07-01' }), archive);
    const engine = await openDuckDbEngine(archive);
    app = await buildApp({
      engine,
      // With the archive's documents the schema gives each number's range: its bins are read off its values.
      documents: await DocumentStore.open(archive, engine.held),
      // Generous: the first render of a cold process on a busy machine loads the page modules.
      web: { root, publicUrl: PUBLIC_URL, render: { timeoutMs: 20_000, warmPages: [] } },
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
    await archiveTemp?.remove();
  });

  /** GET and HEAD of `url`: the same status and headers, HEAD without a body. */
  const both = async (url: string) => {
    const get = await app.inject({ url });
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode, url).toBe(get.statusCode);
    expect(head.body, url).toBe('');
    for (const name of ['location', 'content-type', 'cache-control'])
      expect(head.headers[name], `${url}: ${name}`).toBe(get.headers[name]);
    return get;
  };

  /** Where the browser's explorer would write `url` out to, from this service's own answers. */
  const browserCompletion = async (url: string) => {
    const schema = async (path: string) => (await app.inject({ url: path })).json() as unknown;
    const attributes = pickerAttributes(
      await schema('/rcsbsearch/v2/metadata/schema'),
      await schema('/rcsbsearch/v2/metadata/chemical/schema'),
    );
    const { picker } = pickerResolver(attributes);
    const { pathname, searchParams } = new URL(url, PUBLIC_URL);
    const attribute = picker(searchParams.get('attribute') ?? '');
    const numeric = attribute && (attribute.type === 'number' || attribute.type === 'integer');
    const search = async (request: SearchRequest) => {
      const answer = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: request });
      return answer.statusCode === 204 ? null : (answer.json() as SearchResponse);
    };
    const bins =
      numeric && attribute.min !== undefined && attribute.max !== undefined
        ? await typicalBins(
            { path: attribute.path, level: attribute.level, type: attribute.type as 'number' | 'integer' },
            { min: attribute.min, max: attribute.max },
            search,
          )
        : undefined;
    const completed = completedExplore(searchParams, picker, bins);
    return completed && `${pathname}?${completed.toString()}`;
  };

  /** A page drawn on the server (checked without printing pages of markup when it is not). */
  const expectDrawn = (html: string, url: string) => {
    expect(EMPTY_ROOT.test(html), url).toBe(false);
    expect(html.includes('ps-server-state'), url).toBe(true);
  };
  /** A page drawn on the server with its chart: bars in an SVG, and no problem reported. */
  const expectDrawnChart = (html: string, url: string) => {
    expectDrawn(html, url);
    expect(/<svg[^>]*>[\s\S]*<rect class="ps-bar"/.test(html), url).toBe(true);
    expect(html.includes('data-testid="explore-problems"'), url).toBe(false);
  };

  it('sends an explore link naming only its attribute, temporarily, to the address the browser writes out, and draws that', async () => {
    const links = [
      // Terms: what is counted, the grouping and the number of values drawn.
      [
        '/explore?attribute=exptl.method',
        '/explore?attribute=exptl.method&count=entry&dimension=terms&top=25',
      ],
      // A number: bins read off its values; the chart page's own parameters kept.
      [`/explore?attribute=${RESOLUTION}&view=annual`, undefined],
      // A second attribute: its segments stacked.
      [
        `/explore?attribute=exptl.method&by=${RESOLUTION}`,
        `/explore?attribute=exptl.method&count=entry&dimension=terms&top=25&by=${RESOLUTION}&stack=stacked`,
      ],
      // Half complete: the rest written out.
      [`/explore?attribute=${RESOLUTION}&count=entry`, undefined],
    ] as const;
    for (const [link, written] of links) {
      const expected = await browserCompletion(link);
      expect(expected, link).toBeDefined();
      if (written) expect(expected).toBe(written);
      const moved = await both(link);
      // Not permanent: what is written out (the defaults, the bins read off the values) may change.
      expect(moved.statusCode, link).toBe(302);
      expect(moved.headers.location, link).toBe(expected);
      const page = await both(moved.headers.location!);
      expect(page.statusCode, moved.headers.location).toBe(200);
      expectDrawnChart(page.body, moved.headers.location!);
    }
    // The bins of a number were read off its values, not the fallback over its whole range.
    const numeric = new URL(
      (await app.inject({ url: `/explore?attribute=${RESOLUTION}` })).headers.location!,
      PUBLIC_URL,
    );
    expect(numeric.searchParams.get('dimension')).toBe('bins');
    expect(Number(numeric.searchParams.get('step'))).toBeLessThan(1);
    // The explorer's own page is drawn where it is.
    const landing = await both('/explore');
    expect(landing.statusCode).toBe(200);
    expectDrawn(landing.body, '/explore');
  });

  it('sends the preview picture of such a link to the written-out address’s picture', async () => {
    const moved = await app.inject({ url: '/preview/explore.png?attribute=exptl.method' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(
      '/preview/explore.png?attribute=exptl.method&count=entry&dimension=terms&top=25',
    );
  });

  it('answers an explore address it cannot draw 400, or 404 for an attribute the archive does not hold, with the page saying why', async () => {
    const cases = [
      ['/explore?attribute=no.such.attribute', 404, 'attribute'],
      ['/embed/explore?attribute=exptl.method&count=entry&dimension=terms&top=abc', 400, 'top'],
      ['/explore?count=entry', 400, 'attribute'],
      ['/explore?attribute=exptl.method&count=entry&dimension=terms&top=abc', 400, 'top'],
      ['/explore?attribute=exptl.method&count=entry&dimension=terms&top=0', 400, 'top'],
      ['/explore?attribute=exptl.method&count=entry&dimension=terms&top=101', 400, 'top'],
      ['/explore?attribute=exptl.method&dimension=sideways', 400, 'dimension'],
      // Bins of an attribute without numbers: reported, not waited for.
      ['/explore?attribute=exptl.method&dimension=bins', 400, 'dimension'],
      ['/explore?attribute=exptl.method&count=mol_definition&dimension=terms&top=25', 400, 'count'],
      [`/explore?attribute=${RESOLUTION}&count=entry&dimension=bins&step=1`, 400, 'start'],
      // Written out first, then reported: a link is sent on once at most.
      ['/explore?attribute=exptl.method&count=mol_definition', 400, 'count'],
      ['/explore?attribute=exptl.method&by=no.such.attribute', 400, 'by'],
    ] as const;
    for (const [link, status, param] of cases) {
      const first = await both(link);
      const url = first.statusCode === 302 ? first.headers.location! : link;
      const response = first.statusCode === 302 ? await both(url) : first;
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // The page is drawn, naming the parameter, with no chart and nothing left loading.
      const html = response.body;
      expectDrawn(html, url);
      // The explorer lists its problems; an embedded chart, without the builder, says it in a line.
      const problems = url.startsWith('/embed/')
        ? new RegExp(`This chart cannot be drawn: (<!-- -->)?${param}:`)
        : new RegExp(`data-testid="explore-problems"[^>]*>[\\s\\S]*?<code>${param}</code>:`);
      expect(problems.test(html), url).toBe(true);
      expect(html.includes('class="ps-bar"'), url).toBe(false);
      expect(html.includes('data-testid="plot-skeleton"'), url).toBe(false);
    }
  });

  it('answers a chart page whose scope or level cannot be read 400 with the page saying why; an unknown chart 404', async () => {
    const badScope = [
      '/distribution/resolution?measure=share',
      `/growth/experimental-method?query=${encodeURIComponent('{"type":')}`,
      '/trend/resolution-by-year?label=nobody',
      `/explore?attribute=exptl.method&count=entry&dimension=terms&top=25&measure=share`,
    ];
    for (const url of badScope) {
      const response = await both(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectDrawn(response.body, url);
      expect(response.body.includes('This scope cannot be read'), url).toBe(true);
    }
    // A level that is no class of the chart: the top level is drawn, and the page says so.
    const level = await both('/distribution/taxonomy?parent=not%20a%20group');
    expect(level.statusCode).toBe(400);
    expectDrawn(level.body, 'taxonomy');
    expect(level.body.includes('The level in the address cannot be drawn')).toBe(true);
    expect(level.body.includes('class="ps-bar"')).toBe(true);
    for (const url of ['/growth/no-such-chart', '/trend/no-such-chart?measure=share']) {
      const response = await both(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body.includes('Page not found'), url).toBe(true);
    }
    // Their valid addresses are drawn as ever.
    for (const url of [
      '/distribution/resolution?measure=percent',
      '/trend/resolution-by-year',
      '/growth/experimental-method?view=annual',
    ]) {
      const response = await both(url);
      expect(response.statusCode, url).toBe(200);
      expectDrawn(response.body, url);
    }
  });
});
