import type { SearchServiceClient } from '@pdb-stats/charts';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, httpServiceClient } from './search-client.ts';

/** Fetching constants: retries, timeouts and how long answers stay fresh. */
export const QUERY_RETRIES = 2;
export const QUERY_STALE_TIME_MS = 300_000;

/** Longest wait before asking again that a Retry-After may ask for; a visitor waits for the chart. */
export const RETRY_AFTER_CAP_MS = 10_000;

/** A refusal of a busy service (429, 503) that says when to ask again. */
const askedToWait = (error: unknown): error is ApiError & { retryAfterMs: number } =>
  error instanceof ApiError &&
  (error.status === 429 || error.status === 503) &&
  error.retryAfterMs !== undefined;

/**
 * Requests the service rejected as invalid (4xx) cannot succeed on retry. A busy service that
 * says when to come back is asked once more, then; if it still refuses, its message is shown.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (askedToWait(error)) return failureCount < 1;
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
    return false;
  return failureCount < QUERY_RETRIES;
}

/** The wait before a retry: what Retry-After asked for (capped), else TanStack Query's backoff. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (askedToWait(error)) return Math.min(error.retryAfterMs, RETRY_AFTER_CAP_MS);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** The search service a query client's queries ask, when not the one its config names over HTTP. */
const services = new WeakMap<QueryClient, SearchServiceClient>();

/**
 * The search service the queries of `client` ask: the one it was created with (the server drawing a
 * page passes the service itself), else the service at `searchApiUrl` over HTTP.
 */
export function serviceOf(client: QueryClient, searchApiUrl: string): SearchServiceClient {
  return services.get(client) ?? httpServiceClient(searchApiUrl);
}

/** One client per page load, created outside rendering; `service` answers its queries instead of HTTP. */
export function createQueryClient(service?: SearchServiceClient): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_TIME_MS,
      },
      mutations: { retry: shouldRetry, retryDelay },
    },
  });
  if (service) services.set(client, service);
  return client;
}
