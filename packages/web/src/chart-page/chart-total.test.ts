import type { SearchResponse } from '@pdb-stats/search-model';
import { describe, expect, it } from 'vitest';
import { totalText, withTotal } from './chart-total.ts';

const answer = (total: number, years: [string, number][]): SearchResponse =>
  ({
    total_count: total,
    facets: [{ name: 'Release Date', buckets: years.map(([label, population]) => ({ label, population })) }],
  }) as unknown as SearchResponse;

describe(`${totalText.name}`, () => {
  it('says the total and the last year’s own population', () => {
    const response = answer(250000, [
      ['2025-01-01', 15000],
      ['2026-01-01', 15566],
    ]);
    expect(totalText(response, 'entry', 'archive', { facet: 'Release Date', year: '2026' })).toBe(
      '250,000 entries in the archive; 15,566 released in 2026',
    );
  });

  it('names the level and what the total is over', () => {
    expect(totalText(answer(1, []), 'assembly', 'scope')).toBe('1 assembly in the scope');
    expect(totalText(answer(12, []), 'polymer_entity', 'group')).toBe('12 polymer entities in this group');
  });

  it('leaves the year out when its bucket is not in the answer, and says nothing without an answer', () => {
    expect(totalText(answer(3, []), 'entry', 'archive', { facet: 'Release Date', year: '2026' })).toBe(
      '3 entries in the archive',
    );
    expect(totalText(null, 'entry', 'archive')).toBeUndefined();
  });
});

describe(`${withTotal.name}`, () => {
  it('adds the total as a sentence of its own', () => {
    expect(withTotal('Number of Entries by Resolution (Å)', '2,000 entries in the archive')).toBe(
      'Number of Entries by Resolution (Å). 2,000 entries in the archive.',
    );
    expect(withTotal('A subtitle', undefined)).toBe('A subtitle');
  });
});
