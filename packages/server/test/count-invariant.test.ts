import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';
import { ALL_CHARTS, barsAgainstSearches, chartName } from './support/chart-bars.ts';

/**
 * The product's promise: the number on a bar is exactly what the search behind it finds. Walks every
 * chart, variant, data view, bar and series of a generated archive.
 */

const NOW = new Date('2026-07-01T00:00:00Z');
let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(600, 23);
});
afterAll(() => fixture?.close());

describe('every bar equals the count of its search', () => {
  it.each(ALL_CHARTS.map((chart) => [chartName(chart), chart] as const))('%s', async (name, chart) => {
    const { bars, mismatches } = await barsAgainstSearches(fixture.app, chart, NOW);
    expect(bars).toBeGreaterThan(0);
    expect(mismatches, `${name}: bars that disagree with their search`).toEqual([]);
  });
});
