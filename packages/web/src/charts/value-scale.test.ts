import { describe, expect, it } from 'vitest';
import { logTicks, valueScale } from './value-scale.ts';

describe(logTicks.name, () => {
  it('gives powers of ten up to the maximum', () => {
    expect(logTicks(1)).toEqual([1, 10]);
    expect(logTicks(10)).toEqual([1, 10]);
    expect(logTicks(11)).toEqual([1, 10, 100]);
    expect(logTicks(123_456)).toEqual([1, 10, 100, 1000, 10_000, 100_000, 1_000_000]);
  });
});

describe(valueScale.name, () => {
  it('is linear from 0 by default', () => {
    const y = valueScale('linear', 1400, [400, 0], 500);
    expect(y.ticks).toEqual([0, 500, 1000, 1500]);
    expect(y(0)).toBe(400);
    expect(y(750)).toBe(200);
  });

  it('leaves room above the largest value when it falls on the last tick', () => {
    const y = valueScale('linear', 1000, [400, 0], 500);
    expect(y.ticks).toEqual([0, 500, 1000]);
    expect(y(1000)).toBeGreaterThan(0);
    expect(y(1050)).toBeCloseTo(0);
  });

  it('thins the ticks of a short axis until their labels fit', () => {
    // 250,000 by 5,000 would be 50 steps; along 170 px a few labels fit.
    const x = valueScale('linear', 240_000, [0, 170], 5000, true);
    expect(x.ticks.length).toBeLessThanOrEqual(4);
    expect(x.ticks.at(-1)).toBeGreaterThanOrEqual(240_000);
    const wide = valueScale('linear', 240_000, [0, 1000], 5000, true);
    expect(wide.ticks.length).toBeGreaterThan(x.ticks.length);
  });

  it('on the log scale puts each power of ten one step further and 0 at the floor', () => {
    const y = valueScale('log', 900, [300, 0]);
    expect(y.ticks).toEqual([1, 10, 100, 1000]);
    expect(y(1)).toBeCloseTo(300);
    expect(y(10)).toBeCloseTo(200);
    expect(y(100)).toBeCloseTo(100);
    expect(y(0)).toBeCloseTo(300);
  });
});
