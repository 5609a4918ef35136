import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@pdb-stats/search-model';
import { CHARTS, resolveChart } from './registry.ts';
import { chartFacets, searchFromDimensions } from './requests.ts';
import { chartTable, trendRows, trendTableSource } from './table.ts';
import { histogramQuantile, quantileDecimals, stepText, toTrendData } from './trend.ts';

describe('histogramQuantile', () => {
  it('interpolates inside the bin that holds the quantile', () => {
    // 4 values in [1, 1.1), 4 in [1.1, 1.2): the median is the boundary, the quartiles the bins' middles.
    const bins = [
      { from: 1, count: 4 },
      { from: 1.1, count: 4 },
    ];
    expect(histogramQuantile(bins, 0.1, 0.5)).toBeCloseTo(1.1);
    expect(histogramQuantile(bins, 0.1, 0.25)).toBeCloseTo(1.05);
    expect(histogramQuantile(bins, 0.1, 0.75)).toBeCloseTo(1.15);
  });

  it('skips empty bins, sorts bins and has no quantile without values', () => {
    const bins = [
      { from: 3, count: 1 },
      { from: 2, count: 0 },
      { from: 1, count: 1 },
    ];
    expect(histogramQuantile(bins, 1, 0.5)).toBeCloseTo(2);
    expect(histogramQuantile(bins, 1, 0.25)).toBeCloseTo(1.5);
    expect(histogramQuantile(bins, 1, 1)).toBeCloseTo(4);
    expect(histogramQuantile([], 1, 0.5)).toBeUndefined();
  });

  it('counts the values beyond the bins in the ranks, and places a quantile among them at their bound', () => {
    // 2 values in [0, 1), 2 in [1, 2), 4 at 10 or more: the median is the end of the bins, the third quartile beyond.
    const bins = [
      { from: 0, count: 2 },
      { from: 1, count: 2 },
    ];
    const beyond = { from: 10, count: 4 };
    expect(histogramQuantile(bins, 1, 0.25, beyond)).toBeCloseTo(1);
    expect(histogramQuantile(bins, 1, 0.5, beyond)).toBeCloseTo(2);
    expect(histogramQuantile(bins, 1, 0.75, beyond)).toBe(10);
    expect(histogramQuantile([], 1, 0.5, beyond)).toBe(10);
  });

  it('shows one decimal more than its step', () => {
    expect(quantileDecimals(0.05)).toBe(3);
    expect(quantileDecimals(0.1)).toBe(2);
    expect(quantileDecimals(1)).toBe(1);
    expect(quantileDecimals(250)).toBe(1);
  });
});

const chart = resolveChart(CHARTS['resolution-by-year']);

/** An answer of two years (and a gap year 2001 without values) for the resolution trend chart. */
const RESPONSE = {
  query_id: 'x',
  result_type: 'entry',
  total_count: 12,
  facets: [
    {
      name: 'Release Date',
      buckets: [
        {
          label: '2000',
          population: 5,
          facets: [
            {
              name: 'Resolution Combined (fine)',
              buckets: [
                { label: '1.9500000000000002', population: 2 },
                { label: '2.0', population: 2 },
              ],
            },
            {
              name: 'Resolution Combined',
              buckets: [
                { label: '*-1.0', population: 0 },
                { label: '1.8-2.0', population: 2 },
                { label: '2.0-2.2', population: 2 },
              ],
            },
          ],
        },
        { label: '2001', population: 1, facets: [] },
        {
          label: '2002',
          population: 6,
          facets: [
            { name: 'Resolution Combined (fine)', buckets: [{ label: '3.0', population: 6 }] },
            { name: 'Resolution Combined', buckets: [{ label: '3.0-3.2', population: 6 }] },
          ],
        },
      ],
    },
  ],
} as unknown as SearchResponse;

describe('trend charts', () => {
  it('ask for a fine histogram and the usual bins inside each release year', () => {
    const [years] = chartFacets(chart.query);
    expect(years).toMatchObject({
      aggregation_type: 'date_histogram',
      attribute: 'rcsb_accession_info.initial_release_date',
      interval: 'year',
    });
    expect((years as { facets: unknown[] }).facets).toEqual([
      {
        name: 'Resolution Combined (fine)',
        aggregation_type: 'histogram',
        attribute: 'rcsb_entry_info.resolution_combined',
        interval: 0.05,
        min_interval_population: 1,
      },
      expect.objectContaining({ name: 'Resolution Combined', aggregation_type: 'range' }),
    ]);
  });

  it('read quartiles per year and the bins per year, the years without values filled in', () => {
    const data = toTrendData(RESPONSE, chart.query);
    expect(data.years).toEqual(['2000', '2001', '2002']);
    expect(data.quartiles).toEqual([
      { year: '2000', count: 4, q1: 1.975, median: 2, q3: 2.025 },
      { year: '2002', count: 6, q1: 3.013, median: 3.025, q3: 3.038 },
    ]);
    const bin = (label: string) => data.shares.series.find((s) => s.label === label)!.annual;
    expect(bin('1.8–2.0 Å')).toEqual([2, 0, 0]);
    expect(bin('3.0–3.2 Å')).toEqual([0, 0, 6]);
    expect(toTrendData(null, chart.query)).toMatchObject({ years: [], quartiles: [] });
  });

  it('tables: a row per year of quartiles, or a row per segment with its share among the bins shown', () => {
    const data = toTrendData(RESPONSE, chart.query);
    const quartiles = trendRows(trendTableSource(chart, data, { view: 'quartiles', hidden: [] }));
    expect(quartiles.columns).toEqual([
      'Year',
      'Number of Entries',
      'First quartile',
      'Median',
      'Third quartile',
    ]);
    expect(quartiles.rows[0]).toEqual(['2000', 4, 1.975, 2, 2.025]);
    const shares = chartTable(chart, RESPONSE, { view: 'shares', hidden: ['2.0–2.2 Å'] });
    expect(shares.columns).toEqual([
      'Year',
      'Resolution (Å)',
      'From',
      'To (exclusive)',
      'Number of Entries',
      'Share (%)',
    ]);
    expect(shares.hidden).toEqual(['2.0–2.2 Å']);
    expect(shares.rows.find((r) => r[0] === '2000' && r[1] === '1.8–2.0 Å')).toEqual([
      '2000',
      '1.8–2.0 Å',
      1.8,
      2,
      2,
      100,
    ]);
    expect(shares.rows.some((r) => r[1] === '2.0–2.2 Å')).toBe(false);
  });

  it('a chart with a long tail: the fine histogram stops at its bound; the values past it still count', () => {
    const weight = resolveChart(CHARTS['molecular-weight-by-year']);
    const [years] = chartFacets(weight.query);
    expect((years as { facets: unknown[] }).facets[0]).toEqual({
      filter: {
        type: 'terminal',
        service: 'text',
        parameters: { attribute: 'rcsb_entry_info.molecular_weight', operator: 'less', value: 1000 },
      },
      facets: [
        {
          name: 'Molecular Weight (fine)',
          aggregation_type: 'histogram',
          attribute: 'rcsb_entry_info.molecular_weight',
          interval: 1,
          min_interval_population: 1,
        },
      ],
    });
    // 2010: two values below the bound, three at or above it (only the usual bins count those).
    const response = {
      query_id: 'x',
      result_type: 'entry',
      total_count: 5,
      facets: [
        {
          name: 'Release Date',
          buckets: [
            {
              label: '2010',
              population: 5,
              facets: [
                { name: 'Molecular Weight (fine)', buckets: [{ label: '50.0', population: 2 }] },
                {
                  name: 'Molecular Weight',
                  buckets: [
                    { label: '40.0-60.0', population: 2 },
                    { label: '380.0-*', population: 3 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    } as unknown as SearchResponse;
    expect(stepText(weight.query.second)).toBe('1 kDa up to 1,000 kDa');
    expect(stepText(chart.query.second)).toBe('0.05 Å');
    expect(toTrendData(response, weight.query).quartiles).toEqual([
      { year: '2010', count: 5, q1: 50.6, median: 1000, q3: 1000 },
    ]);
  });

  it('click through: a point to the year with a value, a segment to the year and its bin', () => {
    const point = searchFromDimensions({ x: '2000', view: 'quartiles' }, chart.query);
    expect(point.query).toEqual({
      type: 'group',
      logical_operator: 'and',
      nodes: [
        expect.objectContaining({
          parameters: expect.objectContaining({
            operator: 'range',
            value: expect.objectContaining({ from: '2000-01-01' }),
          }),
        }),
        {
          type: 'terminal',
          service: 'text',
          parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'exists' },
        },
      ],
    });
    const segment = searchFromDimensions({ x: '2000', series: '1.8–2.0 Å', view: 'shares' }, chart.query);
    expect(JSON.stringify(segment.query)).toContain('"from":1.8');
  });
});
