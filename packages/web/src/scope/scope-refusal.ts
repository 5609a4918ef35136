import type { QueryNode } from '@pdb-stats/search-model';
import { ApiError } from '../api/search-client.ts';

/**
 * The service's refusal of a scope: its 400 message when the request carried a scope and the
 * service names the query (`field` `query…`) as the faulty part; undefined otherwise (a 400 about the
 * chart's own facets is the chart's problem, not the scope's).
 */
export function scopeRefusal(error: unknown, scope: QueryNode | undefined): string | undefined {
  if (!scope || !(error instanceof ApiError) || error.status !== 400) return undefined;
  const field = (error.payload as { field?: unknown } | undefined)?.field;
  if (
    typeof field === 'string' &&
    field !== 'query' &&
    !field.startsWith('query.') &&
    !field.startsWith('query[')
  )
    return undefined;
  return error.message;
}
