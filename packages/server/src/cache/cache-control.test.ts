import { describe, expect, it } from 'vitest';
import { answerCacheControl, pageCacheControl } from './cache-control.ts';

const NOON = Date.UTC(2026, 6, 1, 12);
const FIVE_TO_MIDNIGHT = Date.UTC(2026, 6, 1, 23, 55);

describe('Cache-Control of computed answers and pages', () => {
  it('lets a shared cache keep answers of a loaded archive longer than browsers, and serve them while it asks again', () => {
    expect(answerCacheControl('archive', NOON)).toBe(
      'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    );
  });

  it('keeps answers of a remote service no later than the end of their UTC day', () => {
    expect(answerCacheControl('day', NOON)).toBe(
      'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
    );
    expect(answerCacheControl('day', FIVE_TO_MIDNIGHT)).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=86400',
    );
    expect(answerCacheControl('day', FIVE_TO_MIDNIGHT + 60_000)).toBe(
      'public, max-age=240, s-maxage=240, stale-while-revalidate=86400',
    );
  });

  it('has browsers revalidate every page, and a shared cache keep only pages drawn from current answers', () => {
    expect(pageCacheControl('archive', true, NOON)).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=86400',
    );
    expect(pageCacheControl('day', true, FIVE_TO_MIDNIGHT + 4 * 60_000)).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=86400',
    );
    expect(pageCacheControl('archive', false, NOON)).toBe('no-cache');
  });
});
