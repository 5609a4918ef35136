import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import {
  CHART_KEYS,
  CHARTS,
  KIND_VIEWS,
  chartFacetRequest,
  chartTable,
  clickRequest,
  resolveChart,
  type ChartClick,
  type ChartView,
  type ResolvedChart,
  comparedRequests,
  comparedTable,
  comparisonOf,
  readExplore,
  resolveExplore,
  scopeFileParts,
  isOtherLabel,
  otherRequestOf,
  withOtherBars,
} from '@pdb-stats/charts';
import type { QueryNode, SearchResponse, TerminalNode } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { exploreResolver } from '../../src/explore-attributes.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { count, search, startArchiveFixture, type ArchiveFixture } from '../support/archive-fixture.ts';
import { ALL_CHARTS, chartName } from '../support/chart-bars.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * The chart data API over HTTP: `/api/charts/<key>.csv` and `.json` give the rows of the chart's
 * table as the dashboard builds them from the same search answer, each number is what its own
 * click-through search finds, and the route answers like the rest of the API (errors, ETag, CORS).
 */

let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
});
afterAll(() => fixture?.close());

const get = (url: string, headers: Record<string, string> = {}) => fixture.app.inject({ url, headers });

/** RFC 4180 fields of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field, 'the CSV ends with a line break').toBe('');
  return rows;
}

/** The chart's query string for a view, variant and hidden series, as the chart page writes it. */
function queryOf(chart: ResolvedChart, view: ChartView | undefined, hidden: string[] = []): string {
  const params = new URLSearchParams();
  if (view) params.set('view', view);
  if (chart.variant !== undefined && chart.definition.variants)
    params.set(chart.definition.variants.param, chart.variant);
  for (const label of hidden) params.append('hide', label);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const viewsOf = (chart: ResolvedChart): readonly (ChartView | undefined)[] =>
  KIND_VIEWS[chart.kind].length > 0 ? KIND_VIEWS[chart.kind] : [undefined];

const CASES = ALL_CHARTS.flatMap((chart) =>
  viewsOf(chart).map((view) => [`${chartName(chart)}${view ? ` ${view}` : ''}`, chart, view] as const),
);

describe('the CSV and JSON are the rows of the chart table built from a direct search answer', () => {
  it.each(CASES)('%s', async (_name, chart, view) => {
    const direct = (await search(fixture.app, chartFacetRequest(chart.query))) as SearchResponse | null;
    const expected = chartTable(chart, direct, { view: view ?? 'cumulative', hidden: [] });
    expect(expected.rows.length).toBeGreaterThan(0);

    const csv = await get(`/api/charts/${chart.definition.key}.csv${queryOf(chart, view)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(parseCsv(csv.body)).toEqual(
      [expected.columns, ...expected.rows].map((row) => row.map((cell) => String(cell))),
    );

    const json = await get(`/api/charts/${chart.definition.key}.json${queryOf(chart, view)}`);
    expect(json.statusCode, json.body).toBe(200);
    const document = json.json();
    expect(document).toMatchObject({
      chart: chart.definition.key,
      title: chart.title,
      kind: chart.kind,
      archive_date: '2026-07-01',
      data_as_of: '2026-07-01',
      demo: true,
      columns: expected.columns,
      rows: expected.rows,
      series: expected.series,
      request: chartFacetRequest(chart.query),
    });
    expect(typeof document.source).toBe('string');
    if (view) expect(document.view).toBe(view);
    if (chart.variant !== undefined)
      expect(document.variant).toEqual({ [chart.definition.variants!.param]: chart.variant });
  });

  it('hidden series are left out of the stacked growth charts, as on the page; other names are ignored', async () => {
    const chart = resolveChart(CHARTS['experimental-method']);
    const direct = (await search(fixture.app, chartFacetRequest(chart.query))) as SearchResponse | null;
    const all = chartTable(chart, direct, { view: 'annual', hidden: [] });
    expect(all.series.length).toBeGreaterThan(2);
    const hidden = all.series.slice(0, 2);
    const expected = chartTable(chart, direct, { view: 'annual', hidden });
    const json = (
      await get(`/api/charts/experimental-method.json${queryOf(chart, 'annual', [...hidden, 'nothing'])}`)
    ).json();
    expect(json.columns).toEqual(['Year', ...all.series.slice(2)]);
    expect(json.rows).toEqual(expected.rows);
    expect(json.hidden_series).toEqual(hidden);
  });

  it('a window of years keeps those rows, the cumulative totals still counting the years before it', async () => {
    const chart = resolveChart(CHARTS['experimental-method']);
    const all = (await get('/api/charts/experimental-method.json?view=cumulative')).json();
    const years = all.rows.map((row: (string | number)[]) => Number(row[0]));
    const from = years[Math.floor(years.length / 3)]!;
    const to = years[Math.floor((2 * years.length) / 3)]!;
    const json = (
      await get(`/api/charts/experimental-method.json?view=cumulative&from=${from}&to=${to}`)
    ).json();
    expect(json.rows.map((row: (string | number)[]) => Number(row[0]))).toEqual(
      years.filter((y: number) => y >= from && y <= to),
    );
    expect(json.rows[0]).toEqual(all.rows[years.indexOf(from)]);
    expect(json.years).toEqual({ from, to });
    const direct = (await search(fixture.app, chartFacetRequest(chart.query))) as SearchResponse | null;
    const expected = chartTable(chart, direct, { view: 'annual', hidden: [], window: { from } });
    const csv = await get(`/api/charts/experimental-method.csv?view=annual&from=${from}`);
    expect(parseCsv(csv.body).slice(1)).toEqual(expected.rows.map((row) => row.map(String)));
  });
});

describe('the axes of the JSON are the titles drawn in the view and measure asked for', () => {
  it.each([
    ['resolution-by-year', '', { x: 'Year', y: 'Resolution (Å)' }],
    ['resolution-by-year', '?view=quartiles', { x: 'Year', y: 'Resolution (Å)' }],
    // The shares are percents of each year's entries, not resolutions.
    ['resolution-by-year', '?view=shares', { x: 'Year', y: 'Share of entries (%)' }],
    ['experimental-method', '?view=annual', { x: 'Year', y: 'Number of Entries' }],
    ['resolution', '', { x: 'Resolution (Å)', y: 'Number of Entries' }],
    // A taxonomy group's level counts its source organisms.
    ['taxonomy', '', { x: 'Taxonomy', y: 'Number of Entries' }],
    ['taxonomy', '?parent=Eukaryota', { x: 'Source Organism', y: 'Number of Entries' }],
    [
      'resolution',
      `?query=${encodeURIComponent(JSON.stringify({ type: 'terminal', service: 'text', parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY DIFFRACTION' } }))}&measure=percent`,
      { x: 'Resolution (Å)', y: 'Number of Entries (% of each cohort)' },
    ],
  ])('%s%s', async (key, query, axes) => {
    const json = await get(`/api/charts/${key}.json${query}`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().axes).toEqual(axes);
  });
});

/** The bars of a chart's JSON: each number with the click that opens its search. */
function barsOf(
  chart: ResolvedChart,
  view: ChartView,
  json: { columns: string[]; rows: (string | number)[][] },
) {
  // A trend chart's row is a year's point (its count second) or a segment (year, bin, bounds, count, share).
  if (chart.kind === 'trend')
    return json.rows.map((row) =>
      view === 'shares'
        ? { click: { x: String(row[0]), series: String(row[1]), view } as ChartClick, value: row[4] }
        : { click: { x: String(row[0]), view } as ChartClick, value: row[1] },
    );
  // A distribution's row is a bar: its count, then (split by a second attribute) a column per segment.
  if (chart.kind === 'distribution') {
    const total = json.columns.indexOf(chart.definition.options.yAxisTitle);
    const prefix = `${chart.query.second?.name}: `;
    // An "Other" row's search counts the objects with none of the values of the rows before it.
    const shown = json.rows.map((row) => String(row[0])).filter((x) => !isOtherLabel(x));
    return json.rows.flatMap((row) => [
      {
        click: { x: String(row[0]), view, ...(isOtherLabel(String(row[0])) && { shown }) } as ChartClick,
        value: row[total],
      },
      ...json.columns.slice(total + 1).map((column, i) => ({
        click: { x: String(row[0]), series: column.slice(prefix.length), view } as ChartClick,
        value: row[total + 1 + i],
      })),
    ]);
  }
  const stacked = chart.query.second?.kind === 'terms';
  return json.rows.flatMap((row) =>
    json.columns.slice(1).map((series, i) => ({
      click: { x: String(row[0]), view, ...(stacked && { series }) } as ChartClick,
      value: row[i + 1],
    })),
  );
}

const SAMPLE: [string, string | undefined][] = [
  ['experimental-method', undefined],
  ['overall-structures', undefined],
  ['unique-protein-sequences', '30'],
  ['resolution', undefined],
  ['resolution-by-year', undefined],
  ['journal', undefined],
  ['release-date-distribution', undefined],
  ['source-organism', 'engineered'],
];

describe('each number of the API is the count of its click-through search', () => {
  const cases = SAMPLE.flatMap(([key, variant]) => {
    const chart = resolveChart(CHARTS[key as (typeof CHART_KEYS)[number]], variant);
    // A variant the registry does not have would fall back to the default: the sample names real ones.
    expect(chart.variant).toBe(variant ?? chart.definition.variants?.defaultValue);
    return viewsOf(chart).map((view) => [`${chartName(chart)} ${view ?? ''}`, chart, view] as const);
  });
  it.each(cases)('%s', async (_name, chart, view) => {
    const json = (await get(`/api/charts/${chart.definition.key}.json${queryOf(chart, view)}`)).json();
    const bars = barsOf(chart, view ?? 'cumulative', json);
    expect(bars.length).toBeGreaterThan(0);
    const mismatches: string[] = [];
    for (const { click, value } of bars) {
      const found = await count(fixture.app, clickRequest(chart.definition, click, chart.query));
      if (found !== value)
        mismatches.push(`${click.x}${click.series ? ` / ${click.series}` : ''}: ${value} vs ${found}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('a chart over a scope (query)', () => {
  const EM: TerminalNode = {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'ELECTRON MICROSCOPY' },
  };
  const RECENT: TerminalNode = {
    type: 'terminal',
    service: 'text',
    parameters: {
      attribute: 'rcsb_accession_info.initial_release_date',
      operator: 'greater_or_equal',
      value: '2015-01-01',
    },
  };
  const scope: QueryNode = { type: 'group', logical_operator: 'and', nodes: [EM, RECENT] };
  const scoped = (node: unknown) => `query=${encodeURIComponent(JSON.stringify(node))}`;

  it.each([
    ['resolution', undefined],
    ['experimental-method', 'annual'],
    ['unique-protein-sequences', 'cumulative'],
  ] as const)(
    '%s %s: the rows of the scoped chart, each bar the count of scope AND bar',
    async (key, view) => {
      const chart = resolveChart(CHARTS[key]);
      const request = chartFacetRequest(chart.query, { scope });
      const direct = (await search(fixture.app, request)) as SearchResponse | null;
      const expected = chartTable(chart, direct, { view: view ?? 'cumulative', hidden: [] });
      const whole = chartTable(
        chart,
        (await search(fixture.app, chartFacetRequest(chart.query))) as SearchResponse,
        {
          view: view ?? 'cumulative',
          hidden: [],
        },
      );
      expect(expected.rows, 'the scope changes the numbers').not.toEqual(whole.rows);

      const suffix = `${queryOf(chart, view) ? `${queryOf(chart, view)}&` : '?'}${scoped(scope)}`;
      const csv = await get(`/api/charts/${key}.csv${suffix}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(parseCsv(csv.body)).toEqual([expected.columns, ...expected.rows].map((row) => row.map(String)));
      expect(csv.headers['content-disposition']).toMatch(
        new RegExp(`filename="${key}-[a-z0-9-]*scope-[0-9a-f]{8}-2026-07-01\\.csv"`),
      );

      const json = (await get(`/api/charts/${key}.json${suffix}`)).json();
      expect(json).toMatchObject({ scope, request, rows: expected.rows });
      expect((await get(`/api/charts/${key}.json${queryOf(chart, view)}`)).json().scope).toBeNull();

      const mismatches: string[] = [];
      for (const { click, value } of barsOf(chart, view ?? 'cumulative', json)) {
        const found = await count(fixture.app, clickRequest(chart.definition, click, chart.query, scope));
        if (found !== value)
          mismatches.push(`${click.x}${click.series ? ` / ${click.series}` : ''}: ${value} vs ${found}`);
      }
      expect(mismatches).toEqual([]);
    },
  );

  it.each([
    ['query=%7Bnot', 'query', 'query: not valid JSON'],
    ['query=%5B%5D', 'query', 'query: must be a query node'],
    [Array.from({ length: 5 }, () => scoped(EM)).join('&'), 'query', 'query: at most 4 cohorts'],
    [`${scoped(EM)}&label=a&label=b`, 'label', 'label: names a cohort that has no query'],
    [`${scoped(EM)}&measure=share`, 'measure', 'measure: must be one of count or percent'],
    [
      scoped({ type: 'terminal', service: 'text', parameters: { attribute: 'no.such', operator: 'exists' } }),
      'query.parameters.attribute',
      'query.parameters.attribute',
    ],
    [
      scoped({ ...EM, parameters: { ...EM.parameters, operator: 'greater' } }),
      'query.parameters.operator',
      'query.parameters.operator',
    ],
  ])('400 for %s, naming %s and the reason', async (param, field, message) => {
    const response = await get(`/api/charts/resolution.json?${param}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, field });
    expect(response.json().message).toContain(message);
  });
});

describe('cohorts compared (query repeated, label, measure)', () => {
  const method = (value: string): TerminalNode => ({
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'exptl.method', operator: 'exact_match', value },
  });
  const XRAY = method('X-RAY DIFFRACTION');
  const EM = method('ELECTRON MICROSCOPY');
  const cohorts = (labels: boolean) =>
    [XRAY, EM].map((node) => `query=${encodeURIComponent(JSON.stringify(node))}`).join('&') +
    (labels ? '&label=X-ray&label=Cryo-EM' : '');

  it.each([
    ['resolution', undefined, 'count'],
    ['resolution', undefined, 'percent'],
    ['journal', undefined, 'count'],
    ['experimental-method', 'annual', 'percent'],
  ] as const)(
    '%s %s in %s: one column per cohort, the table the dashboard builds from each cohort’s answer',
    async (key, view, measure) => {
      const chart = resolveChart(CHARTS[key]);
      const comparison = comparisonOf(
        chart,
        {
          cohorts: [
            { node: XRAY, label: 'X-ray' },
            { node: EM, label: 'Cryo-EM' },
          ],
          measure,
        },
        () => undefined,
      );
      const requests = comparedRequests(comparison);
      const answers = await Promise.all(
        requests.map(async (request, i) => ({
          label: comparison.cohorts[i]!.label,
          response: (await search(fixture.app, request)) as SearchResponse | null,
        })),
      );
      const expected = comparedTable(chart, answers, { view: view ?? 'cumulative', hidden: [], measure });
      expect(expected.columns.slice(-2)).toEqual(
        measure === 'percent' ? ['X-ray (%)', 'Cryo-EM (%)'] : ['X-ray', 'Cryo-EM'],
      );
      const suffix = `${queryOf(chart, view) ? `${queryOf(chart, view)}&` : '?'}${cohorts(true)}${
        measure === 'percent' ? '&measure=percent' : ''
      }`;
      const csv = await get(`/api/charts/${key}.csv${suffix}`);
      expect(csv.statusCode, csv.body).toBe(200);
      // The file is named for the cohorts compared and the measure, as the dashboard names it.
      const parts = scopeFileParts({
        cohorts: [
          { node: XRAY, label: 'X-ray' },
          { node: EM, label: 'Cryo-EM' },
        ],
        measure,
      });
      expect(parts).toEqual(
        measure === 'percent'
          ? [expect.stringMatching(/^cohorts-[0-9a-f]{8}$/), 'percent']
          : [expect.stringMatching(/^cohorts-[0-9a-f]{8}$/)],
      );
      expect(csv.headers['content-disposition']).toBe(
        `inline; filename="${[key, view, ...parts, '2026-07-01'].filter(Boolean).join('-')}.csv"`,
      );
      expect(parseCsv(csv.body)).toEqual([expected.columns, ...expected.rows].map((row) => row.map(String)));
      const json = (await get(`/api/charts/${key}.json${suffix}`)).json();
      expect(json).toMatchObject({
        cohorts: [
          { label: 'X-ray', query: XRAY },
          { label: 'Cryo-EM', query: EM },
        ],
        measure,
        series: ['X-ray', 'Cryo-EM'],
        requests,
        rows: expected.rows,
      });
      if (measure === 'percent')
        for (const column of [-2, -1]) {
          const sum = expected.rows.reduce((total, row) => total + Number(row.at(column)), 0);
          expect(Math.abs(sum - 100)).toBeLessThan(0.01 * expected.rows.length);
        }
    },
  );

  it('a cohort without a label is named by its conditions in plain words', async () => {
    const json = (await get(`/api/charts/resolution.json?${cohorts(false)}`)).json();
    expect(json.series).toEqual([
      'Experimental method: X-RAY DIFFRACTION',
      'Experimental method: ELECTRON MICROSCOPY',
    ]);
  });
});

describe('answers like the rest of the API', () => {
  it('CSV: its media type, an inline file name, cache headers and ETag, CORS', async () => {
    const response = await get('/api/charts/resolution.csv', { origin: 'https://course.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="resolution-2026-07-01.csv"');
    expect(response.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    );
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);

    const again = await get('/api/charts/resolution.csv', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another representation of the same answer has another tag.
    const json = await get('/api/charts/resolution.json', { 'if-none-match': etag });
    expect(json.statusCode).toBe(200);
    expect(json.headers.etag).not.toBe(etag);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const annual = await get('/api/charts/experimental-method.csv?view=annual');
    const cumulative = await get('/api/charts/experimental-method.csv');
    expect(annual.headers.etag).not.toBe(cumulative.headers.etag);
    expect(annual.headers['content-disposition']).toBe(
      'inline; filename="experimental-method-annual-2026-07-01.csv"',
    );
  });

  it('lists the charts and the addresses of their data', async () => {
    const response = await get('/api/charts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const list = response.json().charts as { key: string; csv: string; variants?: { param: string } }[];
    expect(list.map((c) => c.key)).toEqual([...CHART_KEYS]);
    expect(list.find((c) => c.key === 'resolution')?.csv).toBe('/api/charts/resolution.csv');
    expect(list.find((c) => c.key === 'unique-protein-sequences')?.variants?.param).toBe('identity');
  });

  it.each([
    ['/api/charts/no-such-chart.csv', 'no chart "no-such-chart"'],
    ['/api/charts/resolution.xml', 'no "xml" data of chart "resolution"'],
    ['/api/charts/resolution', 'ask for /api/charts/resolution.csv or /api/charts/resolution.json'],
  ])('404 for %s, naming it and where the charts are', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json().message).toContain(message);
    if (url.includes('no-such-chart')) expect(response.json().message).toContain('GET /api/charts lists');
  });

  it.each([
    [
      '/api/charts/experimental-method.csv?view=weekly',
      'view',
      'view: must be one of cumulative, annual, quartiles or shares, got the string "weekly"',
    ],
    ['/api/charts/experimental-method.csv?view=annual&view=annual', 'view', 'view: must be given once'],
    ['/api/charts/resolution.csv?view=annual', 'view', 'view: chart "resolution" is a distribution chart'],
    [
      '/api/charts/resolution-by-year.csv?view=annual',
      'view',
      'view: must be one of "quartiles", "shares" for the trend chart "resolution-by-year", got "annual"',
    ],
    [
      '/api/charts/experimental-method.csv?view=shares',
      'view',
      'view: must be one of "cumulative", "annual" for the growth chart "experimental-method", got "shares"',
    ],
    [
      '/api/charts/unique-protein-sequences.csv?identity=42',
      'identity',
      'identity: must be one of "100", "95", "90", "70", "50", "30" for chart "unique-protein-sequences", got "42"',
    ],
    ['/api/charts/resolution.csv?identity=95', 'identity', 'identity: chart "resolution" has no variants'],
    [
      '/api/charts/source-organism.csv?identity=95',
      'identity',
      'identity: chart "source-organism" names its variant with source',
    ],
    [
      '/api/charts/resolution.csv?variant=95',
      'variant',
      'variant: unknown parameter; expected view, hide, query, label, measure',
    ],
    ['/api/charts/resolution.csv?from=1990', 'from', 'from: chart "resolution" is a distribution chart'],
    ['/api/charts/experimental-method.csv?to=20x0', 'to', 'to: '],
  ])('400 for %s, naming %s and what it allows', async (url, field, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toMatchObject({ status: 400, field });
    expect(response.json().message).toContain(message);
  });
});

describe('a chart whose attributes the archive does not hold', () => {
  let dir: string;
  let temp: TempArchive | undefined;
  let app: FastifyInstance;
  beforeAll(async () => {
    temp = await tempArchive('chart-data');
    dir = temp.dir;
    await writeSnapshot(generateDocuments({ entries: 200, seed: 5, archiveDate: '2026-07-01' }), dir);
    // The assemblies' symmetry column left out, as an archive imported without it.
    const file = join(dir, 'assembly.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(
      `COPY (SELECT * EXCLUDE (rcsb_struct_symmetry) FROM read_parquet('${file}')) TO '${file}.new' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    await rename(`${file}.new`, file);
    app = await buildApp({ engine: await openDuckDbEngine(dir) });
  });
  afterAll(async () => {
    await app?.close();
    await temp?.remove();
  });

  it('gets the Search API 400 for its request, passed on', async () => {
    const definition = CHARTS['assembly-symmetry-distribution'];
    const direct = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: chartFacetRequest(definition.query),
    });
    expect(direct.statusCode).toBe(400);
    const response = await app.inject('/api/charts/assembly-symmetry-distribution.csv');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(direct.json());
    expect(response.json().message).toContain('not held by this archive');
    // The charts it holds are answered.
    expect((await app.inject('/api/charts/resolution.csv')).statusCode).toBe(200);
  });
});

describe('explore charts: /api/charts/explore.csv and .json with the explorer’s parameters', () => {
  const EXPLORED = [
    ['attribute=rcsb_entry_info.experimental_method&count=entry&dimension=terms&top=5', undefined],
    [
      'attribute=rcsb_entry_info.resolution_combined&count=polymer_entity&dimension=bins&start=1&step=0.5&end=4',
      undefined,
    ],
    [
      'attribute=rcsb_accession_info.initial_release_date&count=entry&dimension=years&by=rcsb_entry_info.experimental_method',
      'annual',
    ],
    [
      'attribute=rcsb_entry_info.experimental_method&count=entry&dimension=terms&top=5&by=rcsb_entry_info.polymer_entity_count&stack=stacked',
      undefined,
    ],
    [
      'attribute=rcsb_entry_info.resolution_combined&count=polymer_entity&dimension=bins&start=1&step=0.5&end=4&by=entity_poly.rcsb_entity_polymer_type&stack=grouped',
      undefined,
    ],
  ] as const;

  it.each(EXPLORED)('%s: the rows of its table, each the count of its search', async (params, view) => {
    const reading = readExplore(
      new URLSearchParams(params),
      exploreResolver(fixture.app.searchService.source.held),
    );
    const chart = resolveExplore(reading.spec!);
    const answered = (await search(fixture.app, chartFacetRequest(chart.query))) as SearchResponse | null;
    // Completed as the page completes it (a top-N terms chart's "Other" bar).
    const [direct = null] = await withOtherBars(
      [answered],
      [otherRequestOf(chart.definition, chart.query, answered)],
      async (request) => (await search(fixture.app, request)) as SearchResponse | null,
    );
    const expected = chartTable(chart, direct, { view: view ?? 'cumulative', hidden: [] });
    expect(expected.rows.length).toBeGreaterThan(0);
    const query = `?${params}${view ? `&view=${view}` : ''}`;

    const csv = await get(`/api/charts/explore.csv${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    // The file is named by the attribute (written safe: rcsb-entry-info.resolution-combined).
    expect(csv.headers['content-disposition']).toContain(
      reading.spec!.attribute.path.toLowerCase().replace(/_/g, '-'),
    );
    expect(parseCsv(csv.body)).toEqual([expected.columns, ...expected.rows].map((row) => row.map(String)));

    const json = await get(`/api/charts/explore.json${query}`);
    expect(json.statusCode, json.body).toBe(200);
    const document = json.json();
    expect(document).toMatchObject({
      chart: 'explore',
      title: chart.title,
      kind: chart.kind,
      explore: Object.fromEntries(new URLSearchParams(params)),
      rows: expected.rows,
      request: chartFacetRequest(chart.query),
    });
    const bars = barsOf(chart, view ?? 'cumulative', document);
    expect(bars.filter((b) => Number(b.value) > 0).length).toBeGreaterThan(0);
    for (const { click, value } of bars)
      expect(await count(fixture.app, clickRequest(chart.definition, click, chart.query)), click.x).toBe(
        value,
      );
  });

  it('split bars in percent: each segment’s share of its bar beside the bar’s count, named so in the file and the JSON', async () => {
    const params =
      'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4&by=rcsb_entry_info.experimental_method&stack=stacked';
    const chart = resolveExplore(
      readExplore(new URLSearchParams(params), exploreResolver(fixture.app.searchService.source.held)).spec!,
    );
    const answered = (await search(fixture.app, chartFacetRequest(chart.query))) as SearchResponse | null;
    const look = { view: 'cumulative' as const, hidden: [] };
    const counts = chartTable(chart, answered, look);
    const expected = chartTable(chart, answered, { ...look, measure: 'percent' });
    const csv = await get(`/api/charts/explore.csv?${params}&measure=percent`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/-percent-\d{4}-\d\d-\d\d\.csv"$/);
    expect(parseCsv(csv.body)).toEqual([expected.columns, ...expected.rows].map((row) => row.map(String)));
    const total = expected.columns.indexOf('Number of Entries');
    expect(expected.columns.slice(total + 1).every((column) => column.endsWith(' (%)'))).toBe(true);
    expect(expected.columns.length).toBeGreaterThan(total + 1);
    let split = 0;
    expected.rows.forEach((row, i) => {
      // The bar's count as counted; its segments' shares reach 100 % wherever it has any.
      expect(row[total]).toBe(counts.rows[i]![total]);
      const shares = row.slice(total + 1).map(Number);
      const sum = shares.reduce((a, b) => a + b, 0);
      if (counts.rows[i]!.slice(total + 1).some((value) => Number(value) > 0)) {
        split += 1;
        expect(Math.abs(sum - 100), String(row[0])).toBeLessThanOrEqual(0.02);
      } else expect(sum).toBe(0);
    });
    expect(split).toBeGreaterThan(2);

    const json = (await get(`/api/charts/explore.json?${params}&measure=percent`)).json();
    expect(json).toMatchObject({
      measure: 'percent',
      scope: null,
      axes: { y: 'Number of Entries (% of each bar)' },
      rows: expected.rows,
      request: chartFacetRequest(chart.query),
    });
    expect(json.cohorts).toBeUndefined();
    // Cohorts compared in percent stay a comparison: each cohort's bars in percent of its total.
    const cohort = (value: string) =>
      `query=${encodeURIComponent(JSON.stringify({ type: 'terminal', service: 'text', parameters: { attribute: 'rcsb_entry_info.experimental_method', operator: 'exact_match', value } }))}`;
    const compared = (
      await get(`/api/charts/explore.json?${params}&${cohort('X-ray')}&${cohort('EM')}&measure=percent`)
    ).json();
    expect(compared.requests).toHaveLength(2);
    expect(compared.axes.y).toBe('Number of Entries (% of each cohort)');
  });

  it('over a scope, as the page asks it', async () => {
    const scope = JSON.stringify({
      type: 'terminal',
      service: 'text',
      parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
    });
    const params = 'attribute=rcsb_entry_info.experimental_method&count=entry&dimension=terms&top=5';
    const json = await get(`/api/charts/explore.json?${params}&query=${encodeURIComponent(scope)}`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().scope).toEqual(JSON.parse(scope));
  });

  it.each([
    ['/api/charts/explore.csv', 'attribute', 'is required'],
    [
      '/api/charts/explore.csv?attribute=struct.title',
      'attribute',
      'not a facetable attribute of the catalogue',
    ],
    ['/api/charts/explore.csv?attribute=no.such', 'attribute', '"no.such" is not a facetable attribute'],
    [
      '/api/charts/explore.csv?attribute=exptl.method&count=mol_definition',
      'count',
      'must be one of "entry"',
    ],
    [
      '/api/charts/explore.csv?attribute=rcsb_entry_info.resolution_combined&start=1&step=0&end=4',
      'step',
      'must be > 0',
    ],
    [
      '/api/charts/explore.csv?attribute=rcsb_entry_info.resolution_combined&start=0&step=0.01&end=100',
      'step',
      'at most 200',
    ],
    ['/api/charts/explore.csv?attribute=exptl.method&top=500', 'top', 'from 1 to 100'],
    ['/api/charts/explore.csv?attribute=exptl.method&by=exptl.method', 'by', 'another attribute'],
    ['/api/charts/explore.csv?attribute=exptl.method&by=struct.title', 'by', 'must be a facetable attribute'],
    ['/api/charts/explore.csv?attribute=exptl.method&by=chem_comp.type', 'by', 'cannot count entry'],
    [
      '/api/charts/explore.csv?attribute=exptl.method&by=rcsb_entry_info.polymer_entity_count&stack=side',
      'stack',
      'must be one of "stacked", "grouped"',
    ],
    [
      '/api/charts/explore.csv?attribute=exptl.method&identity=95',
      'identity',
      'chart "explore" has no variants',
    ],
    ['/api/charts/resolution.csv?attribute=exptl.method', 'attribute', 'applies to /api/charts/explore.csv'],
  ])('400 for %s, naming %s', async (url, field, message) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, field });
    expect(response.json().message).toContain(message);
  });

  it('a top-N terms chart’s Other bar: its row last in the CSV and JSON, equal to its search, which the JSON gives', async () => {
    const params = 'attribute=rcsb_entry_info.polymer_entity_count&count=entry&dimension=terms&top=2';
    const chart = resolveExplore(
      readExplore(new URLSearchParams(params), exploreResolver(fixture.app.searchService.source.held)).spec!,
    );
    const json = await get(`/api/charts/explore.json?${params}`);
    expect(json.statusCode, json.body).toBe(200);
    const document = json.json();
    expect(document.rows).toHaveLength(3);
    const [label, value] = document.rows[2];
    expect(label).toBe('Other (none of the 2 shown)');
    expect(value).toBeGreaterThan(0);
    const shown = document.rows.slice(0, 2).map((row: unknown[]) => String(row[0]));
    const click = { x: label, view: 'cumulative' as const, shown };
    expect(await count(fixture.app, clickRequest(chart.definition, click, chart.query))).toBe(value);
    expect(await count(fixture.app, document.other_request)).toBe(value);
    expect(document.other_request.request_options.return_counts).toBe(true);

    const csv = parseCsv((await get(`/api/charts/explore.csv?${params}`)).body);
    expect(csv.at(-1)).toEqual([label, String(value)]);
    // Switched off, the bar and its search are gone.
    const off = (await get(`/api/charts/explore.json?${params}&other=off`)).json();
    expect(off.rows).toHaveLength(2);
    expect(off.other_request).toBeUndefined();
  });

  it('compared cohorts: one Other per cohort, each equal to that cohort AND its search', async () => {
    const params = 'attribute=rcsb_entry_info.polymer_entity_count&count=entry&dimension=terms&top=2';
    const cohorts = [
      {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2 },
      },
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entry_info.resolution_combined',
          operator: 'greater_or_equal',
          value: 2,
        },
      },
    ];
    const query = cohorts.map((c) => `&query=${encodeURIComponent(JSON.stringify(c))}`).join('');
    const json = await get(`/api/charts/explore.json?${params}${query}`);
    expect(json.statusCode, json.body).toBe(200);
    const document = json.json();
    const other = document.rows.at(-1);
    expect(other[0]).toBe(`Other (none of the ${document.rows.length - 1} shown)`);
    expect(document.other_requests).toHaveLength(2);
    for (const [i, request] of document.other_requests.entries())
      expect(await count(fixture.app, request), `cohort ${i + 1}`).toBe(other[i + 1]);
  });

  it('the chart list says how to ask for one', async () => {
    const list = (await get('/api/charts')).json();
    expect(list.explore.csv).toBe('/api/charts/explore.csv');
    const example = await get(list.explore.example);
    expect(example.statusCode, example.body).toBe(200);
  });
});
