import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHARTS,
  clickRequest,
  comparisonOf,
  readExplore,
  readScope,
  resolveChart,
  resolveExplore,
  type ChartClick,
  type ChartDefinition,
  type ResolvedChart,
  barSearchUrl,
} from '@pdb-stats/charts';
import type { SearchRequest } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import type { Engine } from '../../src/engine/index.ts';
import { exploreResolver } from '../../src/explore-attributes.ts';
import { DEMO_HELD } from '../support/demo-held.ts';

/**
 * A bar's short link (`/search/bar?chart=<page>&x=…`), which server-drawn chart pages give their bars,
 * redirects to the search a click on that bar opens: the same request, computed here as the chart
 * page computed it before short links (the bar's search, AND the scope, or AND its cohort).
 */

const engine: Engine = {
  dialect: 'duckdb',
  facts: { methodologies: [null] },
  session: () => Promise.reject(new Error('unused')),
  archiveInfo: () => ({ source: 'demo', demo: true, archive_date: '2026-07-01', counts: {} }) as never,
  close: async () => {},
  held: DEMO_HELD,
};

const XRAY = {
  type: 'terminal',
  service: 'text',
  parameters: {
    attribute: 'rcsb_entry_info.experimental_method',
    operator: 'exact_match',
    value: 'X-ray',
  },
};
const EM = { ...XRAY, parameters: { ...XRAY.parameters, value: 'EM' } };
const query = (...nodes: object[]) =>
  nodes.map((node) => `query=${encodeURIComponent(JSON.stringify(node))}`).join('&');
const EXPLORE =
  'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4';

/** The search a click on the bar opened, as the chart page computed it from its address. */
function clickedRequest(page: string, click: ChartClick, cohort?: number): SearchRequest {
  const url = new URL(page, 'http://page.invalid');
  const params = url.searchParams;
  const [, kind, key] = url.pathname.replace(/^\/embed/, '').split('/');
  let chart: ResolvedChart;
  if (kind === 'explore') chart = resolveExplore(readExplore(params, exploreResolver(DEMO_HELD)).spec!);
  else {
    const definition = CHARTS[key as keyof typeof CHARTS] as ChartDefinition;
    expect(definition.kind).toBe(kind);
    const variant = definition.variants && (params.get(definition.variants.param) ?? undefined);
    chart = resolveChart(definition, variant, params.get('parent') ?? undefined);
  }
  const scope = readScope(params);
  if (cohort === undefined) return clickRequest(chart.definition, click, chart.query, scope.cohorts[0]?.node);
  const comparison = comparisonOf(chart, scope, () => undefined);
  return clickRequest(chart.definition, click, comparison.query, comparison.cohorts[cohort]!.scope);
}

/** Bars of charts of every sort: views, variants, a drilled-down level, scopes, cohorts, explore. */
const BARS: { page: string; click: ChartClick; cohort?: number }[] = [
  { page: '/growth/experimental-method', click: { x: '2001', series: 'X-ray', view: 'cumulative' } },
  { page: '/growth/experimental-method?view=annual', click: { x: '1976', series: 'EM', view: 'annual' } },
  {
    page: '/embed/growth/experimental-method?view=annual',
    click: { x: '2020', series: 'NMR', view: 'annual' },
  },
  { page: '/growth/unique-protein-sequences?identity=50', click: { x: '1999', view: 'cumulative' } },
  { page: '/distribution/resolution', click: { x: '1-1.2', view: 'cumulative' } },
  { page: '/distribution/resolution', click: { x: '< 1', view: 'cumulative' } },
  {
    page: '/distribution/enzyme-classification?parent=3',
    click: { x: '3.4 Acting on peptide bonds (peptidases)', view: 'cumulative' },
  },
  { page: '/trend/resolution-by-year', click: { x: '1980', view: 'quartiles' } },
  // Scoped: the bar AND the scope.
  { page: `/distribution/resolution?${query(XRAY)}&scale=log`, click: { x: '1-1.2', view: 'cumulative' } },
  {
    page: `/growth/experimental-method?${query(EM)}`,
    click: { x: '2015', series: 'EM', view: 'cumulative' },
  },
  // Compared: the bar AND its cohort.
  {
    page: `/distribution/resolution?${query(XRAY, EM)}&label=X-ray&label=Cryo-EM`,
    click: { x: '3-3.2', view: 'cumulative' },
    cohort: 1,
  },
  {
    page: `/growth/experimental-method?${query(XRAY, EM)}&view=annual`,
    click: { x: '2018', view: 'annual' },
    cohort: 0,
  },
  {
    page: `/distribution/resolution?${query(EM)}&measure=percent`,
    click: { x: '2-2.2', view: 'cumulative' },
    cohort: 0,
  },
  { page: `/explore?${EXPLORE}`, click: { x: '1.5-2', view: 'cumulative' } },
  // A segment of an explore chart split by a second attribute: the bar AND the segment.
  {
    page: `/explore?${EXPLORE}&by=rcsb_entry_info.experimental_method&stack=stacked`,
    click: { x: '1.5-2', series: 'EM', view: 'cumulative' },
  },
  // Drawn in percent of each bar, a segment still searches the bar AND the segment (AND the scope).
  {
    page: `/explore?${EXPLORE}&by=rcsb_entry_info.experimental_method&stack=grouped&measure=percent`,
    click: { x: '2-2.5', series: 'X-ray', view: 'cumulative' },
  },
  {
    page: `/explore?${EXPLORE}&by=rcsb_entry_info.experimental_method&stack=stacked&${query(EM)}&measure=percent`,
    click: { x: '3-3.5', series: 'EM', view: 'cumulative' },
  },
];

describe('the short link of a bar', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pdb-stats-web-'));
    await mkdir(join(root, 'static'), { recursive: true });
    await writeFile(
      join(root, 'index.html'),
      '<!doctype html><html><head></head><body><div id="statsroot" data-config="{}"></div></body></html>',
    );
    app = await buildApp({ engine, web: { root, render: false } });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const follow = async (link: string) => {
    const { pathname, search } = new URL(link);
    const response = await app.inject({ url: `${pathname}${search}`, headers: { host: 'stats.example' } });
    expect(response.statusCode, `${link}: ${response.body}`).toBe(302);
    return new URL(response.headers.location!, 'http://stats.example');
  };

  it.each(BARS)('redirects to the results page of the search a click opens: $page, $click.x', async (bar) => {
    const definition = bar.page.includes('/explore') ? { kind: 'distribution' as const } : undefined;
    const kind = definition?.kind ?? (bar.page.replace(/^\/embed/, '').split('/')[1] as 'growth');
    // The page's chart route: an embedded chart's links go to the full page (the query editor links back to it).
    const chart = bar.page.replace(/^\/embed/, '');
    const link = barSearchUrl('http://stats.example', kind, {
      chart,
      click: bar.click,
      ...(bar.cohort !== undefined && { cohort: bar.cohort }),
    });
    expect(link.length, link).toBeLessThan(140 + chart.length * 2);
    const target = await follow(link);
    expect(target.searchParams.get('chart')).toBe(chart);
    const request = JSON.parse(target.searchParams.get('request')!) as SearchRequest;
    expect(request).toEqual(clickedRequest(bar.page, bar.click, bar.cohort));
    // Small molecules are listed by the chemical search's results page.
    expect(target.pathname).toBe(request.return_type === 'mol_definition' ? '/search/chemical/' : '/search');
  });

  it('a scoped bar searches the scope AND the bar; a compared bar its own cohort AND the bar', async () => {
    const scoped = await follow(
      barSearchUrl('http://stats.example', 'distribution', {
        chart: `/distribution/resolution?${query(EM)}`,
        click: { x: '1-1.2', view: 'cumulative' },
      }),
    );
    const compared = await follow(
      barSearchUrl('http://stats.example', 'distribution', {
        chart: `/distribution/resolution?${query(XRAY, EM)}`,
        click: { x: '1-1.2', view: 'cumulative' },
        cohort: 0,
      }),
    );
    const plain = await follow(
      barSearchUrl('http://stats.example', 'distribution', {
        chart: '/distribution/resolution',
        click: { x: '1-1.2', view: 'cumulative' },
      }),
    );
    const text = (url: URL) => url.searchParams.get('request')!;
    expect(text(scoped)).toContain(JSON.stringify(EM.parameters));
    expect(text(compared)).toContain(JSON.stringify(XRAY.parameters));
    expect(text(compared)).not.toContain(JSON.stringify(EM.parameters));
    expect(text(plain)).not.toContain('experimental_method');
    const bar = JSON.parse(text(plain)) as SearchRequest;
    expect(text(scoped)).toContain(JSON.stringify(bar.query));
  });

  it.each([
    ['x=1', 'chart', /chart: is required/],
    ['chart=growth%2Fexperimental-method&x=1', 'chart', /starting with "\/"/],
    ['chart=%2Fsearch&x=1', 'chart', /"\/search" is not the address of a chart page/],
    ['chart=%2Fgrowth%2Fexperimental-method', 'x', /x: is required/],
    ['chart=%2Fdistribution%2Fresolution&x=banana', 'x', /"banana" is not a bar of the chart/],
    [
      'chart=%2Fgrowth%2Fexperimental-method&x=2001&view=weekly',
      'view',
      /must be one of "cumulative", "annual"/,
    ],
    ['chart=%2Fdistribution%2Fresolution&x=1-1.2&cohort=0', 'cohort', /compares no cohorts/],
    [
      `chart=${encodeURIComponent(`/distribution/resolution?${query(XRAY, EM)}`)}&x=1-1.2&cohort=2`,
      'cohort',
      /compares 2 cohorts \(0 to 1\), got 2/,
    ],
    ['chart=%2Fdistribution%2Fresolution&x=1-1.2&cohort=-1', 'cohort', /index of a cohort/],
    ['chart=%2Fdistribution%2Fresolution%3Fquery%3D%7Bnot-json&x=1-1.2', 'chart (its query)', /./],
    ['chart=%2Fdistribution%2Fenzyme-classification%3Fparent%3D9.9&x=1', 'chart (its parent)', /./],
  ])('400 for %s, naming %s', async (search, field, message) => {
    const response = await app.inject({ url: `/search/bar?${search}` });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ field: string; message: string }>();
    expect(body.field).toBe(field);
    expect(body.message).toMatch(message);
  });
});
