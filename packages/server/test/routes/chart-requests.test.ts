import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { startArchiveFixture, type ArchiveFixture } from '../support/archive-fixture.ts';

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
