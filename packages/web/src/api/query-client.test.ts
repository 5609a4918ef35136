import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  QUERY_RETRIES,
  QUERY_STALE_TIME_MS,
  RETRY_AFTER_CAP_MS,
  createQueryClient,
  retryDelay,
  shouldRetry,
} from './query-client.ts';
import { ApiError, postSearch } from './search-client.ts';

describe(createQueryClient.name, () => {
  it('retries twice, does not refetch on focus and keeps data fresh for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(QUERY_RETRIES).toBe(2);
    expect(QUERY_STALE_TIME_MS).toBe(300000);
    expect(defaults.queries).toMatchObject({
      refetchOnWindowFocus: false,
      staleTime: 300000,
      retry: shouldRetry,
      retryDelay,
    });
    expect(defaults.mutations).toMatchObject({ retry: shouldRetry, retryDelay });
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

describe('a busy service that sends Retry-After', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is asked once more, after the wait it asked for (at most 10 s)', () => {
    const busy = new ApiError('503 the service is overloaded; retry in 5 s', 503, undefined, 5000);
    expect(shouldRetry(0, busy)).toBe(true);
    expect(shouldRetry(1, busy)).toBe(false);
    expect(retryDelay(0, busy)).toBe(5000);
    const limited = new ApiError('429 too many searches', 429, undefined, 45_000);
    expect(shouldRetry(0, limited)).toBe(true);
    expect(retryDelay(0, limited)).toBe(RETRY_AFTER_CAP_MS);
    expect(RETRY_AFTER_CAP_MS).toBe(10_000);
    // Without Retry-After: TanStack Query's backoff, as before.
    expect(retryDelay(0, new ApiError('503', 503))).toBe(1000);
    expect(retryDelay(1, new TypeError('network'))).toBe(2000);
  });

  /** Fetches a chart's search through the dashboard's query client; `answers` in turn, then the last again. */
  async function fetchWith(answers: (() => Response)[]) {
    const asked: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        asked.push(Date.now());
        return answers[Math.min(asked.length, answers.length) - 1]!();
      }),
    );
    const client = createQueryClient();
    const result = client
      .fetchQuery({
        queryKey: ['search'],
        queryFn: () => postSearch('http://search.test', { return_type: 'entry' }),
      })
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    return { asked, result };
  }
  const overloaded = () =>
    new Response('{"status":503,"message":"the service is overloaded; retry in 3 s"}', {
      status: 503,
      headers: { 'retry-after': '3' },
    });

  it('gets the answer when the second request, Retry-After later, is answered', async () => {
    vi.useFakeTimers();
    const { asked, result } = await fetchWith([
      overloaded,
      () => new Response('{"result_type":"entry","total_count":2}', { status: 200 }),
    ]);
    await vi.advanceTimersByTimeAsync(2900);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toHaveLength(2);
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(3000);
    expect(await result).toEqual({ value: { result_type: 'entry', total_count: 2 } });
  });

  it("shows the service's message when it still refuses, after one retry", async () => {
    vi.useFakeTimers();
    const { asked, result } = await fetchWith([overloaded]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(2);
    const { error } = (await result) as { error: ApiError };
    expect(error.message).toBe('503 the service is overloaded; retry in 3 s');
  });
});
