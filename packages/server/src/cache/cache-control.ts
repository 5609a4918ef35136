import type { AnswerLifetime } from '../sources/answer-source.ts';

/**
 * Cache-Control of what the server computes (search answers, chart data, pages), for browsers and for
 * a shared cache in front (a CDN). Their ETags change with the archive version, so a shared cache that
 * revalidates gets the new answer as soon as another archive is served; `s-maxage` says how long it
 * may answer without asking, `stale-while-revalidate` how long it may keep answering while it asks.
 */

/** Browsers keep an answer this long. */
const ANSWER_MAX_AGE_S = 300;
/** A shared cache keeps an answer this long without asking: an archive is replaced weekly at most. */
const ANSWER_SHARED_MAX_AGE_S = 3600;
/** A page names the archive's date and counts: a shared cache asks again sooner. */
const PAGE_SHARED_MAX_AGE_S = 300;
/** A shared cache may answer with what it holds while it asks again, this long. */
const STALE_WHILE_REVALIDATE_S = 86_400;
/** An answer kept from before its source stopped answering: briefly, by anyone. */
export const STALE_ANSWER_CACHE_CONTROL = 'public, max-age=30';

const DAY_S = 86_400;

/** Seconds until the answers of a source stop holding: none for a loaded archive, the UTC day's end for a remote service. */
function secondsLeft(lifetime: AnswerLifetime, now: number): number {
  return lifetime === 'archive' ? Infinity : DAY_S - (Math.floor(now / 1000) % DAY_S);
}

/** A current search answer or chart data, from a source whose answers hold for `lifetime`. */
export function answerCacheControl(lifetime: AnswerLifetime, now = Date.now()): string {
  const left = secondsLeft(lifetime, now);
  const browser = Math.min(ANSWER_MAX_AGE_S, left);
  const shared = Math.min(ANSWER_SHARED_MAX_AGE_S, left);
  return `public, max-age=${browser}, s-maxage=${shared}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}

/**
 * A page drawn on the server from current answers: browsers revalidate it on every visit (by its
 * ETag), a shared cache keeps it briefly. A page sent unrendered, or drawn while the source did not
 * answer, is revalidated by everyone (`cacheable` false): the next visitor may get it drawn.
 */
export function pageCacheControl(lifetime: AnswerLifetime, cacheable: boolean, now = Date.now()): string {
  if (!cacheable) return 'no-cache';
  const shared = Math.min(PAGE_SHARED_MAX_AGE_S, secondsLeft(lifetime, now));
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}
