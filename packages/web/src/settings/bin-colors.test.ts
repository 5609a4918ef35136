import { describe, expect, it } from 'vitest';
import { binColors, leastNeighbourDistance } from './bin-colors.ts';
import { LEAST_DISTANCE } from './color-vision.ts';
import { sequentialColors } from './colors.ts';

describe('binColors', () => {
  it('keeps viridis while its neighbouring steps are told apart by every colour vision', () => {
    for (const count of [1, 2, 3, 4, 5]) expect(binColors(count)).toEqual(sequentialColors(count));
  });

  it('parts every two neighbouring bins by LEAST_DISTANCE for every vision, up to 60 bins, each colour its own', () => {
    // Before: 20 bins along viridis alone kept 1.7 between neighbours.
    expect(leastNeighbourDistance(sequentialColors(20))).toBeLessThan(2);
    for (let count = 2; count <= 60; count++) {
      const colors = binColors(count);
      expect(colors).toHaveLength(count);
      expect(new Set(colors).size, `${count} bins`).toBe(count);
      expect(leastNeighbourDistance(colors), `${count} bins`).toBeGreaterThanOrEqual(LEAST_DISTANCE);
      expect(colors[0]).toBe('#440154');
    }
  });
});
