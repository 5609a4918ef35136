import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COST_LIMITS } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { startArchiveFixture, type ArchiveFixture } from '../support/archive-fixture.ts';

/**
 * Answers the data make too large are refused while they are shaped, before they are built: the
 * request alone does not tell how many values a terms facet or a histogram will have.
 */
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(400, 11);
});
afterAll(() => fixture?.close());

async function post(facets: object[]) {
  const response = await fixture.app.inject({
    method: 'POST',
    url: '/rcsbsearch/v2/query',
    payload: { return_type: 'entry', request_options: { return_counts: false, facets } },
  });
  return { status: response.statusCode, body: response.json() as { message: string; facets?: any[] } };
}

const histogram = (interval: number, extra: object = {}) => ({
  name: 'h',
  aggregation_type: 'histogram',
  attribute: 'rcsb_entry_info.molecular_weight',
  interval,
  ...extra,
});

describe('answers over the bucket limit', () => {
  it('a histogram interval so small that no bin can be named (5e-324) is a 400 naming the interval', async () => {
    const { status, body } = await post([histogram(5e-324)]);
    expect(status).toBe(400);
    expect(body.message).toBe(
      'request_options.facets: the interval 5e-324 of the facet "h" is too small for the values of "rcsb_entry_info.molecular_weight": their bin numbers (value / interval) pass 2^53; take a larger interval',
    );
  });

  it('empty bins between the first and last are counted before they are made', async () => {
    // 1e-9 over molecular weights of tens to hundreds of kDa: some 1e11 bins to fill.
    const started = performance.now();
    const { status, body } = await post([histogram(1e-9, { min_interval_population: 0 })]);
    expect(status).toBe(400);
    expect(body.message).toContain(
      `the facet "h" makes the answer hold more than ${DEFAULT_COST_LIMITS.maxBuckets} buckets: at most ${DEFAULT_COST_LIMITS.maxBuckets} are allowed in one answer`,
    );
    // Refused at once, not after making the bins (a generous bound: the machine is shared).
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('terms facets over many values, side by side, add up to the limit', async () => {
    // 400 entries, 60 facets of every identifier: 24,000 buckets, within the default limit.
    const many = Array.from({ length: 60 }, (_, i) => ({
      name: `ids ${i}`,
      aggregation_type: 'terms',
      attribute: 'rcsb_id',
    }));
    const within = await post(many);
    expect(within.status).toBe(200);
    expect(within.body.facets).toHaveLength(60);
    // The engine is the fixture's: closing this app closes it, so it stays open until the end.
    const app = await buildApp({
      engine: fixture.engine,
      costLimits: { ...DEFAULT_COST_LIMITS, maxBuckets: 1000 },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: { return_type: 'entry', request_options: { facets: many } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'the facet "ids 2" makes the answer hold more than 1000 buckets',
    );
  });

  it('facets nested over every identifier: refused past the rows they read, however few buckets they show', async () => {
    // Each facet shows at most 2 x 1 buckets, but reads a row per (method, identifier) pair:
    // 400 rows each. Within the limit of 1,000 rows two are answered; three are refused.
    const nested = (i: number) => ({
      name: `method ${i}`,
      aggregation_type: 'terms',
      attribute: [
        'rcsb_entry_info.experimental_method',
        'exptl.method',
        'rcsb_entry_info.polymer_composition',
      ][i],
      max_num_intervals: 2,
      facets: [{ name: 'ids', aggregation_type: 'terms', attribute: 'rcsb_id', max_num_intervals: 1 }],
    });
    const app = await buildApp({
      engine: fixture.engine,
      costLimits: { ...DEFAULT_COST_LIMITS, maxFacetRows: 1000 },
    });
    const ask = (facets: object[]) =>
      app.inject({
        method: 'POST',
        url: '/rcsbsearch/v2/query',
        payload: { return_type: 'entry', request_options: { return_counts: false, facets } },
      });
    const two = await ask([nested(0), nested(1)]);
    expect(two.statusCode).toBe(200);
    expect(two.json().facets).toHaveLength(2);
    const three = await ask([nested(0), nested(1), nested(2)]);
    expect(three.statusCode).toBe(400);
    expect(three.json()).toMatchObject({
      field: 'request_options.facets',
      message: expect.stringContaining('the facets make the database return more than 1000 rows'),
    });
  });

  it('a histogram whose bins fit is answered', async () => {
    const { status, body } = await post([histogram(50, { min_interval_population: 0 })]);
    expect(status).toBe(200);
    expect(body.facets?.[0].buckets.length).toBeGreaterThan(1);
  });
});

describe('dates past the representable range through the chart data API', () => {
  it.each(['now+8000y', 'now-99999999999y', '2020-01-01||+8000y'])(
    '%s in the scope of a chart download is a 400 naming the value',
    async (value) => {
      const scope = {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_accession_info.initial_release_date', operator: 'less', value },
      };
      const response = await fixture.app.inject({
        method: 'GET',
        url: `/api/charts/experimental-method.csv?query=${encodeURIComponent(JSON.stringify(scope))}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(`the string "${value}" resolves to`);
    },
  );
});
