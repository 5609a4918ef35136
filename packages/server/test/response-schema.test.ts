import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPath } from '../../../test-support/shared-files.ts';
import { registryChartRequests } from '../src/chart-requests.ts';
import { startArchiveFixture, type ArchiveFixture } from './support/archive-fixture.ts';

/**
 * Every chart request of the registry is answered with a body valid against the archive's official
 * response schema (which, among others, allows no facet with empty `buckets`).
 */

const SCHEMAS = sharedPath('reference/search-api-schemas/search', 'the official response schema suite');
const RESULTS = '/schema/search/response/json-schema-rcsb_search_results.json';

/**
 * The single-value facet's `value` is `oneOf` integer and number, which no integer satisfies (it
 * is both); read as `anyOf`, as the public service's own integer counts need.
 */
const SINGLE_VALUE = 'json-schema-rcsb_search_results_facets_metrics_single_value.json';
const oneValueType = (text: string) => text.replace('"oneOf"', '"anyOf"');

function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const part of ['request', 'response']) {
    const dir = join(SCHEMAS!, part);
    // Each schema under the path of its file: the references name files, and one published `$id`
    // differs from its file name (`…_result_identifier` for `…_results_identifier.json`).
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      const schema = JSON.parse(file === SINGLE_VALUE ? oneValueType(text) : text) as Record<string, unknown>;
      ajv.addSchema({ ...schema, $id: `/schema/search/${part}/${file}` });
    }
  }
  return ajv.getSchema(RESULTS)!;
}

let fixture: ArchiveFixture;
beforeAll(async () => {
  if (SCHEMAS) fixture = await startArchiveFixture(5000, 3);
}, 120_000);
afterAll(() => fixture?.close());

describe.skipIf(!SCHEMAS)('answers against the official response schema', () => {
  const charts = registryChartRequests(new Date('2026-07-01T00:00:00Z'));

  it.each(charts.map(({ name, request }) => [name, request] as const))('%s', async (_name, request) => {
    const validate = validator();
    const response = await fixture.app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      payload: request,
    });
    expect(response.statusCode, response.body).toBe(200);
    validate(response.json());
    expect(validate.errors ?? []).toEqual([]);
  });
});
