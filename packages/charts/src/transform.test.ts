import { describe, expect, it } from 'vitest';
import type { Bucket, SearchResponse } from '@pdb-stats/search-model';
import { CHARTS } from './registry.ts';
import { MAX_SEGMENTS, TRUNCATED_BUCKETS, toDistributionData, toGrowthData } from './transform.ts';

const b = (label: string, population: number, facets?: Bucket['facets']): Bucket => ({
  label,
  population,
  ...(facets && { facets }),
});
const response = (facets: SearchResponse['facets']): SearchResponse => ({
  query_id: 'x',
  result_type: 'entry',
  total_count: 1,
  facets,
});

describe(toGrowthData.name, () => {
  it('gives an empty chart for a 204 response', () => {
    expect(toGrowthData(null, CHARTS['experimental-method'].query)).toEqual({ years: [], series: [] });
    expect(toGrowthData(null, CHARTS['overall-structures'].query).years).toEqual([]);
  });

  it('reads a single series and sums it for the cumulative view', () => {
    const data = toGrowthData(
      response([{ name: 'Release Date', buckets: [b('1976', 13), b('1977', 7), b('1979', 5)] }]),
      CHARTS['overall-structures'].query,
    );
    // 1978 has no bucket: it is on the axis with 0.
    expect(data.years).toEqual(['1976', '1977', '1978', '1979']);
    expect(data.series).toEqual([
      { label: 'Release Date', annual: [13, 7, 0, 5], cumulative: [13, 20, 20, 25] },
    ]);
  });

  it('uses the union of the years of all series and fills gaps with 0', () => {
    const data = toGrowthData(
      response([
        {
          name: 'Release Date',
          buckets: [
            b('2000', 3, [{ name: 'Experimental Method', buckets: [b('NMR', 3)] }]),
            b('2001', 5, [{ name: 'Experimental Method', buckets: [b('X-ray', 4), b('NMR', 1)] }]),
            b('2002', 2, [{ name: 'Experimental Method', buckets: [b('X-ray', 2)] }]),
          ],
        },
      ]),
      CHARTS['experimental-method'].query,
    );
    expect(data.years).toEqual(['2000', '2001', '2002']);
    expect(data.series).toEqual([
      { label: 'X-ray', annual: [0, 4, 2], cumulative: [0, 4, 6] },
      { label: 'NMR', annual: [3, 1, 0], cumulative: [3, 4, 4] },
    ]);
  });

  it('reads unique-uniprot cumulative values from the date_range facet, not a running sum', () => {
    const card = (value: number) => [{ name: 'Unique UniProtKB Entries', value }];
    const data = toGrowthData(
      response([
        {
          name: 'Annual UniProtKB Entries',
          buckets: [b('2019', 10, card(8)), b('2020', 10, card(6)), b('2021', 0)],
        },
        {
          name: 'Cumulative UniProtKB Entries',
          buckets: [
            b('1976-01-01T00:00:00.000Z-2020-01-01T00:00:00.000Z', 10, card(8)),
            b('1976-01-01T00:00:00.000Z-2021-01-01T00:00:00.000Z', 20, card(11)),
          ],
        },
      ]),
      CHARTS['unique-uniprot-entries'].query,
    );
    expect(data.years).toEqual(['2019', '2020', '2021']);
    expect(data.series).toEqual([
      // 2021 has no cardinality and no cumulative range: it counts 0.
      { label: 'Unique UniProtKB Entries', annual: [8, 6, 0], cumulative: [8, 11, 0] },
    ]);
  });
});

describe(toDistributionData.name, () => {
  it('maps range buckets by label, shows every bin and fills missing ones with 0', () => {
    const data = toDistributionData(
      response([
        {
          name: 'Resolution Combined',
          // The first bin and most middle bins are missing; the last one comes first.
          buckets: [b('4.6-*', 9), b('1.0-1.2', 5), b('2.0-2.2', 7)],
        },
      ]),
      CHARTS.resolution.query,
    );
    expect(data.bars).toHaveLength(20);
    expect(data.bars[0]).toEqual({ label: '< 1.0 Å', value: 0 });
    expect(data.bars[1]).toEqual({ label: '1.0–1.2 Å', value: 5 });
    expect(data.bars[6]).toEqual({ label: '2.0–2.2 Å', value: 7 });
    expect(data.bars[19]).toEqual({ label: '≥ 4.6 Å', value: 9 });
  });

  it('splits bars into the segments of a second dimension: the most frequent values over the bars, at most MAX_SEGMENTS', () => {
    const query = {
      ...CHARTS.resolution.query,
      second: { kind: 'terms', name: 'Method', attribute: 'exptl.method', minPopulation: 1 } as const,
    };
    const inner = (counts: Record<string, number>) => [
      { name: 'Method', buckets: Object.entries(counts).map(([label, n]) => b(label, n)) },
    ];
    // Ten values: the two least frequent over the bars are left out; the bins are matched by label.
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`M${i}`, 10 - i]));
    const data = toDistributionData(
      response([
        {
          name: 'Resolution Combined',
          buckets: [b('2.0-2.2', 20, inner({ NMR: 3, XRAY: 15 })), b('1.0-1.2', 60, inner(many))],
        },
      ]),
      query,
    );
    expect(data.segmentCount).toBe(12);
    expect(data.segments).toHaveLength(MAX_SEGMENTS);
    expect(data.segments![0]).toEqual({ label: 'XRAY', values: data.bars.map((_, i) => (i === 6 ? 15 : 0)) });
    expect(data.segments![1]!.label).toBe('M0');
    expect(data.segments![1]!.values[1]).toBe(10);
    expect(data.segments!.map((s) => s.label)).not.toContain('M9');
    expect(data.segments!.map((s) => s.label)).not.toContain('NMR');
    // A chart without a second dimension has no segments.
    expect(toDistributionData(null, CHARTS.resolution.query).segments).toBeUndefined();
  });

  it('matches r-free labels despite floating-point noise', () => {
    const data = toDistributionData(
      response([{ name: 'R-free', buckets: [b('*-0.14', 1), b('0.15000000000000002-0.16', 2)] }]),
      CHARTS['r-free'].query,
    );
    expect(data.bars.slice(0, 3)).toEqual([
      { label: '< 0.14', value: 1 },
      { label: '0.14–0.15', value: 0 },
      { label: '0.15–0.16', value: 2 },
    ]);
  });

  it('labels weights in kDa and Da', () => {
    const entity = toDistributionData(
      response([{ name: 'Molecular Weight', buckets: [b('*-5.0', 2), b('5.0-10.0', 3)] }]),
      CHARTS['molecular-weight-entity'].query,
    );
    expect(entity.bars.slice(0, 2)).toEqual([
      { label: '< 5k', value: 2 },
      { label: '5k–10k', value: 3 },
    ]);
    const small = toDistributionData(null, CHARTS['molecular-weight-small-molecules'].query);
    expect(small.bars.at(-1)).toEqual({ label: '≥ 2,000 Da', value: 0 });
  });

  it('keeps the service order of terms and truncates flagged charts to 25', () => {
    const buckets = Array.from({ length: 30 }, (_, i) => b(`org ${i}`, 100 - i));
    const data = toDistributionData(response([{ name: 'Taxonomy', buckets }]), CHARTS.taxonomy.query, {
      truncate: true,
    });
    expect(data.bars).toHaveLength(TRUNCATED_BUCKETS);
    expect(data.bars[0]).toEqual({ label: 'org 0', value: 100 });
    expect(data.bucketCount).toBe(30);
  });

  it('finds the terms facet behind transparent filter facets', () => {
    const data = toDistributionData(
      response([{ name: 'SCOP Classification', buckets: [b('All alpha proteins', 4)] }]),
      CHARTS['scop-classification'].query,
    );
    expect(data.bars).toEqual([{ label: 'All alpha proteins', value: 4 }]);
  });

  it('maps release-date buckets by their dates', () => {
    const data = toDistributionData(
      response([
        {
          name: 'Release Date',
          buckets: [
            b('*-2000-01-01T00:00:00.000Z', 11),
            b('2005-01-01T00:00:00.000Z-2010-01-01T00:00:00.000Z', 22),
          ],
        },
      ]),
      CHARTS['release-date-distribution'].query,
      { now: new Date('2024-03-01T00:00:00Z') },
    );
    expect(data.bars).toEqual([
      { label: 'before 2000', value: 11 },
      { label: '2000 - 2004', value: 0 },
      { label: '2005 - 2009', value: 22 },
      { label: '2010 - 2014', value: 0 },
      { label: '2015 - 2019', value: 0 },
      { label: '2020 - 2024', value: 0 },
    ]);
  });

  it('gives every bin 0 for a 204 response', () => {
    const data = toDistributionData(null, CHARTS['atom-count'].query);
    expect(data.bars).toHaveLength(20);
    expect(data.bars.every((bar) => bar.value === 0)).toBe(true);
  });
});
