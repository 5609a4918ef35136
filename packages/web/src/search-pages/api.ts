import type { ReturnType, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { trimBase } from '../api/addresses.ts';
import { ApiError, postSearch } from '../api/search-client.ts';
import type { KeyDocument } from './columns.ts';

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
 * Key attributes of identifiers from our service (`GET /rcsbsearch/v2/documents`). Other search
 * services have no such endpoint: then the identifiers are shown alone (an empty map).
 */
export async function lookupDocuments(
  searchApiUrl: string,
  returnType: ReturnType,
  ids: readonly string[],
): Promise<Map<string, KeyDocument>> {
  if (ids.length === 0) return new Map();
  const url = `${trimBase(searchApiUrl)}/rcsbsearch/v2/documents?return_type=${encodeURIComponent(returnType)}&ids=${ids.map(encodeURIComponent).join(',')}`;
  try {
    const response = await fetch(url);
    if (!response.ok) return new Map();
    const body = (await response.json()) as { documents?: KeyDocument[] };
    return new Map((body.documents ?? []).map((document) => [document.identifier, document]));
  } catch {
    return new Map();
  }
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
