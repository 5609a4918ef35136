import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_COUNTRIES, countryOf } from '@pdb-stats/charts';
import {
  count,
  list,
  search,
  startArchiveFixture,
  termsBuckets,
  type ArchiveFixture,
  type Row,
} from '../support/archive-fixture.ts';

/**
 * The funding countries of a small demo archive (`pdbx_audit_support.country`, one value per grant)
 * over HTTP: the terms facet counts entries, not grants, and each bucket's count is the count of the
 * exact-match search for its country; both checked against the generated documents.
 */

const ATTRIBUTE = 'pdbx_audit_support.country';
let fixture: ArchiveFixture;
let entries: Row[];

beforeAll(async () => {
  fixture = await startArchiveFixture(2000, 11);
  entries = fixture.docs.entry as Row[];
});
afterAll(() => fixture?.close());

const countryQuery = (value: string) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute: ATTRIBUTE, operator: 'exact_match', value },
});

describe('funding countries of the demo archive', () => {
  it('are shaped like the archive: many entries without, the United States first, a long tail', () => {
    const funded = entries.filter((e) => list(e[ATTRIBUTE]).length > 0);
    const recent = entries.filter((e) => String(e['rcsb_accession_info.initial_release_date']) >= '2019');
    const recentFunded = recent.filter((e) => list(e[ATTRIBUTE]).length > 0);
    expect(funded.length).toBeLessThan(entries.length / 2);
    expect(recentFunded.length / recent.length).toBeGreaterThan(0.6);
    expect(recentFunded.length / recent.length).toBeLessThan(0.9);
    expect(funded.some((e) => list(e[ATTRIBUTE]).length > 1)).toBe(true);
    const buckets = termsBuckets(entries.map((e) => [e._key as number, list(e[ATTRIBUTE])]));
    expect(buckets[0]?.label).toBe('United States');
    expect(buckets.length).toBeGreaterThan(15);
  });

  it('a terms facet counts entries per country, as the documents say', async () => {
    const answer = await search(fixture.app, {
      return_type: 'entry',
      request_options: {
        paginate: { start: 0, rows: 0 },
        facets: [
          {
            name: 'countries',
            aggregation_type: 'terms',
            attribute: ATTRIBUTE,
            min_interval_population: 1,
            max_num_intervals: 1000,
          },
        ],
      },
    });
    const buckets = answer?.facets?.[0]?.buckets;
    const expected = termsBuckets(entries.map((e) => [e._key as number, list(e[ATTRIBUTE])]));
    expect(
      buckets.map((b: { label: string; population: number }) => ({
        label: b.label,
        population: b.population,
      })),
    ).toEqual(expected);
  });

  it('each country is searchable, and its search counts its bucket', async () => {
    const expected = termsBuckets(entries.map((e) => [e._key as number, list(e[ATTRIBUTE])]));
    for (const { label, population } of [expected[0]!, expected[3]!, expected.at(-1)!]) {
      expect(
        await count(fixture.app, {
          query: countryQuery(label),
          return_type: 'entry',
          request_options: { return_counts: true },
        }),
      ).toBe(population);
    }
  });

  it('the funding-country chart of the chart data API has a row per country, with its bucket', async () => {
    const response = await fixture.app.inject({ url: '/api/charts/funding-countries.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const expected = termsBuckets(entries.map((e) => [e._key as number, list(e[ATTRIBUTE])]));
    const rows = new Map(document.rows.map((row: [string, number]) => [row[0], row[1]]));
    expect(rows.size).toBe(expected.length);
    for (const { label, population } of expected) expect(rows.get(label), label).toBe(population);
  });

  it("every country of the facet is in the map's country table, or is named as no country", async () => {
    const answer = await search(fixture.app, {
      return_type: 'entry',
      request_options: {
        paginate: { start: 0, rows: 0 },
        facets: [
          { name: 'countries', aggregation_type: 'terms', attribute: ATTRIBUTE, min_interval_population: 1 },
        ],
      },
    });
    const labels: string[] = answer?.facets?.[0]?.buckets.map((b: { label: string }) => b.label);
    expect(labels.length).toBeGreaterThan(15);
    expect(labels.filter((l) => !countryOf(l) && !NON_COUNTRIES.includes(l))).toEqual([]);
  });
});
