import { validateSearchRequest, type SearchRequest } from '@pdb-stats/search-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryChartRequests } from '../src/chart-requests.ts';
import { DIALECTS, planSearch } from '../src/planner/index.ts';
import {
  list,
  search,
  startArchiveFixture,
  type ArchiveFixture,
  type Row,
} from './support/archive-fixture.ts';

/**
 * Distinct counts inside cumulative ranges are computed once per value, at its first (or last)
 * segment, then added up per range; without a query, the relation of each value's first segment
 * (or of the distinct (year, value) pairs) is kept by the engine and only counted
 * (planner/compiler/sql-compiler.ts). Here every range's and every year's count is recomputed the
 * straightforward way, one set of distinct values per range, from the plain documents of the
 * generated archive, and the kept relations are compared with the statements that do without.
 */

const RELEASED = 'rcsb_accession_info.initial_release_date';
const GROUP = 'rcsb_polymer_entity_group_membership';
const XRAY = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_entry_info.experimental_method', operator: 'exact_match', value: 'X-ray' },
};
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(900, 31);
});
afterAll(() => fixture?.close());

interface Range {
  from?: string | number;
  to?: string | number;
}
const inRange = (value: unknown, r: Range) =>
  value !== null &&
  value !== undefined &&
  (r.from === undefined || (value as string | number) >= r.from) &&
  (r.to === undefined || (value as string | number) < r.to);

/** Cumulative year ranges as the growth charts send them: each starts in `first` and ends a year later. */
function upToYears(first: number, last: number): Range[] {
  const ranges: Range[] = [];
  for (let year = first; year <= last; year++)
    ranges.push({ from: `${first}-01-01`, to: `${year + 1}-01-01` });
  return ranges;
}

/** Ranges that all end at the last bound: from each year on. */
function fromYears(first: number, last: number): Range[] {
  const ranges: Range[] = [];
  for (let year = first; year <= last; year++) ranges.push({ from: `${year}-01-01` });
  return ranges;
}

/** Group ids of the entity by the method (and, given one, at the similarity cutoff). */
function groupIds(entity: Row, method: string, cutoff?: number): string[] {
  return list<{ group_id: string; aggregation_method: string; similarity_cutoff?: number }>(entity[GROUP])
    .filter(
      (m) => m.aggregation_method === method && (cutoff === undefined || m.similarity_cutoff === cutoff),
    )
    .map((m) => m.group_id);
}

/** Per range, the distinct values among (bucket value, values) pairs whose bucket value lies in it. */
function expected(pairs: [unknown, unknown[]][], ranges: Range[]): number[] {
  return ranges.map((range) => {
    const values = new Set<unknown>();
    for (const [bucketValue, inner] of pairs) {
      if (inRange(bucketValue, range))
        for (const v of inner) if (v !== null && v !== undefined) values.add(v);
    }
    return values.size;
  });
}

async function cardinalities(request: object): Promise<number[]> {
  const response = await search(fixture.app, request);
  const facet = response!.facets[0] as {
    buckets: { population: number; facets?: { facets?: { value: number }[]; value?: number }[] }[];
  };
  return facet.buckets.map((bucket) => {
    const inner = bucket.facets?.[0];
    return (inner?.facets?.[0]?.value ?? inner?.value ?? 0) as number;
  });
}

function groupRequest(returnType: string, ranges: Range[], method: string, query?: object) {
  return {
    return_type: returnType,
    ...(query && { query }),
    request_options: {
      paginate: { start: 0, rows: 0 },
      facets: [
        {
          name: 'Cumulative',
          aggregation_type: 'date_range',
          attribute: RELEASED,
          ranges,
          facets: [
            {
              filter: {
                type: 'terminal',
                service: 'text',
                parameters: {
                  attribute: `${GROUP}.aggregation_method`,
                  operator: 'exact_match',
                  value: method,
                },
              },
              facets: [{ name: 'Distinct', aggregation_type: 'cardinality', attribute: `${GROUP}.group_id` }],
            },
          ],
        },
      ],
    },
  };
}

/** (release date of the entry, group ids of its entities) for the entries passing `keep`. */
function entryPairs(
  method: string,
  keep: (entry: Row) => boolean = () => true,
  cutoff?: number,
): [unknown, unknown[]][] {
  const entities = new Map<number, Row[]>();
  for (const entity of fixture.docs.polymer_entity as Row[]) {
    const key = entity._entry_key as number;
    entities.set(key, [...(entities.get(key) ?? []), entity]);
  }
  return (fixture.docs.entry as Row[])
    .filter(keep)
    .map((entry) => [
      entry[RELEASED],
      (entities.get(entry._key as number) ?? []).flatMap((e) => groupIds(e, method, cutoff)),
    ]);
}

describe('distinct counts in cumulative ranges equal one distinct count per range', () => {
  const methods = ['matching_uniprot_accession', 'sequence_identity'];

  it.each(methods)('%s, ranges up to each year, entries', async (method) => {
    const ranges = upToYears(1985, 2026);
    const values = await cardinalities(groupRequest('entry', ranges, method));
    expect(values).toEqual(expected(entryPairs(method), ranges));
    expect(values.at(-1)).toBeGreaterThan(0);
  });

  it.each(methods)('%s, ranges from each year on, polymer entities', async (method) => {
    const ranges = fromYears(1985, 2026);
    const values = await cardinalities(groupRequest('polymer_entity', ranges, method));
    expect(values).toEqual(expected(entryPairs(method), ranges));
  });

  it('with a query: only the hits count, values outside the ranges hide nothing', async () => {
    // Ranges start after the archive's first year: a value first seen before 1995 still counts in
    // later ranges when it is seen again.
    const ranges = upToYears(1995, 2020);
    const method = 'matching_uniprot_accession';
    const values = await cardinalities(groupRequest('entry', ranges, method, XRAY));
    const xray = (entry: Row) => entry['rcsb_entry_info.experimental_method'] === 'X-ray';
    expect(values).toEqual(expected(entryPairs(method, xray), ranges));
  });

  it.each(methods)(
    '%s with a query, polymer entities: each value at its first (last) year among the hits',
    async (method) => {
      // The release date is the entry's: each value keeps its first (last) year among the hits.
      const xray = (entry: Row) => entry['rcsb_entry_info.experimental_method'] === 'X-ray';
      for (const ranges of [upToYears(1995, 2020), fromYears(1990, 2012)]) {
        const values = await cardinalities(groupRequest('polymer_entity', ranges, method, XRAY));
        expect(values).toEqual(expected(entryPairs(method, xray), ranges));
        expect(values.some((v) => v > 0)).toBe(true);
      }
    },
  );

  it('an attribute of the row with missing values, under cumulative number ranges at both ends', async () => {
    const SPACE_GROUP = 'symmetry.space_group_name_H_M';
    const ATOMS = 'rcsb_entry_info.deposited_atom_count';
    const pairs = (fixture.docs.entry as Row[]).map((e): [unknown, unknown[]] => [
      e[ATOMS],
      [e[SPACE_GROUP]],
    ]);
    for (const ranges of [
      [{ to: 2000 }, { to: 5000 }, { to: 20000 }],
      [{ from: 1000 }, { from: 5000 }, { from: 20000 }],
      [
        { from: 1000, to: 2000 },
        { from: 1000, to: 5000 },
      ],
    ] as Range[][]) {
      const response = await search(fixture.app, {
        return_type: 'entry',
        request_options: {
          paginate: { start: 0, rows: 0 },
          facets: [
            {
              name: 'Atoms',
              aggregation_type: 'range',
              attribute: ATOMS,
              ranges,
              facets: [{ name: 'Space groups', aggregation_type: 'cardinality', attribute: SPACE_GROUP }],
            },
          ],
        },
      });
      const buckets = response!.facets[0].buckets as { facets: { value: number }[] }[];
      expect(buckets.map((b) => b.facets[0]!.value)).toEqual(expected(pairs, ranges));
    }
  });
});

function annualRequest(returnType: string, method: string, query?: object) {
  const request = groupRequest(returnType, [], method, query);
  const [facet] = request.request_options.facets;
  return {
    ...request,
    request_options: {
      ...request.request_options,
      facets: [
        {
          name: 'Annual',
          aggregation_type: 'date_histogram',
          attribute: RELEASED,
          interval: 'year',
          min_interval_population: 1,
          facets: facet!.facets,
        },
      ],
    },
  };
}

/** Per year, the distinct values among the pairs whose date lies in it (years without pairs left out). */
function expectedPerYear(pairs: [unknown, unknown[]][]): Record<string, number> {
  const years = new Map<string, Set<unknown>>();
  for (const [date, inner] of pairs) {
    if (typeof date !== 'string') continue;
    const values = years.get(date.slice(0, 4)) ?? new Set<unknown>();
    for (const v of inner) values.add(v);
    years.set(date.slice(0, 4), values);
  }
  return Object.fromEntries([...years].map(([year, values]) => [year, values.size]));
}

async function perYear(request: object): Promise<Record<string, number>> {
  const response = await search(fixture.app, request);
  const buckets = response!.facets[0].buckets as { label: string; facets?: { value: number }[] }[];
  return Object.fromEntries(buckets.map((b) => [b.label.slice(0, 4), b.facets?.[0]?.value ?? 0]));
}

describe('annual distinct counts equal one distinct count per year', () => {
  it.each([
    ['matching_uniprot_accession', 'entry'],
    ['sequence_identity', 'polymer_entity'],
  ])('%s, %s, without and with a query', async (method, returnType) => {
    const all = await perYear(annualRequest(returnType, method));
    expect(all).toEqual(expectedPerYear(entryPairs(method)));
    expect(Object.keys(all).length).toBeGreaterThan(10);
    const xray = (entry: Row) => entry['rcsb_entry_info.experimental_method'] === 'X-ray';
    const expectedXray = expectedPerYear(entryPairs(method, xray));
    const hits = await perYear(annualRequest(returnType, method, XRAY));
    // Years where no X-ray entry has a group id count 0 among buckets that still hold entries.
    expect(Object.fromEntries(Object.entries(hits).filter(([, n]) => n > 0))).toEqual(
      Object.fromEntries(Object.entries(expectedXray).filter(([, n]) => n > 0)),
    );
  });
});

describe('the growth charts: the kept relations give the answer of the statements without them', () => {
  // Matches every entry (each has a release date) but is a query: the statements then join the
  // hits and compute every distinct value again instead of reading the kept relations.
  const everyEntry = {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: RELEASED, operator: 'exists' },
  };
  const charts = registryChartRequests().filter(({ name }) => name.startsWith('unique-'));

  it('covers the seven distinct-count charts', () => {
    expect(charts.map((c) => c.name)).toHaveLength(7);
  });

  it.each(charts.map((c) => [c.name, c.request] as const))('%s', async (_name, request) => {
    const withQuery = { ...request, query: everyEntry } as SearchRequest;
    // The two requests take different paths: only the query-free one reads a kept relation alone.
    const cardinalitySql = (r: SearchRequest) => {
      const program = DIALECTS.duckdb
        .createCompiler()
        .compile(planSearch(validateSearchRequest(r), fixture.engine.facts));
      const statements: string[] = [];
      const walk = (facets: typeof program.facets) => {
        for (const f of facets) {
          if (f.kind === 'cardinality') statements.push(f.query.sql);
          else walk(f.children);
        }
      };
      walk(program.facets);
      return statements;
    };
    const kept = cardinalitySql(request);
    expect(kept).toHaveLength(2);
    for (const sql of kept) {
      expect(sql).toMatch(/ FROM "_rel_\w+" z\d+ GROUP BY /);
      expect(sql).not.toContain(' JOIN ');
    }
    // With a query the two counts read the same (year, value) pairs of the hits: one statement.
    const queriedSql = cardinalitySql(withQuery);
    expect(queriedSql).toHaveLength(2);
    expect(new Set(queriedSql).size).toBe(1);
    expect(queriedSql[0]).toContain(' JOIN ');

    const plain = await search(fixture.app, request);
    const queried = await search(fixture.app, withQuery);
    expect(queried!.total_count).toBe(plain!.total_count);
    expect(queried!.facets).toEqual(plain!.facets);
    // The cumulative series reaches the number of distinct values in the archive, and grows.
    const cumulative = plain!.facets[1].buckets as { facets: { value: number }[] }[];
    const values = cumulative.map((b) => b.facets[0]!.value);
    expect(values.at(-1)).toBeGreaterThan(0);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});

describe('the growth charts under a query: both series, from one statement, count the hits alone', () => {
  const charts = registryChartRequests().filter(({ name }) =>
    ['unique-uniprot-entries', 'unique-protein-sequences (95)'].includes(name),
  );
  const xray = (entry: Row) => entry['rcsb_entry_info.experimental_method'] === 'X-ray';
  type Bucket = { label: string; facets?: { value: number }[] };
  const value = (bucket: Bucket) => bucket.facets?.[0]?.value ?? 0;

  it.each(charts.map((c) => [c.name, c.request] as const))('%s', async (name, request) => {
    expect(charts).toHaveLength(2);
    const [method, cutoff] = name.startsWith('unique-uniprot')
      ? ['matching_uniprot_accession']
      : ['sequence_identity', 95];
    const pairs = entryPairs(method, xray, cutoff);
    const scoped = { ...request, query: XRAY } as SearchRequest;
    const response = await search(fixture.app, scoped);
    const [annual, cumulative] = response!.facets as { buckets: Bucket[] }[];
    // Per year: the distinct values of the X-ray entries released that year (a year of X-ray
    // entries without a value counts 0).
    const perYear = Object.fromEntries(annual!.buckets.map((b) => [b.label.slice(0, 4), value(b)]));
    const expectedYears = expectedPerYear(pairs);
    expect(Object.fromEntries(Object.entries(perYear).filter(([, n]) => n > 0))).toEqual(
      Object.fromEntries(Object.entries(expectedYears).filter(([, n]) => n > 0)),
    );
    // Cumulative: the distinct values of the X-ray entries released in each range.
    const facet = (request as { request_options: { facets: { ranges: Range[] }[] } }).request_options
      .facets[1]!;
    const values = cumulative!.buckets.map(value);
    expect(values).toEqual(expected(pairs, facet.ranges));
    expect(values.at(-1)).toBeGreaterThan(0);
  });
});
