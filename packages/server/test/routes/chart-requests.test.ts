import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { startArchiveFixture, type ArchiveFixture } from '../support/archive-fixture.ts';
import { DEMO_HELD } from '../support/demo-held.ts';

/** Every chart of the dashboard's registry, in every variant, as the dashboard asks for its data. */
const chartRequests = registryChartRequests(new Date('2026-07-01T00:00:00Z')).map(
  ({ name, request }) => [name, request] as const,
);

let fixture: ArchiveFixture;
beforeAll(async () => {
  fixture = await startArchiveFixture(800, 11);
});
afterAll(() => fixture?.close());

describe('every chart request of the registry answers 200 with its facets', () => {
  it.each(chartRequests)('%s', async (_name, request) => {
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: request,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.facets.length).toBeGreaterThan(0);
    for (const facet of body.facets) {
      expect('buckets' in facet ? facet.buckets.length : facet.value).toBeGreaterThan(0);
    }
  });
});

describe('the chart requests warmed at start', () => {
  it('leave out the charts whose attributes the archive does not hold', () => {
    const held = DEMO_HELD.filter((a) => !a.path.startsWith('rcsb_struct_symmetry.'));
    const names = registryChartRequests(new Date('2026-07-01T00:00:00Z'), held).map((c) => c.name);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => name.includes('symmetry'))).toEqual([]);
    expect(chartRequests.filter(([name]) => name.includes('symmetry')).length).toBeGreaterThan(0);
  });
});
