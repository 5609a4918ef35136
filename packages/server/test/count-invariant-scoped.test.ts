import fc from 'fast-check';
import type { QueryNode } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import {
  ALL_CHARTS,
  barsAgainstSearches,
  chartName,
  comparedBarsAgainstSearches,
} from './support/chart-bars.ts';
import { query } from './support/request-arbitraries.ts';

/**
 * The count invariant (count-invariant.test.ts) over generated scopes and compared cohorts: random
 * query trees (terminals of several types and operators, and/or groups, negation), where a bar's
 * search is scope AND bar, over the same archive.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
});
afterAll(() => fixture?.close());

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

/** Two generated cohorts per chart, compared: one comparison a chart keeps the suite's time reasonable. */
let comparedNonZero = 0;

/** Trend charts (medians and shares, not counts) are not compared. */
const COMPARED = ALL_CHARTS.filter((chart) => chart.kind !== 'trend');

describe('two generated cohorts compared: every bar equals the count of that cohort AND that bar', () => {
  it.each(COMPARED.map((chart, i) => [chartName(chart), chart, i] as const))('%s', async (name, chart, i) => {
    await fc.assert(
      fc.asyncProperty(query, query, async (first, second) => {
        const cohorts = [first, second] as QueryNode[];
        const result = await comparedBarsAgainstSearches(fixture.app, chart, NOW, cohorts);
        comparedNonZero += result.nonZero;
        expect(result.mismatches, `${name} over ${JSON.stringify(cohorts)}`).toEqual([]);
      }),
      { numRuns: 1, seed: 4900 + i, endOnFailure: true },
    );
  });

  it('the generated cohorts found something: the invariant was not checked on empty charts only', () => {
    expect(comparedNonZero).toBeGreaterThan(COMPARED.length);
  });
});
