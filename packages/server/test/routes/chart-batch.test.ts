import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import {
  CHARTS,
  chartFacetRequest,
  clickRequest,
  resolveChart,
  toDistributionData,
  type DistributionQuery,
} from '@pdb-stats/charts';
import type { QueryNode, SearchResponse } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { openDuckDbEngine, type Engine } from '../../src/engine/index.ts';
import { count } from '../support/archive-fixture.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * `POST /api/charts/batch` over HTTP: several charts answered in one request, each over its own
 * scope, with the same answers as their own searches; its size, conditions and quota are bounded
 * and every refusal is a 400 (429 for the quota) naming the field and the limit.
 */

let dir: string;
let temp: TempArchive | undefined;
let engine: Engine;
let app: FastifyInstance;
/** The same archive with a small quota and small limits. */
let tight: FastifyInstance;

beforeAll(async () => {
  temp = await tempArchive('batch');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 600, seed: 37, archiveDate: '2026-07-01' }), dir);
  engine = await openDuckDbEngine(dir);
  app = await buildApp({ engine });
  tight = await buildApp({
    engine,
    rateLimitPerMinute: 3,
    chartBatch: { maxCharts: 4, maxBytes: 2048, maxConditions: 6 },
  });
});
afterAll(async () => {
  await tight?.close();
  await app?.close();
  await temp?.remove();
});

const post = (target: FastifyInstance, payload: unknown) =>
  target.inject({ method: 'POST', url: '/api/charts/batch', payload: payload as object });

const X_RAY: QueryNode = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'exptl.method', operator: 'exact_match', value: 'X-RAY DIFFRACTION' },
};

interface Answer {
  chart: string;
  request: object;
  response: SearchResponse | null;
  other_request?: object;
}

describe('POST /api/charts/batch', () => {
  it('answers each chart over its own scope, as its own search answers', async () => {
    const reply = await post(app, {
      charts: [
        { chart: 'resolution', query: X_RAY },
        { chart: 'experimental-method' },
        {
          chart: 'explore',
          params: { attribute: 'exptl.method', count: 'entry', dimension: 'terms', top: '2' },
        },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { answers } = reply.json<{ answers: Answer[] }>();
    expect(answers.map((a) => a.chart)).toEqual(['resolution', 'experimental-method', 'explore']);
    const resolution = resolveChart(CHARTS.resolution);
    expect(answers[0]!.request).toEqual(chartFacetRequest(resolution.query, { scope: X_RAY }));
    // The facet search sent alone gets the same answer.
    for (const answer of answers.slice(0, 2)) {
      const alone = await app.inject({
        method: 'POST',
        url: '/rcsbsearch/v2/query',
        payload: answer.request,
      });
      expect(answer.response).toEqual(alone.json());
    }
    // A terms chart of the two most frequent methods has an "Other" bar, counted by its own search.
    expect(answers[2]!.other_request).toBeDefined();
    // Each bar under the scope counts what scope AND bar finds.
    const query = resolution.query as DistributionQuery;
    const bars = toDistributionData(answers[0]!.response, query).bars.filter((b) => b.value > 0);
    expect(bars.length).toBeGreaterThan(2);
    for (const { label, value } of bars.slice(0, 3)) {
      const bar = clickRequest(CHARTS.resolution, { x: label, view: 'annual' }, query, X_RAY);
      expect(await count(app, bar), label).toBe(value);
    }
  });

  it('is listed with the chart data, its example answered', async () => {
    const { batch } = (await app.inject({ url: '/api/charts' })).json();
    expect(batch.path).toBe('/api/charts/batch');
    const reply = await post(app, batch.example);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().answers).toHaveLength(batch.example.charts.length);
  });

  it('refuses a chart it cannot draw, naming it by its place in the batch', async () => {
    const unknown = await post(app, { charts: [{ chart: 'resolution' }, { chart: 'nope' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^charts\[1\]\.chart: no chart "nope"/);
    const param = await post(app, { charts: [{ chart: 'resolution', params: { view: 'annual' } }] });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toMatch(/^charts\[0\]\.params\.view: a chart of a batch takes/);
    const query = await post(app, {
      charts: [
        {
          chart: 'resolution',
          query: {
            type: 'terminal',
            service: 'text',
            parameters: { attribute: 'no.such', operator: 'exists' },
          },
        },
      ],
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^charts\[0\]\.query/);
    const shape = await post(app, { charts: [] });
    expect(shape.statusCode).toBe(400);
  });

  it('refuses a batch over its number of charts, bytes or conditions, naming charts and the limit', async () => {
    const five = await post(tight, { charts: Array.from({ length: 5 }, () => ({ chart: 'resolution' })) });
    expect(five.statusCode).toBe(400);
    expect(five.json().message).toBe('charts: at most 4 charts in one batch, got 5');
    const long = { ...X_RAY, parameters: { ...X_RAY.parameters, value: 'x'.repeat(3000) } };
    const bytes = await post(tight, { charts: [{ chart: 'resolution', query: long }] });
    expect(bytes.statusCode).toBe(400);
    expect(bytes.json().message).toMatch(/^charts: at most 2048 bytes of JSON in one batch, got \d+$/);
    const many: QueryNode = { type: 'group', logical_operator: 'and', nodes: [X_RAY, X_RAY, X_RAY, X_RAY] };
    const conditions = await post(tight, {
      charts: [
        { chart: 'resolution', query: many },
        { chart: 'journal', query: many },
      ],
    });
    expect(conditions.statusCode).toBe(400);
    expect(conditions.json().message).toBe(
      'charts: at most 6 conditions in the queries of one batch together, got 8',
    );
  });

  it('takes one search of the quota per chart not cached', async () => {
    const scoped = (year: number) => ({
      chart: 'resolution',
      query: {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_accession_info.initial_release_date',
          operator: 'greater',
          value: `${year}-01-01`,
        },
      },
    });
    const first = await post(tight, { charts: [scoped(2001), scoped(2002)] });
    expect(first.statusCode, first.body).toBe(200);
    // Cached now: asked again, they take nothing.
    expect((await post(tight, { charts: [scoped(2001), scoped(2002)] })).statusCode).toBe(200);
    const over = await post(tight, { charts: [scoped(2003), scoped(2004)] });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message).toMatch(/a batch counts one per chart not cached/);
  });

  it('reads its limits from the environment, with defaults', () => {
    expect(readConfig({}).chartBatch).toEqual({ maxCharts: 9, maxBytes: 65_536, maxConditions: 256 });
    expect(
      readConfig({
        CHART_BATCH_MAX_CHARTS: '6',
        CHART_BATCH_MAX_BYTES: '4096',
        CHART_BATCH_MAX_CONDITIONS: '10',
      }).chartBatch,
    ).toEqual({ maxCharts: 6, maxBytes: 4096, maxConditions: 10 });
    expect(() => readConfig({ CHART_BATCH_MAX_CHARTS: '0' })).toThrow(/CHART_BATCH_MAX_CHARTS/);
  });
});
