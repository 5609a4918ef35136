import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSchemaDir, resultsSchemaErrors } from '../../../test-support/response-schema.ts';
import { registryChartRequests } from '../src/chart-requests.ts';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';

/**
 * Every chart request of the registry is answered with a body valid against the archive's official
 * response schema (which, among others, allows no facet with empty `buckets`). Every suite's answers
 * are checked too (test-support/vitest-search-checks.ts); this one states it for the charts.
 */

const SCHEMAS = requireSchemaDir();

let fixture: ArchiveFixture;
beforeAll(async () => {
  if (SCHEMAS) fixture = await startArchiveFixture(5000, 3);
}, 120_000);
afterAll(() => fixture?.close());

describe.skipIf(!SCHEMAS)('answers against the official response schema', () => {
  const charts = registryChartRequests(new Date('2026-07-01T00:00:00Z'));

  it.each(charts.map(({ name, request }) => [name, request] as const))('%s', async (_name, request) => {
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: request,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(resultsSchemaErrors(response.json())).toEqual([]);
  });
});
