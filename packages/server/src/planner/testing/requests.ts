import { validateSearchRequest, type PlannedRequest } from '@pdb-stats/search-model';

/** Builders of Search API requests for tests, in the wire format clients send. */
export const text = (attribute: string, operator: string, value?: unknown, extra: object = {}) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, ...(value !== undefined && { value }), ...extra },
});
export const chem = (attribute: string, operator: string, value?: unknown) => ({
  ...text(attribute, operator, value),
  service: 'text_chem',
});
export const not = (attribute: string, operator: string, value?: unknown) =>
  text(attribute, operator, value, { negation: true });
export const and = (...nodes: object[]) => ({ type: 'group', logical_operator: 'and', nodes });
export const or = (...nodes: object[]) => ({ type: 'group', logical_operator: 'or', nodes });

/** A validated request, as the engine receives it (dates resolved against a fixed "now"). */
export function plan(request: object): PlannedRequest {
  return validateSearchRequest(request, { now: new Date('2026-01-01T00:00:00Z') });
}

/** A request for all identifiers of a query, compact. */
export function ids(query: object | undefined, returnType = 'entry', options: object = {}): PlannedRequest {
  return plan({
    ...(query && { query }),
    return_type: returnType,
    request_options: { return_all_hits: true, results_verbosity: 'compact', ...options },
  });
}

/** A facet-only request. */
export function facets(
  list: object[],
  returnType = 'entry',
  query?: object,
  options: object = {},
): PlannedRequest {
  return plan({
    ...(query && { query }),
    return_type: returnType,
    request_options: { paginate: { start: 0, rows: 0 }, facets: list, ...options },
  });
}
