import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, postSearch, retryAfterMs } from './search-client.ts';

const answer = (status: number, body: string) =>
  vi.fn(async () => new Response(status === 204 ? null : body, { status }));

afterEach(() => vi.unstubAllGlobals());

describe(postSearch.name, () => {
  const request = { return_type: 'entry' } as const;

  it('returns a well-formed answer, and null for 204', async () => {
    vi.stubGlobal('fetch', answer(200, '{"result_type":"entry","total_count":3}'));
    await expect(postSearch('http://search.test', request)).resolves.toEqual({
      result_type: 'entry',
      total_count: 3,
    });
    vi.stubGlobal('fetch', answer(204, ''));
    await expect(postSearch('http://search.test', request)).resolves.toBeNull();
  });

  it('turns the service message of a failure into an ApiError with the status', async () => {
    vi.stubGlobal('fetch', answer(500, '{"message":"Internal Server Error"}'));
    const error = await postSearch('http://search.test', request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: '500 Internal Server Error' });
  });

  it('says so when the answer is not JSON, or not of the Search API shape', async () => {
    vi.stubGlobal('fetch', answer(200, '{"total_co'));
    await expect(postSearch('http://search.test', request)).rejects.toThrow(
      new ApiError('The search service sent an answer that is not JSON', 200),
    );
    vi.stubGlobal(
      'fetch',
      answer(200, '{"total_count":1,"facets":[{"name":"Y","buckets":[{"label":"a"}]}]}'),
    );
    const error = await postSearch('http://search.test', request).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 200,
      message:
        'The search service sent an answer of an unexpected shape: facets[0].buckets[0].population is not a number',
    });
  });
});

describe(retryAfterMs.name, () => {
  it('reads seconds and HTTP dates; nothing for a missing or unreadable header', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('is kept on the ApiError of a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"status":503,"message":"the service is overloaded; retry in 5 s"}', {
            status: 503,
            headers: { 'retry-after': '5' },
          }),
      ),
    );
    const error = await postSearch('http://search.test', { return_type: 'entry' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 5000 });
  });
});
