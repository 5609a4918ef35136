import { describe, expect, it } from 'vitest';
import type { Criterion } from '@pdb-stats/search-model';
import { facets, text } from '../testing/requests.ts';
import type { BucketNode, FacetNode } from '../nodes.ts';
import { planFacets, splitFilter } from './facet-nodes.ts';

const and = (...nodes: object[]) => ({ type: 'group', logical_operator: 'and', nodes });
const terms = (name: string, attribute: string, extra: object = {}) => ({
  name,
  aggregation_type: 'terms',
  attribute,
  ...extra,
});
const nodes = (list: object[], returnType = 'entry'): FacetNode[] =>
  planFacets(facets(list, returnType).facets, returnType as 'entry');
const filterOf = (filter: object): Criterion =>
  (facets([{ filter, facets: [terms('x', 'exptl.method')] }]).facets[0] as { filter: Criterion }).filter;

const GLOBAL = text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry');
const RELEASED = text('rcsb_accession_info.initial_release_date', 'greater', '2000-01-01');

describe(`${splitFilter.name}`, () => {
  it('a filter on the facet’s nested record applies per record', () => {
    expect(splitFilter(filterOf(GLOBAL), 'rcsb_struct_symmetry')).toEqual({ record: filterOf(GLOBAL) });
  });

  it('a filter on anything else selects documents', () => {
    expect(splitFilter(filterOf(GLOBAL), undefined)).toEqual({ document: filterOf(GLOBAL) });
    expect(splitFilter(filterOf(RELEASED), 'rcsb_struct_symmetry')).toEqual({ document: filterOf(RELEASED) });
  });

  it('an and-group is taken apart', () => {
    const split = splitFilter(filterOf(and(GLOBAL, RELEASED)), 'rcsb_struct_symmetry');
    expect(split.record).toMatchObject({
      kind: 'condition',
      attribute: { path: 'rcsb_struct_symmetry.kind' },
    });
    expect(split.document).toMatchObject({
      kind: 'condition',
      attribute: { path: 'rcsb_accession_info.initial_release_date' },
    });
  });
});

describe(`${planFacets.name}`, () => {
  it('folds filter facets into their inner facets, to any depth', () => {
    const planned = nodes([
      {
        filter: GLOBAL,
        facets: [
          { filter: RELEASED, facets: [terms('S', 'rcsb_struct_symmetry.type'), terms('M', 'exptl.method')] },
        ],
      },
    ]);
    expect(planned.map((n) => (n as BucketNode).facet.name)).toEqual(['S', 'M']);
    const [symmetry, methods] = planned as BucketNode[];
    expect(symmetry!.bucket.source.recordFilters).toMatchObject([
      { attribute: { path: 'rcsb_struct_symmetry.kind' } },
    ]);
    expect(symmetry!.filters).toHaveLength(1);
    expect(methods!.bucket.source.recordFilters).toBeUndefined();
    expect(methods!.filters).toHaveLength(2);
  });

  it('gives sub-facets their ancestors, outermost first', () => {
    const [year] = nodes([
      {
        name: 'Y',
        aggregation_type: 'date_histogram',
        attribute: 'rcsb_accession_info.initial_release_date',
        interval: 'year',
        facets: [
          terms('M', 'exptl.method', {
            facets: [{ name: 'C', aggregation_type: 'cardinality', attribute: 'audit_author.name' }],
          }),
        ],
      },
    ]) as BucketNode[];
    expect(year!.bucket.bucketing).toEqual({ kind: 'year' });
    const method = year!.children[0] as BucketNode;
    expect(method.ancestors.map((a) => a.bucketing.kind)).toEqual(['year']);
    const count = method.children[0]!;
    expect(count).toMatchObject({ kind: 'cardinality', name: 'C' });
    expect(count.ancestors.map((a) => a.bucketing.kind)).toEqual(['year', 'terms']);
  });

  it('tells overlapping ranges from disjoint ones', () => {
    const range = (ranges: object[]) =>
      (
        nodes([
          { name: 'R', aggregation_type: 'range', attribute: 'rcsb_entry_info.molecular_weight', ranges },
        ])[0] as BucketNode
      ).bucket.bucketing;
    expect(range([{ to: 1 }, { from: 1 }])).toMatchObject({ kind: 'ranges', overlapping: false });
    expect(range([{ to: 2 }, { from: 1 }])).toMatchObject({ kind: 'ranges', overlapping: true });
  });
});
