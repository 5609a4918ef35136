import type { QueryNode } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { ALL_CHARTS, barsAgainstSearches, chartName } from './support/chart-bars.ts';

/**
 * The product's promise: the number on a bar is exactly what the search behind it finds. Walks every
 * chart, variant, data view, bar and series of a generated archive over the whole archive; the same
 * walk over generated scopes is count-invariant-scoped.test.ts (two files, so that two workers share
 * the suite's longest walk).
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
