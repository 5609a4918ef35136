import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { generateDocuments, writeSnapshot } from '@pdb-stats/archive';
import { RETURN_TYPES } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { openClickHouseEngine } from '../../src/engine/clickhouse/clickhouse-engine.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { clusterEnv } from '../support/clickhouse-cluster.ts';
import { FEATURE_REQUESTS } from '../support/feature-requests.ts';
import { HOSTILE_STRINGS } from '../support/hostile-strings.ts';
import { query, terminal, text } from '../support/request-arbitraries.ts';

/**
 * The same requests to the embedded DuckDB engine and to the ClickHouse cluster, over one
 * generated archive, through the whole HTTP service: status and body must be identical, byte for
 * byte. Skipped without a cluster; under CI=1 a missing cluster fails (support/clickhouse-cluster.ts).
 */

const cluster = clusterEnv();
const NOW = new Date('2026-07-01T00:00:00Z');

let dir: string;
let duck: FastifyInstance;
let house: FastifyInstance;

beforeAll(async () => {
  if (!cluster) return;
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-conformance-'));
  await writeSnapshot(generateDocuments({ entries: 3000, seed: 11, archiveDate: '2026-07-01' }), dir);
  duck = await buildApp({ engine: await openDuckDbEngine(dir) });
  const engine = await openClickHouseEngine(dir, {
    shards: cluster.shards,
    cluster: cluster.cluster,
    database: 'pdb_stats_conformance',
    reload: true,
  });
  house = await buildApp({ engine });
}, 120_000);

afterAll(async () => {
  await duck?.close();
  await house?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function both(body: unknown): Promise<void> {
  const send = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/rcsbsearch/v2/query',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const [a, b] = await Promise.all([send(duck), send(house)]);
  const context = JSON.stringify(body);
  expect({ status: b.statusCode, body: b.body }, context).toEqual({ status: a.statusCode, body: a.body });
  // Identical failures would prove nothing: the requests must be answered.
  expect([200, 204, 400], context).toContain(a.statusCode);
}

const charts = registryChartRequests(NOW);

describe.skipIf(!cluster)('DuckDB and the ClickHouse cluster answer alike', () => {
  it.each(charts.map((c) => [c.name, c.request] as const))('chart %s', async (_name, request) => {
    await both(request);
  });

  it.each(FEATURE_REQUESTS.map((r) => [r.name, r.request] as const))(
    'request: %s',
    async (_name, request) => {
      await both(request);
    },
  );

  const sorts = fc.constantFrom(
    [],
    [{ sort_by: 'rcsb_entry_info.molecular_weight', direction: 'desc' }],
    [{ sort_by: 'rcsb_accession_info.initial_release_date', direction: 'asc' }],
    [
      { sort_by: 'rcsb_entry_info.resolution_combined', direction: 'asc' },
      { sort_by: 'rcsb_entry_info.molecular_weight', direction: 'asc' },
    ],
  );

  it('generated: chart facets under random queries, pages, sorts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...charts),
        fc.option(query, { nil: undefined }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 60 }),
        sorts,
        fc.constantFrom('compact', 'minimal', 'verbose'),
        async (chart, q, rows, start, sort, verbosity) => {
          const { request_options: options, ...rest } = chart.request as Record<string, any>;
          const base = chart.request.query;
          const combined =
            q && base ? { type: 'group', logical_operator: 'and', nodes: [base, q] } : (q ?? base);
          await both({
            ...rest,
            ...(combined && { query: combined }),
            request_options: {
              ...options,
              paginate: { start, rows },
              ...(sort.length > 0 && { sort }),
              results_verbosity: verbosity,
            },
          });
        },
      ),
      { numRuns: 1200 },
    );
  }, 600_000);

  it('generated: queries on every return type, with pages and sorts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RETURN_TYPES),
        query,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 100 }),
        sorts,
        async (returnType, q, rows, start, sort) => {
          await both({
            query: q,
            return_type: returnType,
            request_options: { paginate: { start, rows }, ...(sort.length > 0 && { sort }) },
          });
        },
      ),
      { numRuns: 1000 },
    );
  }, 600_000);

  it('generated: hostile strings as values travel as plain values on both engines', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
    );
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom('exact_match', 'contains_words', 'contains_phrase', 'in'),
        fc.constantFrom('struct.title', 'rcsb_entry_info.experimental_method', 'audit_author.name'),
        fc.option(terminal, { nil: undefined }),
        async (value, operator, attribute, other) => {
          const condition = text({
            attribute,
            operator,
            value: operator === 'in' ? [value, 'X-ray'] : value,
          });
          await both({
            query: other ? { type: 'group', logical_operator: 'or', nodes: [condition, other] } : condition,
            return_type: 'entry',
            request_options: { paginate: { start: 0, rows: 10 } },
          });
        },
      ),
      { numRuns: 500 },
    );
  }, 600_000);
});
