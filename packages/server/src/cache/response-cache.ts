/** A computed answer: the serialized body, or `null` for 204 (no hits). */
export interface CachedAnswer {
  body: string | null;
  etag: string;
  /** When the answer was computed or fetched (epoch ms). */
  fetchedAt: number;
}

/**
 * Least-recently-used cache of search answers, bounded by the total size of the bodies. Keys hold
 * the archive version, so a new snapshot never serves old answers.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (!answer) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, answer);
    return answer;
  }

  /** Whether `key` is held, without counting a hit or a miss or refreshing its place. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The answer held for `key`, without counting a hit or a miss or refreshing its place. */
  peek(key: string): CachedAnswer | undefined {
    return this.entries.get(key);
  }

  set(key: string, answer: CachedAnswer): void {
    const size = key.length + (answer.body?.length ?? 0);
    if (size > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, old);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    this.bytes -= key.length + (answer.body?.length ?? 0);
  }
}
