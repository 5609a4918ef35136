import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS, chartFacetRequest, resolveChart, toTrendData } from '@pdb-stats/charts';
import { DEFAULT_COST_LIMITS, type SearchResponse } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { tinySnapshot } from '../../src/engine/testing/tiny-snapshot.ts';

/**
 * A trend chart over values with a long tail: its answer stays within the bucket limit however many
 * rare large values the archive holds (at 10 million entries the molecular weight's 1 kDa steps
 * made more buckets than an answer may hold), and its quartiles still count the values past the
 * fine histogram's bound.
 */

const YEARS = ['2010', '2011', '2012'];
const PER_YEAR = 1500;
/** Each year: one entry at each whole kDa from 10 to 1,509, so a third of them above the bound. */
const weights = Array.from({ length: PER_YEAR }, (_, i) => 10 + i);

let snapshot: Awaited<ReturnType<typeof tinySnapshot>>;
let app: FastifyInstance;
beforeAll(async () => {
  snapshot = await tinySnapshot({
    entry: YEARS.flatMap((year, y) =>
      weights.map((weight, i) => ({
        rcsb_id: `${y + 1}${i.toString(36).toUpperCase().padStart(3, '0')}`,
        'rcsb_accession_info.initial_release_date': `${year}-06-01`,
        'rcsb_entry_info.molecular_weight': weight + 0.5,
      })),
    ),
  });
  const engine = await openDuckDbEngine(snapshot.dir);
  // 1,500 steps of 1 kDa in each of 3 years would be 4,500 buckets; below the bound, 2,970.
  app = await buildApp({ engine, costLimits: { ...DEFAULT_COST_LIMITS, maxBuckets: 4000 } });
});
afterAll(async () => {
  await app?.close();
  await snapshot?.remove();
});

describe('molecular weight by year over a long tail', () => {
  it('answers within the bucket limit, the quartiles counting the values past the bound', async () => {
    const chart = resolveChart(CHARTS['molecular-weight-by-year']);
    const response = await app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: chartFacetRequest(chart.query),
    });
    expect(response.statusCode).toBe(200);
    const data = toTrendData(response.json() as SearchResponse, chart.query);
    // Uniform over 10–1,510 kDa: quartiles near 385 and 760 kDa; the third (1,135) lies past the bound.
    expect(data.quartiles).toEqual(
      YEARS.map((year) => ({ year, count: PER_YEAR, q1: 385, median: 760, q3: 1000 })),
    );
    const shares = data.shares.series.map((s) => s.annual[0]);
    expect(shares.reduce((sum, n) => sum! + n!, 0)).toBe(PER_YEAR);
  });
});
