/**
 * Seeded randomness for the demo generator. Math.random is never used: the same seed must give the
 * same archive on every machine, so every draw goes through sfc32 (a small, fast, well-tested PRNG).
 */

/** 32-bit FNV-1a: turns labels into seeds for independent streams. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** splitmix32: spreads a small seed over the 128-bit sfc32 state. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seed: number, label = '') {
    const mix = splitmix32((seed >>> 0) ^ hashString(label));
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** An independent stream, so that changing one part of the generator leaves the others intact. */
  fork(label: string): Random {
    return new Random(this.uint32(), label);
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  uniform(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** Standard normal (Box-Muller, keeping the second value for the next call). */
  normal(): number {
    if (this.spareNormal !== null) {
      const value = this.spareNormal;
      this.spareNormal = null;
      return value;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and log-space standard deviation. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) {
      const index = this.int(pool.length);
      out.push(pool[index] as T);
      pool[index] = pool[pool.length - 1] as T;
      pool.pop();
    }
    return out;
  }
}

/** Draws values in proportion to their weights (cumulative table, binary search). */
export class Weighted<T> {
  readonly values: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    const kept = entries.filter(([, weight]) => weight > 0);
    if (kept.length === 0) throw new Error('a weighted table needs at least one positive weight');
    this.values = kept.map(([value]) => value);
    this.cumulative = new Float64Array(kept.length);
    let sum = 0;
    kept.forEach(([, weight], i) => {
      sum += weight;
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  static of<T>(items: readonly T[], weight: (item: T) => number): Weighted<T> {
    return new Weighted(items.map((item) => [item, weight(item)] as const));
  }

  draw(rng: Random): T {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo] as T;
  }
}

/**
 * Inverse-CDF sampling through piecewise-linear knots `[probability, value]` — how the published
 * published percentiles of the archive become distributions.
 */
export class Quantiles {
  private readonly p: number[];
  private readonly v: number[];

  constructor(knots: ReadonlyArray<readonly [number, number]>) {
    if (knots.length < 2 || knots[0]?.[0] !== 0 || knots[knots.length - 1]?.[0] !== 1) {
      throw new Error('quantile knots must run from probability 0 to 1');
    }
    this.p = knots.map(([p]) => p);
    this.v = knots.map(([, v]) => v);
  }

  at(probability: number): number {
    let i = 1;
    while (i < this.p.length - 1 && (this.p[i] as number) < probability) i++;
    const p0 = this.p[i - 1] as number;
    const p1 = this.p[i] as number;
    const v0 = this.v[i - 1] as number;
    const v1 = this.v[i] as number;
    return v0 + ((probability - p0) / (p1 - p0)) * (v1 - v0);
  }

  draw(rng: Random): number {
    return this.at(rng.next());
  }
}

/** Rounds to a number of decimals (keeps written values short and exactly comparable). */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
