import { describe, expect, it } from 'vitest';
import { facetRows } from './facet-rows.ts';

describe(`${facetRows.name}`, () => {
  it('lists buckets depth first with the buckets they lie in', () => {
    const rows = facetRows([
      {
        name: 'Release Date',
        buckets: [
          {
            label: '2000',
            population: 3,
            facets: [
              {
                name: 'Method',
                buckets: [
                  { label: 'X-ray', population: 2 },
                  { label: 'NMR', population: 1 },
                ],
              },
            ],
          },
          { label: '2001', population: 1 },
        ],
      },
      { name: 'Organisms', value: 12 },
    ]);
    expect(rows).toEqual([
      { facet: ['Release Date'], bucket: ['2000'], count: 3 },
      { facet: ['Release Date', 'Method'], bucket: ['2000', 'X-ray'], count: 2 },
      { facet: ['Release Date', 'Method'], bucket: ['2000', 'NMR'], count: 1 },
      { facet: ['Release Date'], bucket: ['2001'], count: 1 },
      { facet: ['Organisms'], bucket: [], count: 12 },
    ]);
  });

  it('has no rows without facets', () => {
    expect(facetRows(undefined)).toEqual([]);
  });
});
