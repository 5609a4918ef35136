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
    const y = valueScale('linear', 1000, [400, 0], 500);
    expect(y.ticks).toEqual([0, 500, 1000]);
    expect(y(0)).toBe(400);
    expect(y(500)).toBe(200);
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
