/**
 * The three scales the charts draw with: a linear and a logarithmic one for counts and values, a
 * band scale for years and categories. They compute what d3's scales compute for these uses (the
 * same positions, to the last digit), without d3-scale's interpolators of colours, dates and
 * strings, and its number formats, which every chart page loaded and no chart uses.
 */

/** A value's position along a continuous axis. */
export interface ContinuousScale {
  (value: number): number;
  domain(): [number, number];
  range(): [number, number];
}

/** Position `t` of the way from `r0` to `r1`, as d3 interpolates numbers. */
function between(r0: number, r1: number, t: number): number {
  return r0 * (1 - t) + r1 * t;
}

/** Share of the way from `d0` to `d1` that `value` lies at; the middle of an empty domain. */
function share(d0: number, d1: number, value: number): number {
  return d1 - d0 === 0 ? 0.5 : (value - d0) / (d1 - d0);
}

function continuous(
  domain: [number, number],
  range: [number, number],
  position: (value: number) => number,
): ContinuousScale {
  return Object.assign(position, { domain: () => domain, range: () => range });
}

/** `domain` mapped onto `range` in proportion. */
export function scaleLinear(domain: [number, number], range: [number, number]): ContinuousScale {
  const [d0, d1] = domain;
  return continuous(domain, range, (value) => between(range[0], range[1], share(d0, d1, value)));
}

/**
 * `domain` (above 0) mapped onto `range` by the logarithm of its values, each power of ten an equal
 * step; a value outside the domain is drawn at its nearer end.
 */
export function scaleLog(domain: [number, number], range: [number, number]): ContinuousScale {
  // The natural logarithm, as d3 takes: the shares, and so the positions, are d3's to the last digit.
  const [l0, l1] = [Math.log(domain[0]), Math.log(domain[1])];
  const [low, high] = domain[0] < domain[1] ? domain : [domain[1], domain[0]];
  return continuous(domain, range, (value) =>
    between(range[0], range[1], share(l0, l1, Math.log(Math.min(high, Math.max(low, value))))),
  );
}

/** Equal bands along an axis, one per domain value, in the domain's order. */
export interface BandScale<T> {
  /** Where the value's band starts; undefined for a value not in the domain. */
  (value: T): number | undefined;
  range(): [number, number];
  bandwidth(): number;
  /** A band's width with the gap after it. */
  step(): number;
}

/**
 * Bands over `range`, a share `padding` of each step left between two bands and before the first
 * and after the last (d3's `scaleBand().padding(padding)`, centred).
 */
export function scaleBand<T>(domain: readonly T[], range: [number, number], padding = 0): BandScale<T> {
  const values = [...new Set(domain)];
  const n = values.length;
  const reverse = range[1] < range[0];
  const [lo, hi] = reverse ? [range[1], range[0]] : range;
  const inner = Math.min(1, padding);
  const step = (hi - lo) / Math.max(1, n - inner + padding * 2);
  const start = lo + (hi - lo - step * (n - inner)) * 0.5;
  const index = new Map(values.map((value, i) => [value, reverse ? n - 1 - i : i]));
  const bandwidth = step * (1 - inner);
  const scale = (value: T) => {
    const i = index.get(value);
    return i === undefined ? undefined : start + step * i;
  };
  return Object.assign(scale, { range: () => range, bandwidth: () => bandwidth, step: () => step });
}
