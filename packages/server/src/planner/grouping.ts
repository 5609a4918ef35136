import {
  findAttribute,
  GROUP_SOURCE,
  type Bucket,
  type Condition,
  type Criterion,
  type FacetResult,
  type CatalogueAttribute,
  type PlannedGroupBy,
  type PlannedRequest,
  type ResultItem,
  type SearchResponse,
} from '@pdb-stats/search-model';
import type { ProgramStep, RequestProgram, StepAnswers } from './program-steps.ts';

const CUTOFF = 'rcsb_polymer_entity_group_membership.similarity_cutoff';

function attribute(path: string, plan: PlannedRequest): CatalogueAttribute {
  const found = findAttribute(path, plan.returnType);
  if (!found) throw new Error(`grouping attribute ${path} is missing from the catalogue`);
  return found;
}

function condition(attr: CatalogueAttribute, comparison: Condition['comparison']): Condition {
  return { kind: 'condition', attribute: attr, comparison, negation: false };
}

/** The membership record of the grouping method, optionally of the given groups only. */
function membership(plan: PlannedRequest, groupBy: PlannedGroupBy, ids?: string[]): Criterion {
  const source = GROUP_SOURCE[groupBy.method];
  const nodes: Condition[] = [];
  if (source.method) {
    nodes.push(
      condition(attribute(source.method, plan), {
        operator: 'exact_match',
        value: groupBy.method,
        caseSensitive: true,
      }),
    );
  }
  if (groupBy.similarityCutoff !== undefined) {
    nodes.push(condition(attribute(CUTOFF, plan), { operator: 'equals', value: groupBy.similarityCutoff }));
  }
  if (ids) nodes.push(condition(attribute(source.id, plan), { operator: 'in', values: ids }));
  // A method without a method attribute or cutoff (chemical components): a hit belongs to a group
  // when it has a group id at all.
  if (nodes.length === 0) nodes.push(condition(attribute(source.id, plan), { operator: 'exists' }));
  return nodes.length === 1 ? nodes[0]! : { kind: 'group', logicalOperator: 'and', nodes };
}

const and = (a: Criterion | undefined, b: Criterion): Criterion =>
  a ? { kind: 'group', logicalOperator: 'and', nodes: [a, b] } : b;

function bucketsOf(facets: FacetResult[] | undefined, name: string): Bucket[] {
  const facet = facets?.find((f) => f.name === name);
  return facet && 'buckets' in facet ? facet.buckets : [];
}

function valueOf(facets: FacetResult[] | undefined, name: string): number {
  const facet = facets?.find((f) => f.name === name);
  return facet && 'value' in facet ? facet.value : 0;
}

const base = (plan: PlannedRequest): PlannedRequest => ({
  ...plan,
  page: { start: 0, rows: 0, all: false },
  sort: [],
  facets: [],
  countOnly: false,
  groupBy: undefined,
});

function groupCountOf(overview: SearchResponse | null | undefined): number {
  return valueOf(overview?.facets, 'groups');
}

/** The group buckets of the requested page, from the overview's groups ordered by hit count. */
function pageOf(plan: PlannedRequest, overview: SearchResponse | null | undefined): Bucket[] {
  const { start, rows, all } = plan.page;
  return bucketsOf(overview?.facets, 'page').slice(start, all ? undefined : start + rows);
}

/** The members of each group of the page, by group id. */
function membersOf(inPage: SearchResponse | null | undefined): Map<string, string[]> {
  return new Map(
    bucketsOf(inPage?.facets, 'groups').map((b) => [
      b.label,
      bucketsOf(b.facets, 'members').map((m) => m.label),
    ]),
  );
}

/**
 * A grouped search as plain searches, so that every engine supports it (the pipeline runs them in
 * one engine session, so one time limit covers them all):
 * 1. `groups`: the groups of all hits, ordered by hit count (descending, then id), with their number;
 * 2. `grouped-hits`: the hits that belong to a group;
 * 3. `facets`: the requested facets, over all hits;
 * 4. `page-members`: the members of the groups on the requested page;
 * 5. `member-ranking`: those members ranked by the ranking criteria; the first is the group's
 *    representative.
 * `total_count` is the number of groups, `group_by_count` the hits that belong to a group and
 * `ungrouped_count` those that do not (left out when none: the schema's counts start at 1).
 * A step whose result the answer cannot use (no groups, counts only, an empty page) is skipped.
 */
export function groupedProgram(plan: PlannedRequest, groupBy: PlannedGroupBy): RequestProgram {
  const source = GROUP_SOURCE[groupBy.method];
  const groupId = attribute(source.id, plan);
  const { start, rows, all } = plan.page;
  const wanted = all ? 65536 : Math.min(65536, start + rows);
  /** Whether the answer lists groups or facets: some group matched and more than counts are asked. */
  const compactGroups = groupBy.returnType === 'groups' && plan.verbosity === 'compact';
  const listsGroups = (answers: StepAnswers) => groupCountOf(answers.get('groups')) > 0 && !plan.countOnly;
  const steps: ProgramStep[] = [
    {
      name: 'groups',
      request: () => ({
        ...base(plan),
        facets: [
          {
            kind: 'filter',
            filter: membership(plan, groupBy),
            facets: [
              { kind: 'cardinality', name: 'groups', attribute: groupId },
              {
                kind: 'terms',
                name: 'page',
                attribute: groupId,
                minPopulation: 1,
                maxIntervals: Math.max(1, wanted),
                facets: [],
              },
            ],
          },
        ],
      }),
    },
    {
      name: 'grouped-hits',
      request: (answers) =>
        answers.get('groups')
          ? { ...base(plan), query: and(plan.query, membership(plan, groupBy)) }
          : undefined,
    },
    {
      name: 'facets',
      request: (answers) =>
        listsGroups(answers) && plan.facets.length > 0 ? { ...base(plan), facets: plan.facets } : undefined,
    },
    {
      name: 'page-members',
      request: (answers) => {
        // Compact groups are their identifiers alone: their members are not needed.
        if (!listsGroups(answers) || compactGroups) return undefined;
        const ids = pageOf(plan, answers.get('groups')).map((b) => b.label);
        if (ids.length === 0) return undefined;
        return {
          ...base(plan),
          query: and(plan.query, membership(plan, groupBy, ids)),
          facets: [
            {
              kind: 'filter',
              filter: membership(plan, groupBy, ids),
              facets: [
                {
                  kind: 'terms',
                  name: 'groups',
                  attribute: groupId,
                  minPopulation: 1,
                  maxIntervals: 65536,
                  facets: [
                    {
                      kind: 'terms',
                      name: 'members',
                      attribute: attribute('rcsb_id', plan),
                      minPopulation: 1,
                      maxIntervals: 65536,
                      facets: [],
                    },
                  ],
                },
              ],
            },
          ],
        };
      },
    },
    {
      name: 'member-ranking',
      request: (answers) =>
        answers.has('page-members')
          ? {
              ...base(plan),
              query: condition(attribute('rcsb_id', plan), {
                operator: 'in',
                values: [...new Set([...membersOf(answers.get('page-members')).values()].flat())],
              }),
              sort: groupBy.ranking,
              page: { start: 0, rows: 0, all: true },
              verbosity: 'compact',
            }
          : undefined,
    },
  ];
  return { steps, answer: (answers) => groupedAnswer(plan, groupBy, answers) };
}

/** The response of a grouped search from the answers of its steps. */
function groupedAnswer(
  plan: PlannedRequest,
  groupBy: PlannedGroupBy,
  answers: StepAnswers,
): SearchResponse | null {
  const overview = answers.get('groups');
  if (!overview) return null;
  const grouped = answers.get('grouped-hits')?.total_count ?? 0;
  const groupCount = groupCountOf(overview);
  const response: SearchResponse & Record<string, unknown> = {
    query_id: overview.query_id,
    result_type: plan.returnType,
    total_count: groupCount,
    group_by: groupBy.echo,
    group_by_count: grouped,
  };
  // Sent only when some hit belongs to no group: the schema's counts start at 1.
  if (overview.total_count > grouped) response.ungrouped_count = overview.total_count - grouped;
  if (groupCount === 0) return null;
  if (plan.countOnly) return response;
  const facets = answers.get('facets')?.facets;
  if (facets) response.facets = facets;
  const page = pageOf(plan, overview);
  if (page.length === 0) return plan.page.rows > 0 || plan.page.all ? null : response;

  const members = membersOf(answers.get('page-members'));
  const order = new Map((answers.get('member-ranking')?.result_set ?? []).map((id, i) => [id as string, i]));
  const item = (identifier: string): ResultItem =>
    plan.verbosity === 'compact' ? identifier : { identifier, score: 1 };
  const groups = page.map((bucket) => {
    const memberIds = (members.get(bucket.label) ?? []).sort(
      (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
    );
    return { identifier: bucket.label, score: 1, count: bucket.population, memberIds };
  });
  if (groupBy.returnType === 'groups' && plan.verbosity === 'compact') {
    // Compact answers are identifiers only: the schema allows a group as its identifier alone,
    // while a group object must list its members as objects.
    response.group_set = groups.map((g) => g.identifier);
  } else if (groupBy.returnType === 'groups') {
    response.group_set = groups.map((g) => ({
      identifier: g.identifier,
      score: g.score,
      count: g.count,
      representative: { identifier: g.memberIds[0], score: 1 },
      result_set: g.memberIds.map(item),
    }));
  } else {
    response.result_set = groups.map((g) => item(g.memberIds[0] ?? ''));
  }
  return response;
}
