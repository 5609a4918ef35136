import fc from 'fast-check';
import {
  MAX_SEGMENTS,
  andGroup,
  chartFacetRequest,
  clickRequest,
  finalizeRequest,
  otherRequestOf,
  readExplore,
  resolveExplore,
  toDistributionData,
  withOtherBars,
  withScope,
  writeExplore,
  type DistributionQuery,
} from '@pdb-stats/charts';
import type { QueryNode, SearchResponse } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreResolver } from '../src/explore-attributes.ts';
import { count, search, startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { barsAgainstSearches, comparedBarsAgainstSearches } from './support/chart-bars.ts';
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
  // bins below 0 (labels "< -1", "-1 to -0.5", read back into signed searches), up across 0
  'attribute=rcsb_entry_info.resolution_combined&count=entry&dimension=bins&start=-1&step=0.5&end=3',
  'attribute=cell.length_a&count=entry&dimension=bins&start=-50.5&step=25&end=149.5',
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

/**
 * The "Other" bar of a top-N terms chart: the objects with a value but none of the N drawn. Its
 * count (a second search of the pipeline) must equal its click-through search, and together with the
 * objects holding one of the N values it must make up every object with a value: a check of what the
 * bar means that does not go through its own search.
 */
describe('explore charts: the "Other" bar of a top-N terms chart', () => {
  const OTHER_SAMPLES = [
    // one value per object: Other is the objects with a value less the bars
    'attribute=rcsb_entry_info.polymer_entity_count&count=entry&dimension=terms&top=2',
    // several records per object (an entity's source organisms, an assembly's symmetries)
    'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=polymer_entity&dimension=terms&top=3',
    'attribute=rcsb_struct_symmetry.symbol&count=assembly&dimension=terms&top=2',
    'attribute=pdbx_entity_nonpoly.comp_id&count=non_polymer_entity&dimension=terms&top=4',
    // counted below the attribute's level: each instance has one entity, each entity one entry
    'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=polymer_instance&dimension=terms&top=3',
    'attribute=exptl.method&count=polymer_entity&dimension=terms&top=1',
    'attribute=chem_comp.type&count=mol_definition&dimension=terms&top=2',
  ] as const;
  const SCOPE: QueryNode = {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 2.5 },
  };
  const node = (attribute: string, operator: string, value?: unknown): QueryNode =>
    ({
      type: 'terminal',
      service: 'text',
      parameters: { attribute, operator, ...(value !== undefined && { value }) },
    }) as QueryNode;

  /** The chart's bars as the pipeline completes them, over a scope. */
  async function barsOf(text: string, scope?: QueryNode) {
    const chart = chartOf(text);
    const answered = (await search(fixture.app, chartFacetRequest(chart.query, { scope }))) as SearchResponse;
    const [response] = await withOtherBars(
      [answered],
      [otherRequestOf(chart.definition, chart.query, answered, scope)],
      (request) => search(fixture.app, request) as Promise<SearchResponse | null>,
    );
    return { chart, bars: toDistributionData(response ?? null, chart.query as DistributionQuery).bars };
  }

  it.each(OTHER_SAMPLES.flatMap((text) => [[text, 'whole archive'] as const, [text, 'scope'] as const]))(
    '%s over the %s: drawn last, equal to its search and to the objects with a value less those with a value drawn',
    async (text, over) => {
      const scope = over === 'scope' ? SCOPE : undefined;
      const { chart, bars } = await barsOf(text, scope);
      const other = bars.at(-1)!;
      const shown = bars.slice(0, -1);
      expect(other.other).toBe(true);
      expect(other.label).toBe(`Other (none of the ${shown.length} shown)`);
      expect(shown.length).toBe(Number(new URLSearchParams(text).get('top')));

      const { attribute } = chart.query.first as { attribute: string; numeric?: true };
      const numeric = (chart.query.first as { numeric?: true }).numeric;
      const values = shown.map((bar) => (numeric ? Number(bar.label) : bar.label));
      const within = (nodes: QueryNode[]) =>
        finalizeRequest({
          query: withScope(scope, andGroup(nodes))!,
          return_type: chart.query.returnType,
          request_options: { return_counts: true },
        });
      const withValue = await count(fixture.app, within([node(attribute, 'exists')]));
      const withShown = await count(fixture.app, within([node(attribute, 'in', values)]));
      expect(other.value, 'objects with a value, none of those drawn').toBe(withValue - withShown);
      expect(other.value, 'the archive leaves some objects to Other').toBeGreaterThan(0);

      const click = { x: other.label, view: 'cumulative' as const, shown: shown.map((bar) => bar.label) };
      const found = await count(fixture.app, clickRequest(chart.definition, click, chart.query, scope));
      expect(found, 'the bar equals its click-through search').toBe(other.value);
    },
  );

  it('is not drawn where a negated condition would not mean "none of these" (counted above its level)', async () => {
    const entries =
      'attribute=rcsb_entity_source_organism.ncbi_scientific_name&count=entry&dimension=terms&top=3';
    expect((await barsOf(entries)).bars.some((bar) => bar.other)).toBe(false);
    expect(readExplore(new URLSearchParams(`${entries}&other=on`), resolve).problems).toEqual([
      {
        param: 'other',
        message: expect.stringContaining('count polymer_entity for an Other bar') as string,
      },
    ]);
    expect(writeExplore(chartOf(entries).explore!).has('other')).toBe(false);
  });

  it('is left out when switched off, and when every value is drawn', async () => {
    const off = await barsOf(`${OTHER_SAMPLES[0]}&other=off`);
    expect(off.bars.some((bar) => bar.other)).toBe(false);
    expect(off.bars).toHaveLength(2);
    const all = await barsOf(
      'attribute=rcsb_entry_info.experimental_method&count=entry&dimension=terms&top=25',
    );
    expect(all.bars.length).toBeLessThan(25);
    expect(all.bars.some((bar) => bar.other)).toBe(false);
  });

  it('a scope that finds nothing (204) draws no bar, no Other, and sends no second search', async () => {
    const nothing = node('rcsb_entry_info.resolution_combined', 'less', -1);
    const chart = chartOf(OTHER_SAMPLES[1]);
    const answered = (await search(fixture.app, chartFacetRequest(chart.query, { scope: nothing }))) as null;
    expect(answered).toBeNull();
    expect(otherRequestOf(chart.definition, chart.query, answered, nothing)).toBeUndefined();
    expect((await barsOf(OTHER_SAMPLES[1], nothing)).bars).toEqual([]);
  });

  it.each(OTHER_SAMPLES.slice(1, 5).map((text, i) => [text, i] as const))(
    '%s compared across two cohorts: one Other per cohort, each equal to that cohort AND its search',
    async (text, i) => {
      const chart = chartOf(text);
      const cohorts: QueryNode[] = [
        SCOPE,
        node(
          'rcsb_entry_info.experimental_method',
          'exact_match',
          i % 2 ? 'SOLUTION NMR' : 'ELECTRON MICROSCOPY',
        ),
      ];
      const result = await comparedBarsAgainstSearches(fixture.app, chart, NOW, cohorts);
      expect(result.mismatches).toEqual([]);
      expect(result.others, 'each cohort has its Other bar').toBe(2);
    },
  );
});
