import { describe, expect, it } from 'vitest';
import { QUERY_RETRIES, QUERY_STALE_TIME_MS, createQueryClient, shouldRetry } from './query-client.ts';
import { ApiError } from './search-client.ts';

describe(createQueryClient.name, () => {
  it('retries twice, does not refetch on focus and keeps data fresh for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(QUERY_RETRIES).toBe(2);
    expect(QUERY_STALE_TIME_MS).toBe(300000);
    expect(defaults.queries).toMatchObject({
      refetchOnWindowFocus: false,
      staleTime: 300000,
      retry: shouldRetry,
    });
    expect(defaults.mutations).toMatchObject({ retry: shouldRetry });
  });
});

describe(shouldRetry.name, () => {
  it('retries server and network errors twice', () => {
    expect(shouldRetry(0, new ApiError('500', 500))).toBe(true);
    expect(shouldRetry(1, new TypeError('network'))).toBe(true);
    expect(shouldRetry(2, new ApiError('503', 503))).toBe(false);
  });

  it('does not retry requests the service rejected', () => {
    expect(shouldRetry(0, new ApiError('400 bad facet', 400))).toBe(false);
    expect(shouldRetry(0, new ApiError('429', 429))).toBe(true);
  });
});
