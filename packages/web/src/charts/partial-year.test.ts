import { describe, expect, it } from 'vitest';
import { partialYear } from './partial-year.ts';

describe(partialYear.name, () => {
  it('marks the last year when the data stop inside it', () => {
    expect(partialYear('2026-11-24', ['2024', '2025', '2026'])).toEqual({
      year: '2026',
      through: '24 November',
    });
    expect(partialYear('2026-01-05T10:00:00Z', ['2026'])).toEqual({ year: '2026', through: '5 January' });
  });

  it('marks nothing when the last year is complete or another year', () => {
    expect(partialYear('2026-12-31', ['2025', '2026'])).toBeUndefined();
    expect(partialYear('2026-11-24', ['2024', '2025'])).toBeUndefined();
    expect(partialYear(undefined, ['2026'])).toBeUndefined();
    expect(partialYear('soon', ['2026'])).toBeUndefined();
  });
});
