import { describe, expect, it } from 'vitest';
import { COUNTRIES, NON_COUNTRIES, countryOf, countryOfShape } from './countries.ts';

describe('the country table', () => {
  it('gives each country distinct ISO codes of the right form', () => {
    const rows = [...COUNTRIES.values()];
    for (const c of rows) {
      expect(c.iso3, c.name).toMatch(/^[A-Z]{3}$/);
      expect(c.numeric, c.name).toMatch(/^\d{3}$/);
    }
    expect(new Set(rows.map((c) => c.iso3)).size).toBe(rows.length);
    expect(new Set(rows.map((c) => c.numeric)).size).toBe(rows.length);
  });

  it('reads both ways', () => {
    expect(countryOf('United States')?.numeric).toBe('840');
    expect(countryOfShape('156')?.name).toBe('China');
    expect(countryOf('Korea, Republic Of')?.iso3).toBe('KOR');
  });

  it('keeps funders that are no country out of it', () => {
    for (const name of NON_COUNTRIES) expect(countryOf(name)).toBeUndefined();
  });
});
