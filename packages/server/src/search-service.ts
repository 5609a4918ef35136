import { createHash } from 'node:crypto';
import {
  checkJsonDepth,
  DEFAULT_COST_LIMITS,
  validateSearchRequest,
  type CostLimits,
} from '@pdb-stats/search-model';
import { canonicalJson } from './cache/canonical-json.ts';
import { ResponseCache, type CachedAnswer } from './cache/response-cache.ts';
import type { Engine } from './engine/index.ts';
import type { AnswerSource } from './sources/answer-source.ts';
import { EngineSource } from './sources/engine-source.ts';
import { searchLane } from './search-lane.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** Date math relative to `now` changes its meaning over time, so such answers are not kept. */
const MENTIONS_NOW = /"now[-+"|]/;

const DAY_MS = 86_400_000;
const dayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** An answer as served: a cached one may be stale, kept from before its source stopped answering. */
export interface ServedAnswer extends CachedAnswer {
  stale?: { reason: string };
}

/**
 * A failure that a kept answer may stand in for: the source is down, slow or refusing load (503),
 * or answers what cannot be taken (502).
 */
const isUnavailable = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status === 502 || status === 503;
};

const isEngine = (source: AnswerSource | Engine): source is Engine => 'session' in source;

/**
 * Answers search requests: validation, the answer source (the local engine or a remote service),
 * and a cache of serialized answers keyed by the canonical request and the source's version. When
 * the source does not answer, a kept answer is served marked stale rather than none.
 */
export class SearchService {
  readonly cache: ResponseCache;
  readonly source: AnswerSource;
  /** Searches under way by cache key: equal requests at the same time ask the source once. */
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  /**
   * Keys of the requests computed ahead (the charts'): searched in the light lane, and their
   * answers protected in the cache from eviction by one-off answers.
   */
  private readonly charts = new Set<string>();
  /** A background refresh of a kept answer while the source is down; one at a time. */
  private probing = false;

  /** `limits`: what a request may cost, checked before it runs (validation) and as it is shaped. */
  constructor(
    source: AnswerSource | Engine,
    cacheBytes = 64 * 1024 * 1024,
    private readonly limits: CostLimits = DEFAULT_COST_LIMITS,
  ) {
    this.cache = new ResponseCache(cacheBytes);
    this.source = isEngine(source) ? new EngineSource(source, limits) : source;
  }

  /** Keys of bodies already keyed: admission checks and the answer read one request's key alike. */
  private readonly keys = new WeakMap<object, { canonical: string; key: string }>();

  /** The cache key of a body (throws for a body nested too deep to walk). */
  private keyOf(body: unknown): { canonical: string; key: string } {
    const known = typeof body === 'object' && body !== null ? this.keys.get(body) : undefined;
    if (known) return known;
    // Before any recursive walk of the body (the cache key is one).
    checkJsonDepth(body);
    const canonical = canonicalJson(body);
    const keyed = { canonical, key: `${this.source.version}:${canonical}` };
    if (typeof body === 'object' && body !== null) this.keys.set(body, keyed);
    return keyed;
  }

  /** Whether a kept answer still holds: always for a loaded archive, until the day ends for a remote one. */
  private isCurrent(answer: CachedAnswer, now = Date.now()): boolean {
    if (this.source.lifetime === 'archive') return true;
    return Math.floor(answer.fetchedAt / DAY_MS) === Math.floor(now / DAY_MS);
  }

  async answer(body: unknown): Promise<ServedAnswer> {
    const { canonical, key } = this.keyOf(body);
    const kept = this.cache.get(key);
    const health = this.source.health?.();
    if (kept && this.isCurrent(kept)) {
      if (!health || health.answering) return kept;
      // Known down: serve what is kept, say so, and find out in the background whether it is back.
      this.probe(body);
      return { ...kept, stale: { reason: health.reason ?? 'the search service is not answering' } };
    }
    try {
      return await this.fetch(body, canonical, key);
    } catch (error) {
      if (kept && isUnavailable(error)) return { ...kept, stale: { reason: (error as Error).message } };
      throw error;
    }
  }

  /** Asks the source (once for equal requests at the same time) and keeps the answer. */
  private fetch(body: unknown, canonical: string, key: string): Promise<CachedAnswer> {
    const running = this.pending.get(key);
    if (running) return running;
    const plan = validateSearchRequest(body, { held: this.source.held, limits: this.limits });
    const search = (async () => {
      const chart = this.charts.has(key);
      const json = await this.source.search(plan, canonical, body, chart ? 'light' : searchLane(body));
      const fetchedAt = Date.now();
      // Answers that expire daily get a new ETag each day, so that clients ask again.
      const tag = this.source.lifetime === 'day' ? `${key}@${dayOf(fetchedAt)}` : key;
      const answer = { body: json, etag: `"${sha1(tag)}"`, fetchedAt };
      if (!MENTIONS_NOW.test(canonical)) this.cache.set(key, answer, chart);
      return answer;
    })();
    this.pending.set(key, search);
    void search.then(
      () => this.pending.delete(key),
      () => this.pending.delete(key),
    );
    return search;
  }

  /** Refreshes one kept answer in the background, which tells the source's health anew. */
  private probe(body: unknown): void {
    if (this.probing) return;
    this.probing = true;
    const { canonical, key } = this.keyOf(body);
    void this.fetch(body, canonical, key)
      .catch(() => undefined)
      .finally(() => (this.probing = false));
  }

  /**
   * Computes answers ahead of the first visitor; failures are reported, not thrown. It stops when the
   * source does not answer: each visitor's chart then asks it again, rather than a hundred requests now.
   */
  async warm(
    requests: readonly object[],
    onError: (error: unknown, request: object) => void,
  ): Promise<number> {
    let done = 0;
    for (const request of requests) {
      try {
        this.charts.add(this.keyOf(request).key);
        await this.answer(request);
        done++;
      } catch (error) {
        onError(error, request);
        if (this.source.health?.().answering === false) break;
      }
    }
    return done;
  }

  /** Whether a current answer to `body` is cached, so that it costs nothing; false for a body too deep to key. */
  isCached(body: unknown): boolean {
    try {
      const kept = this.cache.peek(this.keyOf(body).key);
      return kept !== undefined && this.isCurrent(kept);
    } catch {
      return false;
    }
  }
}
