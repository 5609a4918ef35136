import { describe, expect, it } from 'vitest';
import { scaleBand, scaleLinear, scaleLog } from './scales.ts';

describe(scaleLinear.name, () => {
  it('maps the domain onto the range in proportion, also upside down', () => {
    const y = scaleLinear([0, 2000], [400, 0]);
    expect(y(0)).toBe(400);
    expect(y(500)).toBe(300);
    expect(y(2000)).toBe(0);
    // Beyond the domain it goes on (a bar above the axis's top is cut by the plot, not squashed).
    expect(y(2500)).toBe(-100);
    expect(y.domain()).toEqual([0, 2000]);
    expect(y.range()).toEqual([400, 0]);
  });

  it('puts every value of an empty domain in the middle of the range', () => {
    expect(scaleLinear([0, 0], [300, 0])(0)).toBe(150);
  });

  it("interpolates as d3 does: the same digits in the server's markup as before", () => {
    // d3 computes r0 * (1 - t) + r1 * t, which differs from r0 + (r1 - r0) * t in the last digit.
    expect(scaleLinear([0, 1050], [354, 0])(300)).toBe(354 * (1 - 300 / 1050));
  });
});

describe(scaleLog.name, () => {
  it('gives each power of ten an equal step', () => {
    const y = scaleLog([1, 1000], [300, 0]);
    expect(y(1)).toBe(300);
    expect(y(10)).toBeCloseTo(200, 10);
    expect(y(100)).toBeCloseTo(100, 10);
    expect(y(1000)).toBe(0);
  });

  it('draws a value outside the domain at its nearer end', () => {
    const y = scaleLog([1, 1000], [300, 0]);
    expect(y(0)).toBe(300);
    expect(y(-5)).toBe(300);
    expect(y(10_000)).toBe(0);
  });
});

describe(scaleBand.name, () => {
  it('divides the range into equal bands with padding between and around them', () => {
    // Three bands and 0.25 of a step before, between and after: 3.25 steps over 130 px.
    const x = scaleBand(['a', 'b', 'c'], [0, 130], 0.25);
    expect(x.step()).toBe(40);
    expect(x.bandwidth()).toBe(30);
    expect([x('a'), x('b'), x('c')]).toEqual([10, 50, 90]);
    expect(x('d')).toBeUndefined();
  });

  it('fills the range without padding, and reads a reversed range from its end', () => {
    const x = scaleBand([2020, 2021], [0, 100]);
    expect([x(2020), x(2021), x.bandwidth()]).toEqual([0, 50, 50]);
    const reversed = scaleBand([2020, 2021], [100, 0]);
    expect([reversed(2020), reversed(2021)]).toEqual([50, 0]);
  });

  it('counts a repeated value once', () => {
    const x = scaleBand(['a', 'b', 'a'], [0, 100]);
    expect([x('a'), x('b'), x.bandwidth()]).toEqual([0, 50, 50]);
  });

  it('gives an empty domain no bands', () => {
    const x = scaleBand<string>([], [0, 100], 0.15);
    expect(x('a')).toBeUndefined();
    expect(Number.isFinite(x.bandwidth())).toBe(true);
  });
});
