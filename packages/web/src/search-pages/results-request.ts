import type { ReturnType, SearchRequest, SortOption } from '@pdb-stats/search-model';

/** Identifiers per results page. */
export const PAGE_SIZE = 25;

export interface SortChoice {
  key: string;
  label: string;
  /** Undefined: the request's own order, or score (the service's default). */
  sort?: SortOption[];
}

const RELEASE = 'rcsb_accession_info.initial_release_date';
const CHEM_RELEASE = 'rcsb_chem_comp_info.initial_release_date';

const byRelease = (attribute: string): SortChoice[] => [
  {
    key: 'release-desc',
    label: 'Release date, newest first',
    sort: [{ sort_by: attribute, direction: 'desc' }],
  },
  {
    key: 'release-asc',
    label: 'Release date, oldest first',
    sort: [{ sort_by: attribute, direction: 'asc' }],
  },
];

const STRUCTURE_SORTS: SortChoice[] = [
  { key: 'score', label: 'Score' },
  ...byRelease(RELEASE),
  {
    key: 'resolution',
    label: 'Resolution, best first',
    sort: [{ sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' }],
  },
];

/** The orders a results page offers, per return type; the first is the default. */
export const SORT_CHOICES: Record<ReturnType, readonly SortChoice[]> = {
  entry: STRUCTURE_SORTS,
  polymer_entity: STRUCTURE_SORTS,
  polymer_instance: STRUCTURE_SORTS,
  non_polymer_entity: STRUCTURE_SORTS,
  assembly: STRUCTURE_SORTS,
  mol_definition: [
    { key: 'score', label: 'Score' },
    ...byRelease(CHEM_RELEASE),
    {
      key: 'weight-asc',
      label: 'Formula weight, lightest first',
      sort: [{ sort_by: 'chem_comp.formula_weight', direction: 'asc' }],
    },
    {
      key: 'weight-desc',
      label: 'Formula weight, heaviest first',
      sort: [{ sort_by: 'chem_comp.formula_weight', direction: 'desc' }],
    },
  ],
};

export function sortChoice(returnType: ReturnType, key: string | null): SortChoice | undefined {
  return SORT_CHOICES[returnType]?.find((choice) => choice.key === key);
}

/** Grouped requests page through groups, whose order the sort does not decide. */
export function isGrouped(request: SearchRequest): boolean {
  return request.request_options?.group_by_return_type === 'groups';
}

/** `?page=` as a 1-based page number; anything else is page 1. */
export function parsePage(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The request for one page of identifiers: the given request's query, return type and options, with
 * its facets, counting options and paging replaced, so that the total is the one the chart and the
 * query editor show.
 */
export function resultsRequest(
  request: SearchRequest,
  page: { start: number; rows: number },
  choice?: SortChoice,
): SearchRequest {
  const {
    facets: _facets,
    paginate: _paginate,
    return_all_hits: _all,
    return_counts: _counts,
    results_verbosity: _verbosity,
    sort,
    ...kept
  } = request.request_options ?? {};
  const order = choice ? choice.sort : sort;
  return {
    ...request,
    request_options: { ...kept, paginate: page, ...(order && { sort: order }) },
  };
}
