import type { ReturnType, SearchRequest, SortOption } from '@pdb-stats/search-model';

/** Identifiers per results page. */
export const PAGE_SIZE = 25;

export interface SortChoice {
  key: string;
  label: string;
  /** The heading of the results column this order sorts, so that a click on it picks the order. */
  column?: string;
  /** Undefined: the request's own order, or score (the service's default). */
  sort?: SortOption[];
}

const RELEASE = 'rcsb_accession_info.initial_release_date';
const CHEM_RELEASE = 'rcsb_chem_comp_info.initial_release_date';

/** The service's own order: by score, which only a full-text search makes differ between hits. */
const DEFAULT_ORDER: SortChoice = { key: 'score', label: 'Score' };

const byRelease = (attribute: string): SortChoice[] => [
  {
    key: 'release-desc',
    label: 'Release date, newest first',
    column: 'Released',
    sort: [{ sort_by: attribute, direction: 'desc' }],
  },
  {
    key: 'release-asc',
    label: 'Release date, oldest first',
    column: 'Released',
    sort: [{ sort_by: attribute, direction: 'asc' }],
  },
];

const STRUCTURE_SORTS: SortChoice[] = [
  DEFAULT_ORDER,
  ...byRelease(RELEASE),
  {
    key: 'resolution',
    label: 'Resolution, best first',
    column: 'Resolution',
    sort: [{ sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' }],
  },
  {
    key: 'resolution-desc',
    label: 'Resolution, worst first',
    column: 'Resolution',
    sort: [{ sort_by: 'rcsb_entry_info.resolution_combined', direction: 'desc' }],
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
    DEFAULT_ORDER,
    ...byRelease(CHEM_RELEASE),
    {
      key: 'weight-asc',
      label: 'Formula weight, lightest first',
      column: 'Formula weight',
      sort: [{ sort_by: 'chem_comp.formula_weight', direction: 'asc' }],
    },
    {
      key: 'weight-desc',
      label: 'Formula weight, heaviest first',
      column: 'Formula weight',
      sort: [{ sort_by: 'chem_comp.formula_weight', direction: 'desc' }],
    },
  ],
};

export function sortChoice(returnType: ReturnType, key: string | null): SortChoice | undefined {
  return SORT_CHOICES[returnType]?.find((choice) => choice.key === key);
}

/** True when the query searches free text somewhere, the one search whose hits differ in score. */
function searchesText(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const { service, nodes } = node as { service?: unknown; nodes?: unknown };
  return service === 'full_text' || (Array.isArray(nodes) && nodes.some(searchesText));
}

/**
 * What the service's own order is called: "Relevance (score)" for a full-text search; otherwise
 * every hit scores the same and the order says nothing of relevance, so it is not called a score.
 */
export function defaultOrderLabel(request: SearchRequest): string {
  return searchesText(request.query) ? 'Relevance (score)' : 'Default order';
}

/**
 * The order a click on a column's heading picks: the column's first order, or, when the results are
 * already in it, the opposite one. Undefined for a column that cannot be sorted.
 */
export function headingSort(
  returnType: ReturnType,
  column: string,
  current: string | undefined,
): SortChoice | undefined {
  const choices = (SORT_CHOICES[returnType] ?? []).filter((choice) => choice.column === column);
  const index = choices.findIndex((choice) => choice.key === current);
  return choices[index < 0 ? 0 : (index + 1) % choices.length];
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

/** The page of a results page's address (`&page=`, `&sort=`): its number, order, first row and request. */
export function addressedPage(request: SearchRequest, params: URLSearchParams) {
  const page = parsePage(params.get('page'));
  const choice = sortChoice(request.return_type, params.get('sort'));
  const start = (page - 1) * PAGE_SIZE;
  return { page, choice, start, request: resultsRequest(request, { start, rows: PAGE_SIZE }, choice) };
}
