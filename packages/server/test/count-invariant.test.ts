import fc from 'fast-check';
import type { QueryNode } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { ALL_CHARTS, barsAgainstSearches, chartName } from './support/chart-bars.ts';
import { query } from './support/request-arbitraries.ts';

/**
 * The product's promise: the number on a bar is exactly what the search behind it finds. Walks every
 * chart, variant, data view, bar and series of a generated archive, over the whole archive and over
 * generated scopes (random query trees: terminals of several types and operators, and/or groups,
 * negation), where a bar's search is scope AND bar.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
});
afterAll(() => fixture?.close());

describe('every bar equals the count of its search', () => {
  it.each(ALL_CHARTS.map((chart) => [chartName(chart), chart] as const))('%s', async (name, chart) => {
    const { bars, mismatches } = await barsAgainstSearches(fixture.app, chart, NOW);
    expect(bars).toBeGreaterThan(0);
    expect(mismatches, `${name}: bars that disagree with their search`).toEqual([]);
  });
});

/** Generated scopes per chart: each chart gets its own seed, so the charts together see many trees. */
const SCOPES_PER_CHART = 2;
let scopedNonZero = 0;

describe('over a generated scope, every bar equals the count of scope AND bar', () => {
  it.each(ALL_CHARTS.map((chart, i) => [chartName(chart), chart, i] as const))(
    '%s',
    async (name, chart, i) => {
      await fc.assert(
        fc.asyncProperty(query, async (scope) => {
          const result = await barsAgainstSearches(fixture.app, chart, NOW, scope as QueryNode);
          scopedNonZero += result.nonZero;
          expect(result.mismatches, `${name} over ${JSON.stringify(scope)}`).toEqual([]);
        }),
        { numRuns: SCOPES_PER_CHART, seed: 1900 + i, endOnFailure: true },
      );
    },
  );

  it('the generated scopes found something: the invariant was not checked on empty charts only', () => {
    expect(scopedNonZero).toBeGreaterThan(ALL_CHARTS.length);
  });
});
