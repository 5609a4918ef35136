import { describe, expect, it } from 'vitest';
import { distributionLegend, growthLegend } from './table.ts';
import { distributionSource, growthSource } from './test-fixtures.ts';

describe('legends', () => {
  it('lists visible series with the colour of their place in the full list', () => {
    expect(growthLegend(growthSource())).toEqual([
      { label: 'X-ray', color: '#111111' },
      { label: 'NMR', color: '#333333' },
    ]);
  });

  it('names the one series of a distribution chart', () => {
    expect(distributionLegend(distributionSource('journal', []))).toEqual([
      { label: 'Number of Entries', color: '#abcdef' },
    ]);
  });
});
