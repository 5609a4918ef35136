import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LevelMap,
  list,
  search,
  startArchiveFixture,
  termsBuckets,
  type ArchiveFixture,
  type Row,
} from '../support/archive-fixture.ts';
import { groupedRequests } from '../support/grouped-requests.ts';

/**
 * Grouped searches over HTTP, for a generated set of requests (every grouping method, queries,
 * rankings, pages, facets, counts only): each answer is checked against the groups computed here
 * from the generated documents in plain TypeScript, never through the engine.
 */

let fixture: ArchiveFixture;
let levels: LevelMap;

beforeAll(async () => {
  fixture = await startArchiveFixture();
  levels = new LevelMap(fixture.docs);
});
afterAll(() => fixture?.close());

const entryOf = (row: Row) => levels.rows('entry')[row._entry_key as number]!;
const time = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whether a hit's entry satisfies one of the generated queries (a single text terminal or none). */
function matches(row: Row, query: Record<string, any> | undefined): boolean {
  if (!query) return true;
  const { attribute, operator, value } = query.parameters;
  const entry = entryOf(row);
  if (attribute === 'rcsb_entry_info.experimental_method') {
    return list<string>(entry[attribute]).some((m) => m.toLowerCase() === String(value).toLowerCase());
  }
  const released = time(entry[attribute] as string);
  return operator === 'less' ? released < time(value) : released <= time(value);
}

/** The group ids a hit belongs to under a grouping method. */
function groupIds(row: Row, groupBy: Record<string, any>): string[] {
  if (groupBy.aggregation_method === 'matching_chemical_component_id') {
    return list<string>(row['rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id']);
  }
  return list<Row>(row['rcsb_polymer_entity_group_membership'])
    .filter(
      (m) =>
        m.aggregation_method === groupBy.aggregation_method &&
        (groupBy.similarity_cutoff === undefined || m.similarity_cutoff === groupBy.similarity_cutoff),
    )
    .map((m) => m.group_id as string);
}

/** A member's value under the ranking criteria, best first when sorted ascending. */
function rank(row: Row, ranking: { sort_by: string; direction: 'asc' | 'desc' }): number {
  const entry = entryOf(row);
  if (ranking.sort_by === 'rcsb_entry_info.resolution_combined') {
    const values = list<number>(entry[ranking.sort_by]);
    const value = values.length ? Math.min(...values) : Infinity;
    return ranking.direction === 'asc' ? value : -value;
  }
  const value = time(entry[ranking.sort_by] as string);
  return ranking.direction === 'asc' ? value : -value;
}

/** The answer expected for a grouped request, from the documents; `null` for a 204. */
function expected(request: Record<string, any>) {
  const options = request.request_options;
  const hits = levels.rows(request.return_type).filter((row) => matches(row, request.query));
  const groups = new Map<string, Row[]>();
  let grouped = 0;
  for (const hit of hits) {
    const ids = groupIds(hit, options.group_by);
    if (ids.length > 0) grouped++;
    for (const id of ids) groups.set(id, [...(groups.get(id) ?? []), hit]);
  }
  const ranked = [...groups]
    .map(([id, members]) => ({ id, members }))
    .sort((a, b) => b.members.length - a.members.length || (a.id < b.id ? -1 : 1));
  const start = options.paginate?.start ?? 0;
  const rows = options.return_all_hits ? Infinity : (options.paginate?.rows ?? 10);
  const page = ranked.slice(start, start + rows);
  if (groups.size === 0) return null;
  if (!options.return_counts && page.length === 0 && rows > 0) return null;
  return { hits, groups: groups.size, grouped, page };
}

describe('grouped searches', () => {
  const requests = groupedRequests(120, 3);

  it('the generated set reaches every kind of answer', () => {
    const kinds = new Set(
      requests.map((r) => [r.request_options.group_by.aggregation_method, r.query === undefined].join()),
    );
    expect(kinds.size).toBe(6);
  });

  it.each(requests.map((r, i) => [i, r] as const))(
    'request %i answers as the documents say',
    async (_, request) => {
      const options = request.request_options;
      const want = expected(request);
      const response = await search(fixture.app, request);
      if (want === null) {
        expect(response).toBeNull();
        return;
      }
      expect(response).not.toBeNull();
      const answer = response!;
      expect(answer.total_count).toBe(want.groups);
      expect(answer.group_by_count).toBe(want.grouped);
      // Left out when every hit is in a group (the schema's counts start at 1).
      expect(answer.ungrouped_count).toBe(
        want.hits.length > want.grouped ? want.hits.length - want.grouped : undefined,
      );
      if (options.return_counts) {
        expect(answer.result_set ?? answer.group_set).toBeUndefined();
        return;
      }
      if (options.facets) {
        const methods = termsBuckets(
          want.hits.map((h) => [h._key as number, list(entryOf(h)['rcsb_entry_info.experimental_method'])]),
        );
        expect(answer.facets).toEqual([{ name: 'methods', buckets: methods }]);
      }
      if (want.page.length === 0) {
        expect(answer.result_set ?? answer.group_set).toBeUndefined();
        return;
      }
      const compact = options.results_verbosity === 'compact';
      const id = (item: any): string => (compact ? item : item.identifier);
      const ranking = options.group_by.ranking_criteria_type;
      const best = (members: Row[]) => Math.min(...members.map((m) => rank(m, ranking)));
      const byId = new Map(want.hits.map((h) => [h.rcsb_id as string, h]));
      if (options.group_by_return_type === 'groups' && compact) {
        // Identifiers only: the groups of the page, in order.
        expect(answer.group_set).toEqual(want.page.map((g) => g.id));
      } else if (options.group_by_return_type === 'groups') {
        expect(answer.group_set.map((g: any) => [g.identifier, g.count])).toEqual(
          want.page.map((g) => [g.id, g.members.length]),
        );
        for (const [i, group] of answer.group_set.entries()) {
          const members = want.page[i]!.members;
          expect(group.result_set.map(id).sort()).toEqual(members.map((m) => m.rcsb_id).sort());
          expect(id(group.result_set[0])).toBe(group.representative.identifier);
          if (ranking) {
            // Members in ranking order, the representative first.
            const values = group.result_set.map((item: any) => rank(byId.get(id(item))!, ranking));
            expect(values).toEqual([...values].sort((a, b) => a - b));
            expect(values[0]).toBe(best(members));
          }
        }
      } else {
        expect(answer.result_set).toHaveLength(want.page.length);
        for (const [i, item] of answer.result_set.entries()) {
          const members = want.page[i]!.members;
          expect(members.map((m) => m.rcsb_id)).toContain(id(item));
          if (ranking) expect(rank(byId.get(id(item))!, ranking)).toBe(best(members));
        }
      }
    },
  );
});
