import type { PlannedRequest, PlannedSort } from '@pdb-stats/search-model';
import type { ArchiveFacts, SearchPlan, SortKey } from './nodes.ts';
import { applyContentTypes } from './steps/content-types.ts';
import { planFacets } from './steps/facet-nodes.ts';
import { toPredicate } from './steps/to-predicate.ts';

/** A planning step on the validated request; each is pure and tested alone. */
export type RequestStep = (request: PlannedRequest) => PlannedRequest;

export function requestSteps(facts: ArchiveFacts): RequestStep[] {
  return [applyContentTypes(facts)];
}

function sortKeys(sort: readonly PlannedSort[]): SortKey[] {
  // Every attribute-search hit scores 1, so a score sort orders nothing: the identifier decides.
  return sort.flatMap((s) => (s.attribute ? [{ attribute: s.attribute, direction: s.direction }] : []));
}

/** Validated request -> plan: the request steps, then predicates and facet nodes. */
export function planSearch(request: PlannedRequest, facts: ArchiveFacts): SearchPlan {
  const planned = requestSteps(facts).reduce((r, step) => step(r), request);
  const { returnType } = planned;
  return {
    returnType,
    ...(planned.query && { hits: toPredicate(planned.query, returnType) }),
    page: planned.page,
    sort: sortKeys(planned.sort),
    facets: planFacets(planned.facets, returnType),
    countOnly: planned.countOnly,
    verbosity: planned.verbosity,
    ...(planned.queryId !== undefined && { queryId: planned.queryId }),
  };
}
