import { CHARTS, resolveChart, yearNode } from '@pdb-stats/charts';
import type { QueryNode, SearchRequest } from '@pdb-stats/search-model';

/** The chart the map draws: entries per funding country (a terms facet, every country). */
export const FUNDING_CHART = resolveChart(CHARTS['funding-countries']);
const RELEASE_DATE = 'rcsb_accession_info.initial_release_date';
const COUNTRY_ATTRIBUTE = 'pdbx_audit_support.country';
/** Funding is declared since mid 2016: the slider starts the year before, when a few entries have it. */
export const FIRST_MAP_YEAR = 2015;

/** The release year an address names (`?year=2021`), or none: all years. */
export function mapYearOf(params: URLSearchParams, lastYear: number): number | undefined {
  const year = Number(params.get('year'));
  return Number.isInteger(year) && year >= FIRST_MAP_YEAR && year <= lastYear ? year : undefined;
}

/** The address's parameters showing a year (one before the first: all years, no parameter). */
export function withYear(params: URLSearchParams, year: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (year >= FIRST_MAP_YEAR) next.set('year', String(year));
  else next.delete('year');
  return next;
}

/** The scope of a release year (none: the whole archive). */
export function yearScope(year: number | undefined): QueryNode | undefined {
  return year === undefined ? undefined : yearNode(RELEASE_DATE, String(year), 'annual');
}

/** The search of one country's entries (in a release year): what a click on the country opens. */
export function countrySearch(country: string, year: number | undefined): SearchRequest {
  const node: QueryNode = {
    type: 'terminal',
    service: 'text',
    parameters: { attribute: COUNTRY_ATTRIBUTE, operator: 'exact_match', value: country },
  };
  const scope = yearScope(year);
  return {
    query: scope ? { type: 'group', logical_operator: 'and', nodes: [node, scope] } : node,
    return_type: 'entry',
  };
}
