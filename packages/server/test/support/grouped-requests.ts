/**
 * A generated set of grouped search requests (HTTP bodies): every grouping method and cutoff, with
 * and without a query, facets, ranking in both directions, pages inside, at and beyond the groups,
 * all hits, counts only, and both verbosities and group return types. Deterministic for a seed.
 */

const text = (attribute: string, operator: string, value: unknown) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value },
});

const GROUPINGS = [
  { returnType: 'polymer_entity', groupBy: { aggregation_method: 'matching_uniprot_accession' } },
  ...[100, 95, 90, 70, 50, 30].map((cutoff) => ({
    returnType: 'polymer_entity',
    groupBy: { aggregation_method: 'sequence_identity', similarity_cutoff: cutoff },
  })),
  { returnType: 'non_polymer_entity', groupBy: { aggregation_method: 'matching_chemical_component_id' } },
];

const QUERIES: (object | undefined)[] = [
  undefined,
  text('rcsb_accession_info.initial_release_date', 'less_or_equal', '2005-12-31'),
  text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'),
  // Matches nothing: the answer is a 204.
  text('rcsb_accession_info.initial_release_date', 'less', '1900-01-01'),
];

const RANKINGS: (object | undefined)[] = [
  undefined,
  { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' },
  { sort_by: 'rcsb_accession_info.initial_release_date', direction: 'desc' },
];

const OPTIONS: object[] = [
  { paginate: { start: 0, rows: 3 } },
  { paginate: { start: 2, rows: 4 }, results_verbosity: 'compact' },
  { paginate: { start: 0, rows: 25 } },
  { paginate: { start: 100000, rows: 10 } },
  { return_all_hits: true },
  { return_counts: true },
  {
    paginate: { start: 0, rows: 0 },
    facets: [
      { name: 'methods', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
    ],
  },
  {
    paginate: { start: 1, rows: 2 },
    facets: [
      { name: 'methods', aggregation_type: 'terms', attribute: 'rcsb_entry_info.experimental_method' },
    ],
  },
];

/** A small deterministic generator (mulberry32), so that the set is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function groupedRequests(count: number, seed = 1): Record<string, any>[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: count }, () => {
    const { returnType, groupBy } = pick(GROUPINGS);
    const query = pick(QUERIES);
    const ranking = pick(RANKINGS);
    return {
      ...(query && { query }),
      return_type: returnType,
      request_options: {
        group_by: { ...groupBy, ...(ranking && { ranking_criteria_type: ranking }) },
        ...(next() < 0.5 && { group_by_return_type: 'groups' }),
        ...pick(OPTIONS),
      },
    };
  });
}
