import fc from 'fast-check';
import {
  MAX_SEGMENTS,
  chartFacetRequest,
  readExplore,
  resolveExplore,
  toDistributionData,
  writeExplore,
  type DistributionQuery,
} from '@pdb-stats/charts';
import type { QueryNode, SearchResponse } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreResolver } from '../src/explore-attributes.ts';
import { search, startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { barsAgainstSearches } from './support/chart-bars.ts';
import { query } from './support/request-arbitraries.ts';

/**
 * The count invariant for explore charts: a sample of attributes of every type (keyword, integer,
 * number, date) and every level, grouped every way their type allows and counted at several levels,
 * each read from its URL parameters as the page and the chart data API read them. Every bar must
 * equal the count of its click-through search, over the whole archive and over generated scopes.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
let fixture: ArchiveFixture;
let resolve: ReturnType<typeof exploreResolver>;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 29);
  resolve = exploreResolver(fixture.app.searchService.source.held);
});
afterAll(() => fixture?.close());

const SAMPLES = [
  // entry: keyword, number, integer and date, counted as entries and as their children
  'attribute=rcsb_entry_info.experimental_method&count=entry&dimension=terms&top=25',
  'attribute=rcsb_entry_info.experimental_method&count=polymer_entity&dimension=terms&top=3',
  'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4',
  'attribute=rcsb_entry_info.resolution_combined&count=assembly&dimension=bins&start=1.5&step=0.25&end=3.5',
  'attribute=rcsb_entry_info.polymer_entity_count&count=entry&dimension=terms&top=10',
  // a second attribute splitting terms and bins: every segment is its own search
  'attribute=rcsb_entry_info.experimental_method&count=entry&dimension=terms&top=5&by=rcsb_entry_info.polymer_entity_count&stack=stacked',
  'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=1&step=0.5&end=4&by=rcsb_entry_info.experimental_method&stack=grouped',
  'attribute=rcsb_entry_info.experimental_method&count=polymer_entity&dimension=terms&top=4&by=entity_poly.rcsb_entity_polymer_type&stack=stacked',
  'attribute=rcsb_entry_info.deposited_atom_count&count=polymer_instance&dimension=bins&start=0&step=5000&end=50000',
  'attribute=rcsb_accession_info.deposit_date&count=entry&dimension=years',
  'attribute=rcsb_accession_info.initial_release_date&count=entry&dimension=years&by=rcsb_entry_info.experimental_method',
  // polymer entity
  'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=entry&dimension=terms&top=10',
  'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=polymer_instance&dimension=terms&top=5',
  'attribute=rcsb_polymer_entity.formula_weight&count=polymer_entity&dimension=bins&start=0&step=20&end=200',
  'attribute=rcsb_polymer_entity.formula_weight&count=entry&dimension=bins&start=0&step=50&end=200&by=rcsb_entity_source_organism.ncbi_scientific_name&stack=stacked',
  'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=entry&dimension=terms&top=6&by=rcsb_entry_info.experimental_method&stack=grouped',
  'attribute=entity_poly.rcsb_sample_sequence_length&count=entry&dimension=terms&top=5',
  'attribute=rcsb_accession_info.initial_release_date&count=polymer_entity&dimension=years&by=entity_poly.rcsb_entity_polymer_type',
  // polymer instance
  'attribute=rcsb_polymer_instance_annotation.type&count=polymer_instance&dimension=terms',
  'attribute=rcsb_polymer_instance_annotation.type&count=entry&dimension=terms',
  // non-polymer entity
  'attribute=pdbx_entity_nonpoly.comp_id&count=non_polymer_entity&dimension=terms&top=20',
  'attribute=rcsb_nonpolymer_entity.formula_weight&count=entry&dimension=bins&start=0&step=100&end=1000',
  // assembly
  'attribute=rcsb_struct_symmetry.symbol&count=assembly&dimension=terms',
  'attribute=rcsb_struct_symmetry.symbol&count=assembly&dimension=terms&top=5&by=rcsb_assembly_info.polymer_entity_instance_count&stack=stacked',
  'attribute=pdbx_struct_assembly.oligomeric_count&count=entry&dimension=terms&top=8',
  'attribute=rcsb_assembly_info.polymer_entity_instance_count&count=assembly&dimension=bins&start=1&step=1&end=12',
  // chemical component
  'attribute=chem_comp.type&count=mol_definition&dimension=terms',
  'attribute=chem_comp.formula_weight&count=mol_definition&dimension=bins&start=0&step=50&end=800',
  'attribute=rcsb_chem_comp_info.initial_release_date&count=mol_definition&dimension=years&by=chem_comp.type',
] as const;

function chartOf(text: string) {
  const reading = readExplore(new URLSearchParams(text), resolve);
  expect(reading.problems).toEqual([]);
  return resolveExplore(reading.spec!);
}

describe('explore charts: every bar equals the count of its search', () => {
  it.each(SAMPLES)('%s', async (text) => {
    const chart = chartOf(text);
    const { bars, nonZero, mismatches } = await barsAgainstSearches(fixture.app, chart, NOW);
    expect(bars).toBeGreaterThan(0);
    expect(nonZero, 'the archive fills some bars of this chart').toBeGreaterThan(0);
    expect(mismatches, `${text}: bars that disagree with their search`).toEqual([]);
  });

  it('the samples cover every level and type of attribute, and every dimension', () => {
    const specs = SAMPLES.map((text) => readExplore(new URLSearchParams(text), resolve).spec!);
    expect(new Set(specs.map((s) => s.attribute.level))).toEqual(
      new Set([
        'entry',
        'polymer_entity',
        'polymer_instance',
        'non_polymer_entity',
        'assembly',
        'mol_definition',
      ]),
    );
    expect(new Set(specs.map((s) => s.attribute.type))).toEqual(
      new Set(['string', 'integer', 'number', 'date']),
    );
    expect(new Set(specs.map((s) => s.dimension))).toEqual(new Set(['terms', 'bins', 'years']));
  });

  it('the samples split by a second attribute on terms and bins have filled segments to check', async () => {
    const split = SAMPLES.filter((text) => text.includes('&by=') && !text.includes('dimension=years'));
    expect(split.length).toBeGreaterThanOrEqual(4);
    for (const text of split) {
      const chart = chartOf(text);
      expect(chart.kind).toBe('distribution');
      const response = (await search(
        fixture.app,
        chartFacetRequest(chart.query, { now: NOW }),
      )) as SearchResponse;
      const { segments = [] } = toDistributionData(response, chart.query as DistributionQuery, { now: NOW });
      expect(segments.length, text).toBeGreaterThan(1);
      expect(segments.length, text).toBeLessThanOrEqual(MAX_SEGMENTS);
      expect(
        segments.some((s) => s.values.some((v) => v > 0)),
        text,
      ).toBe(true);
    }
  });

  it('each sample is written back to the same parameters', () => {
    for (const text of SAMPLES) {
      const spec = readExplore(new URLSearchParams(text), resolve).spec!;
      const expected = new URLSearchParams(text);
      if (spec.dimension === 'terms' && !expected.has('top')) expected.set('top', '25');
      expected.sort();
      const written = writeExplore(spec);
      written.sort();
      expect(written.toString()).toBe(expected.toString());
    }
  });
});

describe('explore charts over a generated scope: every bar equals the count of scope AND bar', () => {
  it.each(SAMPLES.map((text, i) => [text, i] as const))('%s', async (text, i) => {
    const chart = chartOf(text);
    await fc.assert(
      fc.asyncProperty(query, async (scope) => {
        const result = await barsAgainstSearches(fixture.app, chart, NOW, scope as QueryNode);
        expect(result.mismatches, `${text} over ${JSON.stringify(scope)}`).toEqual([]);
      }),
      { numRuns: 1, seed: 7100 + i, endOnFailure: true },
    );
  });
});
