import { describe, expect, it } from 'vitest';
import { FenwickSampler } from './pools/proteins.ts';
import { Quantiles, Random, Weighted } from './random.ts';

describe('Random', () => {
  it('repeats for a seed and differs between seeds and labels', () => {
    const draw = (rng: Random) => Array.from({ length: 5 }, () => rng.uint32());
    expect(draw(new Random(1))).toEqual(draw(new Random(1)));
    expect(draw(new Random(1))).not.toEqual(draw(new Random(2)));
    expect(draw(new Random(1, 'a'))).not.toEqual(draw(new Random(1, 'b')));
  });

  it('draws uniform values in range', () => {
    const rng = new Random(9);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
      const n = rng.between(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
    expect(sum / 20_000).toBeCloseTo(0.5, 1);
  });

  it('draws normals with mean 0 and deviation 1', () => {
    const rng = new Random(4);
    const xs = Array.from({ length: 20_000 }, () => rng.normal());
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(0, 1);
    expect(sd).toBeCloseTo(1, 1);
  });
});

describe('Weighted, Quantiles and FenwickSampler', () => {
  it('draws in proportion to weights', () => {
    const table = new Weighted([
      ['a', 1],
      ['b', 3],
      ['c', 0],
    ] as const);
    const rng = new Random(5);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 40_000; i++) counts[table.draw(rng)]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeCloseTo(3, 0);
  });

  it('interpolates percentiles', () => {
    const q = new Quantiles([
      [0, 0],
      [0.5, 10],
      [1, 30],
    ]);
    expect(q.at(0.25)).toBe(5);
    expect(q.at(0.75)).toBe(20);
    expect(
      () =>
        new Quantiles([
          [0.1, 1],
          [1, 2],
        ]),
    ).toThrow();
  });

  it('samples a growing list in proportion to weights', () => {
    const sampler = new FenwickSampler();
    const weights = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? 5 : 1));
    for (const w of weights) sampler.add(w);
    expect(sampler.length).toBe(3000);
    const rng = new Random(8);
    let heavy = 0;
    for (let i = 0; i < 30_000; i++) {
      const index = sampler.draw(rng);
      expect(index >= 0 && index < 3000).toBe(true);
      if (index % 3 === 0) heavy++;
    }
    // 1000 items of weight 5 against 2000 of weight 1.
    expect(heavy / 30_000).toBeCloseTo(5000 / 7000, 1);
  });
});
