import { findAttribute, type Condition, type PlannedRequest } from '@pdb-stats/search-model';
import type { ArchiveFacts } from '../nodes.ts';

const METHODOLOGY = 'rcsb_entry_info.structure_determination_methodology';
const COMPUTATIONAL = 'computational';

/**
 * `results_content_type` as an entry condition: `experimental` keeps experimental
 * and integrative entries (and entries without a methodology, which cannot be computed models),
 * `computational` keeps computed models. The condition is left out when it would exclude nothing
 * in this archive, which spares every chart request a filter.
 */
export function applyContentTypes(facts: ArchiveFacts) {
  return (request: PlannedRequest): PlannedRequest => {
    const wanted = new Set(request.contentTypes);
    if (wanted.has('experimental') && wanted.has('computational')) return request;
    const computational = wanted.has('computational');
    const kept = (value: string | null) => (value === COMPUTATIONAL) === computational;
    if (facts.methodologies.every(kept)) return request;
    const attribute = findAttribute(METHODOLOGY, 'entry');
    if (!attribute) throw new Error(`the catalogue lacks ${METHODOLOGY}`);
    const condition: Condition = {
      kind: 'condition',
      attribute,
      comparison: { operator: 'exact_match', value: COMPUTATIONAL, caseSensitive: true },
      negation: !computational,
    };
    // A group of its own: the request's query keeps its same-record grouping intact.
    const query = request.query
      ? { kind: 'group' as const, logicalOperator: 'and' as const, nodes: [request.query, condition] }
      : condition;
    return { ...request, query };
  };
}
