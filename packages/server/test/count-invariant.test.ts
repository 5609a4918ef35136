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

/**
 * A chart that counts polymer entities' UniProt accessions asks over entries, where a negated
 * condition on an entity excludes the whole entry; its bars' searches return polymer entities, where
 * it excludes that entity only. Over a scope the chart must ask at its bars' level.
 */
describe('a scope with a negated entity condition on a chart asked over entries', () => {
  const scope: QueryNode = {
    type: 'group',
    logical_operator: 'and',
    nodes: [
      {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_polymer_entity.formula_weight', operator: 'greater', value: 20 },
      },
      {
        type: 'terminal',
        service: 'text',
        parameters: {
          attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
          operator: 'exact_match',
          value: 'Homo sapiens',
          negation: true,
        },
      },
    ],
  };
  it('unique-uniprot-entries: every bar equals the count of scope AND bar', async () => {
    const chart = ALL_CHARTS.find((c) => c.definition.key === 'unique-uniprot-entries')!;
    const { bars, nonZero, mismatches } = await barsAgainstSearches(fixture.app, chart, NOW, scope);
    expect(bars).toBeGreaterThan(0);
    expect(nonZero).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
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
