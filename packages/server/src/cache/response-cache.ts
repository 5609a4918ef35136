/** A computed answer: the serialized body, or `null` for 204 (no hits). */
export interface CachedAnswer {
  body: string | null;
  etag: string;
  /** When the answer was computed or fetched (epoch ms). */
  fetchedAt: number;
}

/** Least-recently-used answers bounded by the total size of their keys and bodies. */
class LruBytes {
  readonly entries = new Map<string, CachedAnswer>();
  bytes = 0;

  get(key: string): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer) {
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: CachedAnswer): void {
    this.delete(key);
    this.entries.set(key, answer);
    this.bytes += sizeOf(key, answer);
  }

  delete(key: string): void {
    const answer = this.entries.get(key);
    if (!answer) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, answer);
  }

  /** Drops the least recently used entries until at most `maxBytes` are held. */
  trim(maxBytes: number): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= maxBytes) return;
      this.delete(key);
    }
  }
}

const sizeOf = (key: string, answer: CachedAnswer) => key.length + (answer.body?.length ?? 0);

/**
 * Cache of search answers, bounded by the total size of the bodies. Keys hold the archive version,
 * so a new snapshot never serves old answers. Answers kept on purpose (the charts' answers,
 * computed ahead) are protected: other answers never evict them, whatever their size or number;
 * they take at most half of the cache and evict only one another. Another answer larger than an
 * eighth of the cache is not kept at all, so one large one-off answer cannot empty it.
 */
export class ResponseCache {
  private readonly kept = new LruBytes();
  private readonly others = new LruBytes();
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedAnswer | undefined {
    const answer = this.kept.get(key) ?? this.others.get(key);
    if (answer) this.hits++;
    else this.misses++;
    return answer;
  }

  /** Whether `key` is held, without counting a hit or a miss or refreshing its place. */
  has(key: string): boolean {
    return this.peek(key) !== undefined;
  }

  /** The answer held for `key`, without counting a hit or a miss or refreshing its place. */
  peek(key: string): CachedAnswer | undefined {
    return this.kept.entries.get(key) ?? this.others.entries.get(key);
  }

  /** Keeps an answer; `protect`: an answer kept on purpose, which other answers never evict. */
  set(key: string, answer: CachedAnswer, protect = false): void {
    const size = sizeOf(key, answer);
    if (protect) {
      if (size > this.maxBytes / 2) return;
      this.others.delete(key);
      this.kept.set(key, answer);
      this.kept.trim(this.maxBytes / 2);
    } else {
      if (size > this.maxBytes / 8 || this.kept.entries.has(key)) return;
      this.others.set(key, answer);
    }
    this.others.trim(this.maxBytes - this.kept.bytes);
  }

  /** Keeps every answer of `other` (answers computed ahead for an archive about to be served), as it kept them. */
  adopt(other: ResponseCache): void {
    for (const [key, answer] of other.kept.entries) this.set(key, answer, true);
    for (const [key, answer] of other.others.entries) this.set(key, answer);
  }

  /** Drops the answers whose key passes `test` (those of an archive no longer served). */
  drop(test: (key: string) => boolean): void {
    for (const lru of [this.kept, this.others])
      for (const key of [...lru.entries.keys()]) if (test(key)) lru.delete(key);
  }

  get size(): number {
    return this.kept.entries.size + this.others.entries.size;
  }
}
