import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { startArchiveFixture, type ArchiveFixture } from '../support/archive-fixture.ts';

let fixture: ArchiveFixture;
let app: FastifyInstance;
beforeAll(async () => {
  fixture = await startArchiveFixture(1500, 3);
  app = await buildApp({ engine: await openDuckDbEngine(fixture.dir, { timeoutMs: 1 }) });
});
afterAll(async () => {
  await app?.close();
  await fixture?.close();
});

/** Many sub-faceted facets over entity-level values: far more than a millisecond of work. */
const heavy = {
  return_type: 'entry',
  request_options: {
    paginate: { rows: 0 },
    facets: Array.from({ length: 12 }, (_, i) => ({
      name: `organisms ${i}`,
      aggregation_type: 'terms',
      attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
      facets: [
        {
          name: 'years',
          aggregation_type: 'date_histogram',
          attribute: 'rcsb_accession_info.initial_release_date',
          interval: 'year',
          min_interval_population: 0,
        },
        {
          name: 'groups',
          aggregation_type: 'cardinality',
          attribute: 'rcsb_polymer_entity_group_membership.group_id',
        },
      ],
    })),
  },
};

it('cancels a search that runs out of time with 408 and says why', async () => {
  const response = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: heavy });
  expect(response.statusCode).toBe(408);
  expect(response.json().message).toContain('took longer than 1 ms and was cancelled');
});
