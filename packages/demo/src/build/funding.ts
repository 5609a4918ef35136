import { Weighted, type Random } from '../random.ts';
import { FUNDING_COUNTRIES, fundedShare } from '../vocabulary/funding.ts';

const TABLES = new Map<number, Weighted<string>>();

function countriesOf(year: number): Weighted<string> {
  let table = TABLES.get(year);
  if (!table) {
    const years = Math.max(0, year - 2017);
    table = new Weighted(FUNDING_COUNTRIES.map((f) => [f.name, f.weight * (1 + (f.growth ?? 0)) ** years]));
    TABLES.set(year, table);
  }
  return table;
}

/** Grants acknowledged by one entry: none, or one to about ten, half of them mostly one. */
const GRANT_COUNTS = new Weighted([
  [1, 45],
  [2, 25],
  [3, 13],
  [4, 7],
  [5, 4],
  [6, 3],
  [8, 2],
  [10, 1],
] as const);

/**
 * The country of each grant of an entry (`pdbx_audit_support.country`, one value per grant, so a
 * country repeats when it gave several). A further grant comes from the first grant's country
 * more often than not: most entries are funded by one country's agencies.
 */
export function fundingCountries(year: number, rng: Random): string[] {
  if (!rng.chance(fundedShare(year))) return [];
  const table = countriesOf(year);
  const first = table.draw(rng);
  const countries = [first];
  const grants = GRANT_COUNTS.draw(rng);
  for (let i = 1; i < grants; i++) countries.push(rng.chance(0.6) ? first : table.draw(rng));
  return countries;
}
