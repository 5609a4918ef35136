import { CHARTS, chartFacetRequest, resolveChart, toDistributionData } from '@pdb-stats/charts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchPipeline } from '../src/pipeline/index.ts';
import { DuckDbCompiler } from '../src/planner/compiler/duckdb-compiler.ts';
import { and, facets, ids, not, or, plan, text } from '../src/planner/testing/requests.ts';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';

/**
 * The shared table of the items of selected nested records (the lineage items of SCOP annotations)
 * stands in for unnesting every record: every answer read from it equals the answer of the same
 * request with every record unnested, as before, over a generated archive. Requests cover the SCOP
 * chart and its levels, and filters and queries that mix the record's fields and its items' in
 * every way the planner reads them: negated conditions on items (some item fails one, or none
 * meets it), a record condition in an OR (not taken apart), groups on items.
 */

let fixture: ArchiveFixture;
let pipeline: SearchPipeline;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
  pipeline = new SearchPipeline(fixture.engine);
});
afterAll(() => fixture?.close());

const TYPE = 'rcsb_polymer_instance_annotation.type';
const ID = 'rcsb_polymer_instance_annotation.annotation_lineage.id';
const NAME = 'rcsb_polymer_instance_annotation.annotation_lineage.name';
const DEPTH = 'rcsb_polymer_instance_annotation.annotation_lineage.depth';

/** Terms of lineage names (and ids inside) under per-record filters. */
const lineageFacet = (...filters: object[]) =>
  filters.reduceRight<object>((inner, filter) => ({ filter, facets: [inner] }), {
    name: 'lineage',
    aggregation_type: 'terms',
    attribute: NAME,
    min_interval_population: 1,
    facets: [{ name: 'ids', aggregation_type: 'terms', attribute: ID, min_interval_population: 1 }],
  });

/** The answer, without the query id each search draws. */
async function answer(request: ReturnType<typeof plan>) {
  const response = await pipeline.search(request);
  return response && { ...response, query_id: '' };
}

/**
 * The answer read from items tables where the planner reads one (`used`: how many times), and the
 * answer with every record unnested.
 */
async function answers(request: ReturnType<typeof plan>) {
  const compiler = DuckDbCompiler.prototype as unknown as { recordItems(): string | undefined };
  const reading = vi.spyOn(compiler, 'recordItems');
  const shared = await answer(request);
  const used = reading.mock.results.filter((r) => r.value !== undefined).length;
  reading.mockReturnValue(undefined);
  try {
    return { shared, unnested: await answer(request), used };
  } finally {
    reading.mockRestore();
  }
}

describe('answers read from the items of selected records', () => {
  it('the SCOP chart and its levels below classes of every depth', async () => {
    const SCOP = CHARTS['scop-classification'];
    // Each level opened from the first bar of the one above that has one, down to a family.
    let parent: string | undefined;
    for (let depth = 1; depth <= 4; depth++) {
      const chart = resolveChart(SCOP, undefined, parent);
      const { shared, unnested, used } = await answers(plan(chartFacetRequest(chart.query)));
      expect(shared, `level below ${parent}`).toEqual(unnested);
      expect(used).toBeGreaterThan(0);
      if (depth === 4) break;
      const { bars } = toDistributionData(shared, chart.query);
      expect(bars.length, `level below ${parent}`).toBeGreaterThan(0);
      parent = bars.map((bar) => SCOP.hierarchy!.childOf(bar.label, parent)).find((c) => c !== undefined);
      expect(parent, `a class at depth ${depth}`).toBeDefined();
    }
  });

  const someId = async () => {
    const { shared } = await answers(facets([lineageFacet(text(TYPE, 'exact_match', 'SCOP'))]));
    return /"label":"(\d+)"/.exec(JSON.stringify(shared!.facets))![1]!;
  };

  const SCOP = text(TYPE, 'exact_match', 'SCOP');
  const HAS_ID = text(ID, 'exact_match', '$id');

  // [case, filters, whether the items of selected records are read]
  it.each([
    ['a record condition and one on the items', () => [and(text(TYPE, 'exact_match', 'scop'), HAS_ID)], true],
    [
      'a negated condition on items: some item fails it',
      () => [and(SCOP, not(ID, 'exact_match', '$id'))],
      true,
    ],
    [
      'a depth on the item counted, under a record filter',
      () => [and(SCOP, HAS_ID), text(DEPTH, 'equals', 2)],
      true,
    ],
    ['a negated depth on the item counted', () => [SCOP, not(DEPTH, 'equals', 1)], true],
    ['a negated record condition', () => [not(TYPE, 'exact_match', 'CATH')], true],
    ['records of two kinds', () => [or(SCOP, text(TYPE, 'exact_match', 'ECOD'))], true],
    ['a record condition in an or with one on items', () => [or(SCOP, HAS_ID)], false],
    [
      'a record condition and a group on items',
      () => [and(SCOP, or(text(DEPTH, 'equals', 1), HAS_ID))],
      true,
    ],
    ['conditions on items alone', () => [text(DEPTH, 'greater', 1)], false],
  ])('facet filters: %s', async (_, filters, reads) => {
    const id = await someId();
    const withId = JSON.parse(JSON.stringify(filters()).replaceAll('$id', id)) as object[];
    for (const returnType of ['entry', 'polymer_entity', 'polymer_instance']) {
      const { shared, unnested, used } = await answers(facets([lineageFacet(...withId)], returnType));
      expect(shared, returnType).toEqual(unnested);
      expect(shared?.facets?.length, returnType).toBeGreaterThan(0);
      expect(used > 0, returnType).toBe(reads);
    }
  });

  // [case, query, whether the items of selected records are read where the query maps up a level]
  it.each([
    ['a record condition and one on its items', () => and(SCOP, HAS_ID), true],
    ['the item and its depth together', () => and(SCOP, HAS_ID, text(DEPTH, 'equals', 1)), true],
    [
      'a negated condition on items: some item fails it',
      () => and(SCOP, not(ID, 'exact_match', '$id')),
      true,
    ],
    [
      'a group on items that may hold with no item',
      () => and(SCOP, or(not(ID, 'exact_match', '$id'), text(DEPTH, 'equals', 3))),
      false,
    ],
    ['a negated condition on items alone: no item meets it', () => not(ID, 'exact_match', '$id'), false],
    ['a record condition alone', () => SCOP, false],
  ])('queries: %s', async (_, query, reads) => {
    const id = await someId();
    const withId = JSON.parse(JSON.stringify(query()).replaceAll('$id', id)) as object;
    for (const returnType of ['entry', 'polymer_entity', 'polymer_instance']) {
      const { shared, unnested, used } = await answers(ids(withId, returnType));
      expect(shared, returnType).toEqual(unnested);
      expect(shared?.result_set?.length, returnType).toBeGreaterThan(0);
      // A query on instances tests their rows: no level to map up to.
      expect(used > 0, returnType).toBe(reads && returnType !== 'polymer_instance');
    }
  });
});
