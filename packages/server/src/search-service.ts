import { createHash } from 'node:crypto';
import { checkJsonDepth, validateSearchRequest } from '@pdb-stats/search-model';
import { canonicalJson } from './cache/canonical-json.ts';
import { ResponseCache, type CachedAnswer } from './cache/response-cache.ts';
import type { Engine } from './engine/index.ts';
import { SearchPipeline } from './pipeline/index.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** Date math relative to `now` changes its meaning over time, so such answers are not kept. */
const MENTIONS_NOW = /"now[-+"|]/;

/**
 * Answers search requests: validation, the engine, and a cache of serialized answers keyed by the
 * canonical request and the archive version.
 */
export class SearchService {
  readonly cache: ResponseCache;
  private readonly archiveVersion: string;
  private readonly pipeline: SearchPipeline;

  constructor(
    private readonly engine: Engine,
    cacheBytes = 64 * 1024 * 1024,
  ) {
    this.cache = new ResponseCache(cacheBytes);
    this.pipeline = new SearchPipeline(engine);
    this.archiveVersion = sha1(JSON.stringify(engine.archiveInfo())).slice(0, 16);
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
    const keyed = { canonical, key: `${this.archiveVersion}:${canonical}` };
    if (typeof body === 'object' && body !== null) this.keys.set(body, keyed);
    return keyed;
  }

  async answer(body: unknown): Promise<CachedAnswer> {
    const { canonical, key } = this.keyOf(body);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const plan = validateSearchRequest(body, { held: this.engine.held });
    const response = await this.pipeline.search(plan);
    const etag = `"${sha1(key)}"`;
    // Without a query_id from the client, the id is derived from the request, so equal requests get equal answers.
    const answer = {
      body:
        response && JSON.stringify({ ...response, query_id: plan.queryId ?? sha1(canonical).slice(0, 32) }),
      etag,
    };
    if (!MENTIONS_NOW.test(canonical)) this.cache.set(key, answer);
    return answer;
  }

  /** Computes answers ahead of the first visitor; failures are reported, not thrown. */
  async warm(
    requests: readonly object[],
    onError: (error: unknown, request: object) => void,
  ): Promise<number> {
    let done = 0;
    for (const request of requests) {
      try {
        await this.answer(request);
        done++;
      } catch (error) {
        onError(error, request);
      }
    }
    return done;
  }

  /** Whether the answer to `body` is cached, so that it costs nothing; false for a body too deep to key. */
  isCached(body: unknown): boolean {
    try {
      return this.cache.has(this.keyOf(body).key);
    } catch {
      return false;
    }
  }
}
