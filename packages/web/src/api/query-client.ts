import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './search-client.ts';

/** Fetching constants: retries, timeouts and how long answers stay fresh. */
export const QUERY_RETRIES = 2;
export const QUERY_STALE_TIME_MS = 300_000;

/** Requests the service rejected as invalid (4xx) cannot succeed on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
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

/** One client per page load, created outside rendering. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: QUERY_STALE_TIME_MS },
      mutations: { retry: shouldRetry },
    },
  });
}
