import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetResult } from '@pdb-stats/search-model';
import { openFixtureEngine, type FixtureEngine } from './testing/fixture-engine.ts';
import { and, facets, plan, text } from '../planner/testing/requests.ts';

/** Facets over the fixture archive; every population is counted by hand from fixture-archive.ts. */
let fixture: FixtureEngine;
beforeAll(async () => {
  fixture = await openFixtureEngine();
});
afterAll(() => fixture?.close());

async function facet(list: object[], returnType = 'entry', query?: object): Promise<FacetResult[]> {
  const response = await fixture.search(facets(list, returnType, query));
  expect(response?.result_set).toBeUndefined();
  return response!.facets!;
}
const terms = (name: string, attribute: string, extra: object = {}) => ({
  name,
  aggregation_type: 'terms',
  attribute,
  ...extra,
});
const b = (label: string, population: number, facets?: FacetResult[]) => ({
  label,
  population,
  ...(facets && { facets }),
});
const RELEASED = 'rcsb_accession_info.initial_release_date';
const byYear = (extra: object = {}) => ({
  name: 'Year',
  aggregation_type: 'date_histogram',
  attribute: RELEASED,
  interval: 'year',
  ...extra,
});

describe('terms', () => {
  it('population desc, then label asc', async () => {
    expect(await facet([terms('M', 'rcsb_entry_info.experimental_method')])).toEqual([
      { name: 'M', buckets: [b('X-ray', 2), b('EM', 1), b('NMR', 1)] },
    ]);
  });

  it('on a list: one object in several buckets', async () => {
    expect(await facet([terms('E', 'exptl.method')])).toEqual([
      {
        name: 'E',
        buckets: [
          b('X-RAY DIFFRACTION', 2),
          b('ELECTRON MICROSCOPY', 1),
          b('NEUTRON DIFFRACTION', 1),
          b('SOLUTION NMR', 1),
        ],
      },
    ]);
  });

  it('on an entity attribute with return type entry: distinct entries per bucket', async () => {
    expect(await facet([terms('O', 'rcsb_entity_source_organism.ncbi_scientific_name')])).toEqual([
      { name: 'O', buckets: [b('Escherichia coli', 2), b('Homo sapiens', 2), b('Mus musculus', 1)] },
    ]);
    // 1ABC has two protein entities: it counts once.
    expect(await facet([terms('T', 'entity_poly.rcsb_entity_polymer_type')])).toEqual([
      { name: 'T', buckets: [b('Protein', 2), b('DNA', 1), b('RNA', 1)] },
    ]);
    expect(await facet([terms('T', 'entity_poly.rcsb_entity_polymer_type')], 'polymer_entity')).toEqual([
      { name: 'T', buckets: [b('Protein', 3), b('DNA', 1), b('RNA', 1)] },
    ]);
  });

  it('labels: integers plain, numbers as doubles, dates as YYYY-MM-DD; equal populations by value', async () => {
    expect(await facet([terms('D', 'rcsb_polymer_entity.rcsb_ec_lineage.depth')], 'polymer_entity')).toEqual([
      { name: 'D', buckets: [b('1', 3), b('2', 2)] },
    ]);
    expect(await facet([terms('W', 'rcsb_entry_info.molecular_weight')])).toEqual([
      { name: 'W', buckets: [b('12.25', 1), b('50.0', 1), b('95.0', 1), b('250.5', 1)] },
    ]);
    expect(await facet([terms('R', RELEASED)])).toEqual([
      {
        name: 'R',
        buckets: [b('2010-05-01', 1), b('2012-03-15', 1), b('2012-11-30', 1), b('2015-01-01', 1)],
      },
    ]);
  });

  it('equal populations of text by code point, as the database orders text before the cut', async () => {
    // UTF-16 puts a character past U+FFFF (a surrogate pair) before U+E000-U+FFFF; code points and
    // UTF-8 bytes after. Cut to each length, the facet keeps the first names of that order.
    const names = ['\u{1F600} smile', '\uFFFD replaced', '\uE000 private', 'z', 'a'];
    const own = await openFixtureEngine({
      entry: names.map((name, i) => ({
        rcsb_id: `${i + 1}XYZ`,
        'rcsb_entry_info.structure_determination_methodology': 'experimental',
        'audit_author.name': [name],
      })),
    });
    try {
      const ordered = ['a', 'z', '\uE000 private', '\uFFFD replaced', '\u{1F600} smile'];
      for (let most = 1; most <= names.length; most++) {
        const response = await own.search(
          facets([terms('T', 'audit_author.name', { max_num_intervals: most })]),
        );
        const labels = ordered.slice(0, most);
        expect(response!.facets).toEqual([{ name: 'T', buckets: labels.map((label) => b(label, 1)) }]);
      }
    } finally {
      await own.close();
    }
  });

  it('min_interval_population and max_num_intervals', async () => {
    expect(
      await facet([terms('M', 'rcsb_entry_info.experimental_method', { min_interval_population: 2 })]),
    ).toEqual([{ name: 'M', buckets: [b('X-ray', 2)] }]);
    expect(await facet([terms('E', 'exptl.method', { max_num_intervals: 2 })])).toEqual([
      { name: 'E', buckets: [b('X-RAY DIFFRACTION', 2), b('ELECTRON MICROSCOPY', 1)] },
    ]);
  });

  it('min_interval_population 0 adds the other values of the archive with 0', async () => {
    const xray = text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray');
    const facetList = [terms('M', 'rcsb_entry_info.experimental_method', { min_interval_population: 0 })];
    expect(await facet(facetList, 'entry', xray)).toEqual([
      { name: 'M', buckets: [b('X-ray', 2), b('EM', 0), b('NMR', 0)] },
    ]);
  });
});

describe('histogram and date_histogram', () => {
  const histogram = (attribute: string, interval: number, extra: object = {}) => ({
    name: 'H',
    aggregation_type: 'histogram',
    attribute,
    interval,
    ...extra,
  });

  it('histogram: lower bounds as doubles, ascending, empty bins left out', async () => {
    expect(await facet([histogram('rcsb_entry_info.molecular_weight', 50)])).toEqual([
      { name: 'H', buckets: [b('0.0', 1), b('50.0', 2), b('250.0', 1)] },
    ]);
    expect(await facet([histogram('rcsb_entry_info.resolution_combined', 0.5)])).toEqual([
      { name: 'H', buckets: [b('1.0', 1), b('1.5', 1), b('2.0', 1), b('3.0', 1)] },
    ]);
    expect(await facet([histogram('rcsb_entry_info.resolution_combined', 1)])).toEqual([
      { name: 'H', buckets: [b('1.0', 2), b('2.0', 1), b('3.0', 1)] },
    ]);
  });

  it('histogram with min_interval_population 0 fills between the first and the last bin', async () => {
    expect(
      await facet([histogram('rcsb_entry_info.molecular_weight', 50, { min_interval_population: 0 })]),
    ).toEqual([
      {
        name: 'H',
        buckets: [b('0.0', 1), b('50.0', 2), b('100.0', 0), b('150.0', 0), b('200.0', 0), b('250.0', 1)],
      },
    ]);
  });

  it('date_histogram by year, filled with min_interval_population 0', async () => {
    expect(await facet([byYear()])).toEqual([
      { name: 'Year', buckets: [b('2010', 1), b('2012', 2), b('2015', 1)] },
    ]);
    expect(await facet([byYear({ min_interval_population: 0 })])).toEqual([
      {
        name: 'Year',
        buckets: [b('2010', 1), b('2011', 0), b('2012', 2), b('2013', 0), b('2014', 0), b('2015', 1)],
      },
    ]);
    expect(await facet([byYear({ min_interval_population: 2 })])).toEqual([
      { name: 'Year', buckets: [b('2012', 2)] },
    ]);
  });
});

describe('range and date_range', () => {
  const range = (attribute: string, ranges: object[]) => ({
    name: 'R',
    aggregation_type: 'range',
    attribute,
    ranges,
  });
  const dateRange = (ranges: object[], facetList?: object[]) => ({
    name: 'D',
    aggregation_type: 'date_range',
    attribute: RELEASED,
    ranges,
    ...(facetList && { facets: facetList }),
  });

  it('range: request order, "*" for open ends, Java double labels, empty ranges kept', async () => {
    const ranges = [
      { to: 1.5 },
      { from: 1.5, to: 2.2 },
      { from: 2.2, to: 3 },
      { from: 3 },
      { from: 1000, to: 2000 },
    ];
    expect(await facet([range('rcsb_entry_info.resolution_combined', ranges)])).toEqual([
      {
        name: 'R',
        buckets: [b('*-1.5', 1), b('1.5-2.2', 2), b('2.2-3.0', 0), b('3.0-*', 1), b('1000.0-2000.0', 0)],
      },
    ]);
  });

  it('range on an integer attribute, and labels in exponent form', async () => {
    const ranges = [{ to: 2000 }, { from: 2000, to: 10000 }, { from: 10000 }];
    expect(await facet([range('rcsb_entry_info.deposited_atom_count', ranges)])).toEqual([
      { name: 'R', buckets: [b('*-2000.0', 1), b('2000.0-10000.0', 2), b('10000.0-*', 1)] },
    ]);
    expect(await facet([range('rcsb_entry_info.molecular_weight', [{ from: 0.15, to: 12000000 }])])).toEqual([
      { name: 'R', buckets: [b('0.15-1.2E7', 4)] },
    ]);
  });

  it('overlapping ranges, each counted on its own', async () => {
    const ranges = [{ to: 2 }, { from: 1, to: 3 }, { from: 2 }];
    expect(await facet([range('rcsb_entry_info.resolution_combined', ranges)])).toEqual([
      { name: 'R', buckets: [b('*-2.0', 2), b('1.0-3.0', 2), b('2.0-*', 2)] },
    ]);
  });

  it('date_range: ISO labels with milliseconds, date math resolved, request order', async () => {
    const ranges = [
      { to: '2013-06-01||-12M' },
      { from: '2012-06-01', to: '2016-01-01' },
      { from: '2015-01-01' },
    ];
    expect(await facet([dateRange(ranges)])).toEqual([
      {
        name: 'D',
        buckets: [
          b('*-2012-06-01T00:00:00.000Z', 2),
          b('2012-06-01T00:00:00.000Z-2016-01-01T00:00:00.000Z', 2),
          b('2015-01-01T00:00:00.000Z-*', 1),
        ],
      },
    ]);
  });

  it('cumulative date ranges with a per-record filter and a cardinality inside', async () => {
    const uniprot = {
      filter: text(
        'rcsb_polymer_entity_group_membership.aggregation_method',
        'exact_match',
        'matching_uniprot_accession',
      ),
      facets: [
        {
          name: 'U',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_polymer_entity_group_membership.group_id',
        },
      ],
    };
    const cumulative = [
      { from: '2010-01-01', to: '2011-01-01' },
      { from: '2010-01-01', to: '2013-01-01' },
      { from: '2010-01-01', to: '2016-01-01' },
      { from: '2020-01-01', to: '2021-01-01' },
    ];
    expect(await facet([dateRange(cumulative, [uniprot])])).toEqual([
      {
        name: 'D',
        buckets: [
          b('2010-01-01T00:00:00.000Z-2011-01-01T00:00:00.000Z', 1, [{ name: 'U', value: 2 }]),
          b('2010-01-01T00:00:00.000Z-2013-01-01T00:00:00.000Z', 3, [{ name: 'U', value: 2 }]),
          b('2010-01-01T00:00:00.000Z-2016-01-01T00:00:00.000Z', 4, [{ name: 'U', value: 3 }]),
          b('2020-01-01T00:00:00.000Z-2021-01-01T00:00:00.000Z', 0, [{ name: 'U', value: 0 }]),
        ],
      },
    ]);
  });

  it('sub-facets under overlapping ranges', async () => {
    const cumulative = [{ to: '2013-01-01' }, { to: '2016-01-01' }];
    expect(await facet([dateRange(cumulative, [terms('M', 'rcsb_entry_info.experimental_method')])])).toEqual(
      [
        {
          name: 'D',
          buckets: [
            b('*-2013-01-01T00:00:00.000Z', 3, [
              { name: 'M', buckets: [b('EM', 1), b('NMR', 1), b('X-ray', 1)] },
            ]),
            b('*-2016-01-01T00:00:00.000Z', 4, [
              { name: 'M', buckets: [b('X-ray', 2), b('EM', 1), b('NMR', 1)] },
            ]),
          ],
        },
      ],
    );
  });
});

describe('overlapping ranges beyond one bit mask', () => {
  it('a second overlapping range facet in the chain joins a table of ranges', async () => {
    const resolution = {
      name: 'R',
      aggregation_type: 'range',
      attribute: 'rcsb_entry_info.resolution_combined',
      ranges: [{ to: 2 }, { from: 1 }],
    };
    const cumulative = {
      name: 'D',
      aggregation_type: 'date_range',
      attribute: RELEASED,
      ranges: [{ to: '2013-01-01' }, { to: '2016-01-01' }],
      facets: [resolution],
    };
    expect(await facet([cumulative])).toEqual([
      {
        name: 'D',
        buckets: [
          b('*-2013-01-01T00:00:00.000Z', 3, [{ name: 'R', buckets: [b('*-2.0', 1), b('1.0-*', 2)] }]),
          b('*-2016-01-01T00:00:00.000Z', 4, [{ name: 'R', buckets: [b('*-2.0', 2), b('1.0-*', 3)] }]),
        ],
      },
    ]);
  });

  it('more segments than a mask holds', async () => {
    const years = Array.from({ length: 70 }, (_, i) => 1951 + i);
    const ranges = years.map((year) => ({ from: '1950-01-01', to: `${year}-01-01` }));
    const released = [2010, 2012, 2012, 2015];
    const [result] = await facet([
      { name: 'D', aggregation_type: 'date_range', attribute: RELEASED, ranges },
    ]);
    expect((result as { buckets: { population: number }[] }).buckets.map((x) => x.population)).toEqual(
      years.map((year) => released.filter((r) => r < year).length),
    );
  });
});

describe('cardinality', () => {
  it('distinct values among the hits', async () => {
    expect(
      await facet([
        { name: 'Methods', aggregation_type: 'cardinality', attribute: 'exptl.method' },
        {
          name: 'Organisms',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
        },
        { name: 'Weights', aggregation_type: 'cardinality', attribute: 'rcsb_entry_info.molecular_weight' },
      ]),
    ).toEqual([
      { name: 'Methods', value: 4 },
      { name: 'Organisms', value: 3 },
      { name: 'Weights', value: 4 },
    ]);
  });

  it('within each bucket, 0 under an empty one', async () => {
    const software = {
      name: 'S',
      aggregation_type: 'cardinality',
      attribute: 'rcsb_entry_info.software_programs_combined',
    };
    expect(await facet([byYear({ min_interval_population: 0, facets: [software] })])).toEqual([
      {
        name: 'Year',
        buckets: [
          b('2010', 1, [{ name: 'S', value: 2 }]),
          b('2011', 0, [{ name: 'S', value: 0 }]),
          b('2012', 2, [{ name: 'S', value: 1 }]),
          b('2013', 0, [{ name: 'S', value: 0 }]),
          b('2014', 0, [{ name: 'S', value: 0 }]),
          b('2015', 1, [{ name: 'S', value: 1 }]),
        ],
      },
    ]);
  });
});

describe('sub-facets', () => {
  it('to depth 3, in request order; a sub-facet without buckets is left out', async () => {
    const types = terms('T', 'entity_poly.rcsb_entity_polymer_type');
    const methods = terms('M', 'rcsb_entry_info.experimental_method', { facets: [types] });
    const count = {
      name: 'N',
      aggregation_type: 'cardinality',
      attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
    };
    const result = await facet([byYear({ min_interval_population: 0, facets: [methods, count] })]);
    // The response schema allows no empty `buckets`: such a sub-facet is not sent.
    const empty = [{ name: 'N', value: 0 }];
    expect(result).toEqual([
      {
        name: 'Year',
        buckets: [
          b('2010', 1, [
            { name: 'M', buckets: [b('X-ray', 1, [{ name: 'T', buckets: [b('Protein', 1)] }])] },
            { name: 'N', value: 2 },
          ]),
          b('2011', 0, empty),
          b('2012', 2, [
            {
              name: 'M',
              buckets: [
                b('EM', 1, [{ name: 'T', buckets: [b('RNA', 1)] }]),
                b('NMR', 1, [{ name: 'T', buckets: [b('Protein', 1)] }]),
              ],
            },
            { name: 'N', value: 3 },
          ]),
          b('2013', 0, empty),
          b('2014', 0, empty),
          b('2015', 1, [
            { name: 'M', buckets: [b('X-ray', 1, [{ name: 'T', buckets: [b('DNA', 1)] }])] },
            { name: 'N', value: 0 },
          ]),
        ],
      },
    ]);
  });

  it('histogram and ranges as parents', async () => {
    const methods = terms('M', 'rcsb_entry_info.experimental_method');
    expect(
      await facet([
        {
          name: 'R',
          aggregation_type: 'range',
          attribute: 'rcsb_entry_info.deposited_atom_count',
          ranges: [{ to: 5000 }, { from: 5000, to: 6000 }],
          facets: [methods],
        },
      ]),
    ).toEqual([
      {
        name: 'R',
        buckets: [
          b('*-5000.0', 2, [{ name: 'M', buckets: [b('NMR', 1), b('X-ray', 1)] }]),
          b('5000.0-6000.0', 0),
        ],
      },
    ]);
  });
});

describe('filter facets', () => {
  it('are transparent and narrow the documents (source organism: per document)', async () => {
    const natural = {
      filter: text('rcsb_entity_source_organism.source_type', 'exact_match', 'natural'),
      facets: [terms('Natural', 'rcsb_entity_source_organism.ncbi_scientific_name')],
    };
    // Not nested-indexed: 1ABC has a natural entity, so its engineered E. coli entity counts too.
    expect(await facet([natural])).toEqual([
      { name: 'Natural', buckets: [b('Escherichia coli', 1), b('Homo sapiens', 1), b('Mus musculus', 1)] },
    ]);
  });

  it('apply per record on the same nested root: symmetry', async () => {
    const global = {
      filter: text('rcsb_struct_symmetry.kind', 'exact_match', 'Global Symmetry'),
      facets: [terms('Symmetry Type', 'rcsb_struct_symmetry.type')],
    };
    expect(await facet([global], 'assembly')).toEqual([
      { name: 'Symmetry Type', buckets: [b('Asymmetric', 2), b('Cyclic', 1), b('Icosahedral', 1)] },
    ]);
  });

  it('apply per record: EC classes at depth 1', async () => {
    const top = {
      filter: text('rcsb_polymer_entity.rcsb_ec_lineage.depth', 'equals', 1),
      facets: [terms('EC', 'rcsb_polymer_entity.rcsb_ec_lineage.name')],
    };
    expect(await facet([top], 'polymer_entity')).toEqual([
      { name: 'EC', buckets: [b('Hydrolases', 2), b('Transferases', 1)] },
    ]);
  });

  it('nested filters: SCOP annotations, then lineage depth 1, then names', async () => {
    const scop = {
      filter: text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
      facets: [
        {
          filter: text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 1),
          facets: [terms('SCOP', 'rcsb_polymer_instance_annotation.annotation_lineage.name')],
        },
      ],
    };
    const expected = [
      { name: 'SCOP', buckets: [b('All alpha', 1), b('All beta', 1), b('Alpha and beta', 1)] },
    ];
    expect(await facet([scop])).toEqual(expected);
    expect(await facet([scop], 'polymer_instance')).toEqual(expected);
  });

  it('a lineage inside an annotation: the annotation is the scope of a group on both, the item of a condition on the lineage alone', async () => {
    // The level below SCOP class s1: annotations of type SCOP whose lineage holds s1 (one
    // annotation), then their lineage item at depth 2, then its id. 1ABC.A's annotation has s2 at
    // depth 2 under s1; 2DEF.A's has s1 itself at depth 2 (under s4).
    const below = (type: string, id: string) => ({
      filter: and(
        text('rcsb_polymer_instance_annotation.type', 'exact_match', type),
        text('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', id),
      ),
      facets: [
        {
          filter: text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 2),
          facets: [
            terms('Children', 'rcsb_polymer_instance_annotation.annotation_lineage.id', {
              facets: [terms('Names', 'rcsb_polymer_instance_annotation.annotation_lineage.name')],
            }),
          ],
        },
      ],
    });
    expect(await facet([below('SCOP', 's1')], 'polymer_instance')).toEqual([
      {
        name: 'Children',
        buckets: [
          b('s1', 1, [{ name: 'Names', buckets: [b('All alpha', 1)] }]),
          b('s2', 1, [{ name: 'Names', buckets: [b('Globin-like', 1)] }]),
        ],
      },
    ]);
    // The type holds on the annotation that holds the id: no CATH annotation holds s1 (a facet
    // without buckets is left out).
    expect(await facet([below('CATH', 's1')], 'polymer_instance')).toBeUndefined();
    // A condition on the lineage alone, beside the depth, still applies per item: s1 at depth 2.
    const itemOnly = {
      filter: text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP'),
      facets: [
        {
          filter: text('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', 's1'),
          facets: [
            {
              filter: text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 2),
              facets: [terms('Items', 'rcsb_polymer_instance_annotation.annotation_lineage.name')],
            },
          ],
        },
      ],
    };
    expect(await facet([itemOnly], 'polymer_instance')).toEqual([
      { name: 'Items', buckets: [b('All alpha', 1)] },
    ]);
    // The query of the same group finds the instances whose one annotation holds both.
    expect(await fixture.found(below('SCOP', 's1').filter, 'polymer_instance')).toEqual(['1ABC.A', '2DEF.A']);
    expect(await fixture.found(below('ECOD', 's1').filter, 'polymer_instance')).toEqual([]);
  });

  it('apply per record: cardinality of UniProt group ids only', async () => {
    const uniprot = {
      filter: text(
        'rcsb_polymer_entity_group_membership.aggregation_method',
        'exact_match',
        'matching_uniprot_accession',
      ),
      facets: [
        {
          name: 'U',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_polymer_entity_group_membership.group_id',
        },
      ],
    };
    expect(await facet([uniprot])).toEqual([{ name: 'U', value: 3 }]);
    const clusters = {
      filter: and(
        text('rcsb_polymer_entity_group_membership.aggregation_method', 'exact_match', 'sequence_identity'),
        text('rcsb_polymer_entity_group_membership.similarity_cutoff', 'equals', 95),
      ),
      facets: [
        {
          name: 'C',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_polymer_entity_group_membership.group_id',
        },
      ],
    };
    expect(await facet([clusters], 'polymer_entity')).toEqual([{ name: 'C', value: 2 }]);
  });

  it('annual cardinality under a per-record filter', async () => {
    const uniprot = {
      filter: text(
        'rcsb_polymer_entity_group_membership.aggregation_method',
        'exact_match',
        'matching_uniprot_accession',
      ),
      facets: [
        {
          name: 'U',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_polymer_entity_group_membership.group_id',
        },
      ],
    };
    const result = await facet([byYear({ min_interval_population: 0, facets: [uniprot] })]);
    expect(result[0]).toMatchObject({
      buckets: [
        b('2010', 1, [{ name: 'U', value: 2 }]),
        b('2011', 0, [{ name: 'U', value: 0 }]),
        b('2012', 2, [{ name: 'U', value: 1 }]),
        b('2013', 0, [{ name: 'U', value: 0 }]),
        b('2014', 0, [{ name: 'U', value: 0 }]),
        b('2015', 1, [{ name: 'U', value: 1 }]),
      ],
    });
  });

  it('inside a bucket, and mixed with facets outside it', async () => {
    const natural = {
      filter: text('rcsb_entity_source_organism.source_type', 'exact_match', 'natural'),
      facets: [terms('O', 'rcsb_entity_source_organism.ncbi_scientific_name')],
    };
    expect(
      await facet([
        terms('M', 'rcsb_entry_info.experimental_method', { facets: [natural] }),
        terms('All', 'exptl.method', { max_num_intervals: 1 }),
      ]),
    ).toEqual([
      {
        name: 'M',
        buckets: [
          b('X-ray', 2, [{ name: 'O', buckets: [b('Escherichia coli', 1), b('Homo sapiens', 1)] }]),
          b('EM', 1),
          b('NMR', 1, [{ name: 'O', buckets: [b('Mus musculus', 1)] }]),
        ],
      },
      { name: 'All', buckets: [b('X-RAY DIFFRACTION', 2)] },
    ]);
  });

  it('facets count all hits of a query, not the page', async () => {
    const xray = text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION');
    const response = await fixture.search(
      plan({
        query: xray,
        return_type: 'entry',
        request_options: { paginate: { start: 0, rows: 1 }, facets: [terms('M', 'exptl.method')] },
      }),
    );
    expect(response?.result_set).toEqual([{ identifier: '1ABC', score: 1 }]);
    expect(response?.facets).toEqual([
      { name: 'M', buckets: [b('X-RAY DIFFRACTION', 2), b('NEUTRON DIFFRACTION', 1)] },
    ]);
  });
});
