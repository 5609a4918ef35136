import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { ApiError, postSearch } from '../api/search-client.ts';

export { ApiError };

/** A search answer; grouped answers carry `group_set`. 204 is null. */
export type SearchAnswer = SearchResponse & {
  group_set?: {
    identifier: string;
    count: number;
    representative?: { identifier: string };
    result_set?: SearchResponse['result_set'];
  }[];
};

export function runSearch(searchApiUrl: string, request: SearchRequest): Promise<SearchAnswer | null> {
  return postSearch(searchApiUrl, request);
}

/**
 * A failed search as the pages tell it: the service's message, and the JSON path of the faulty field
 * when the service names one (our service's 400 body: `{message, field}`).
 */
export function describeFailure(error: unknown): { message: string; field?: string; invalid: boolean } {
  if (error instanceof ApiError) {
    const payload = error.payload as { message?: unknown; field?: unknown } | undefined;
    const message = typeof payload?.message === 'string' ? payload.message : error.message;
    const field = typeof payload?.field === 'string' && payload.field !== '' ? payload.field : undefined;
    return { message, invalid: error.status === 400, ...(field && { field }) };
  }
  return { message: (error as Error)?.message ?? String(error), invalid: false };
}
