import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { type DemoDocuments } from '@pdb-stats/snapshot';
import {
  CHARTS,
  chartFacetRequest,
  memberCheckRequest,
  resolveChart,
  toDistributionData,
} from '@pdb-stats/charts';
import { RETURN_TYPES, type SearchResponse } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { openClickHouseEngine } from '../../src/engine/clickhouse/clickhouse-engine.ts';
import { openDuckDbEngine } from '../../src/engine/index.ts';
import { clusterEnv } from '../support/clickhouse-cluster.ts';
import { FEATURE_REQUESTS } from '../support/feature-requests.ts';
import { groupedRequests } from '../support/grouped-requests.ts';
import { HOSTILE_STRINGS } from '../support/hostile-strings.ts';
import { list } from '../support/archive-fixture.ts';
import { query, terminal, text } from '../support/request-arbitraries.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * The same requests to the embedded DuckDB engine and to the ClickHouse cluster, over one
 * generated archive, through the whole HTTP service: status and body must be identical, byte for
 * byte. Skipped without a cluster; under CI=1 a missing cluster fails (support/clickhouse-cluster.ts).
 */

const cluster = clusterEnv();

/**
 * Generated requests per property: a fresh sample on every run, so that runs add up over time
 * without each one costing minutes on the cluster; `CONFORMANCE_RUNS=10` asks ten times as many.
 */
const SCALE = Math.max(1, Number(process.env.CONFORMANCE_RUNS) || 1);
const sample = (n: number) => ({ numRuns: n * SCALE });
const NOW = new Date('2026-07-01T00:00:00Z');

let dir: string;
let temp: TempArchive | undefined;
let docs: DemoDocuments;
let duck: FastifyInstance;
let house: FastifyInstance;

beforeAll(async () => {
  if (!cluster) return;
  temp = await tempArchive('conformance');
  dir = temp.dir;
  docs = generateDocuments({ entries: 3000, seed: 11, archiveDate: '2026-07-01' });
  await writeSnapshot(docs, dir);
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
  await temp?.remove();
});

/** Sends `body` to both services and expects the same status and bytes; the status and answer. */
async function both(body: unknown): Promise<{ status: number; body: string }> {
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
  return { status: a.statusCode, body: a.body };
}

const charts = registryChartRequests(NOW);

/** String attributes searched by exact_match and in, single- and multi-valued, of two levels. */
const EXACT_ATTRIBUTES = [
  'rcsb_entry_info.experimental_method',
  'exptl.method',
  'audit_author.name',
  'rcsb_id',
  'rcsb_entity_source_organism.ncbi_scientific_name',
];
/** String attributes searched by contains_words and contains_phrase. */
const FULL_TEXT_ATTRIBUTES = ['struct.title', 'audit_author.name', 'struct_keywords.text'];

describe.skipIf(!cluster)('DuckDB and the ClickHouse cluster answer alike', () => {
  it.each(charts.map((c) => [c.name, c.request] as const))('chart %s', async (_name, request) => {
    await both(request);
  });

  it.each([['enzyme-classification'], ['scop-classification']] as const)(
    'drilled-down levels of %s, opened bar by bar from the top',
    async (key) => {
      const definition = CHARTS[key];
      let level: (string | undefined)[] = [undefined];
      let levels = 0;
      while (level.length > 0) {
        const next: string[] = [];
        for (const parent of level) {
          const chart = resolveChart(definition, undefined, parent);
          const { body } = await both(chartFacetRequest(chart.query, { now: NOW }));
          const { bars } = toDistributionData(JSON.parse(body) as SearchResponse, chart.query);
          levels++;
          // Two classes of each level, every depth down to the deepest (a cluster is slow to ask).
          for (const bar of bars.slice(0, 2)) {
            const child = definition.hierarchy!.childOf(bar.label, parent);
            if (child !== undefined) next.push(child);
          }
        }
        level = next;
      }
      expect(levels).toBeGreaterThan(10);
    },
    120_000,
  );

  it('levels below taxonomy groups and their second searches (each organism with its groups)', async () => {
    const top = resolveChart(CHARTS.taxonomy);
    const { body } = await both(chartFacetRequest(top.query, { now: NOW }));
    const groups = toDistributionData(JSON.parse(body) as SearchResponse, top.query)
      .bars.map((bar) => CHARTS.taxonomy.hierarchy!.childOf(bar.label, undefined))
      .filter((group) => group !== undefined);
    expect(groups.length).toBeGreaterThan(2);
    for (const group of groups) {
      const { query } = resolveChart(CHARTS.taxonomy, undefined, group);
      await both(chartFacetRequest(query, { now: NOW }));
      const check = memberCheckRequest(query);
      expect(check).toBeDefined();
      await both(check);
    }
  }, 120_000);

  it.each(FEATURE_REQUESTS.map((r) => [r.name, r.request] as const))(
    'request: %s',
    async (_name, request) => {
      await both(request);
    },
  );

  it.each(groupedRequests(40, 11).map((r, i) => [i, r] as const))(
    'generated grouped request %i',
    async (_i, request) => {
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
      sample(150),
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
      sample(150),
    );
  }, 600_000);

  it('generated: hostile strings as values travel as plain values on both engines', async () => {
    // Real values of each attribute, whole or cut into words, so that some conditions find
    // something: two engines that both find nothing agree whatever they do with the value.
    const piecesOf = (attribute: string) => {
      const values = Object.values(docs).flatMap((rows) =>
        (rows as Record<string, unknown>[]).slice(0, 300).flatMap((row) => list<string>(row[attribute])),
      );
      const words = values.flatMap((v) => v.split(' ').map((_, i, all) => all.slice(i, i + 2).join(' ')));
      return fc.constantFrom(...new Set([...values, ...words]));
    };
    const bare = fc.oneof(
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
    );
    const valueOf = (attribute: string) => {
      const piece = piecesOf(attribute);
      return fc.oneof(
        bare,
        piece,
        piece.map((p) => p.toUpperCase()),
        fc.tuple(bare, piece, bare).map(([a, p, b]) => `${a}${p}${b}`),
      );
    };
    // Operators on string attributes whose values validation takes as they are: only the full-text
    // operators need a word, so those get one when the string has none.
    const condition = fc.oneof(
      fc.constantFrom(...EXACT_ATTRIBUTES).chain((attribute) =>
        fc.record({
          attribute: fc.constant(attribute),
          operator: fc.constant('exact_match'),
          case_sensitive: fc.boolean(),
          value: valueOf(attribute),
        }),
      ),
      fc.constantFrom(...EXACT_ATTRIBUTES).chain((attribute) =>
        fc.record({
          attribute: fc.constant(attribute),
          operator: fc.constant('in'),
          value: fc.array(valueOf(attribute), { minLength: 1, maxLength: 3 }),
        }),
      ),
      fc.constantFrom(...FULL_TEXT_ATTRIBUTES).chain((attribute) =>
        fc.record({
          attribute: fc.constant(attribute),
          operator: fc.constantFrom('contains_phrase', 'contains_words'),
          value: valueOf(attribute).map((v) => (/[\p{L}\p{N}]/u.test(v) ? v : `${v} protein`)),
        }),
      ),
    );
    let runs = 0;
    let answered = 0;
    let alone = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        condition,
        fc.boolean(),
        fc.option(terminal, { nil: undefined, freq: 2 }),
        async (c, negation, other) => {
          const node = text({ ...c, negation });
          const { status, body } = await both({
            query: other ? { type: 'group', logical_operator: 'or', nodes: [node, other] } : node,
            return_type: 'entry',
            request_options: { paginate: { start: 0, rows: 10 } },
          });
          runs++;
          if (status === 200 || status === 204) answered++;
          // What the hostile condition finds itself, not the other one or its negation.
          if (!other && !negation && status !== 400) {
            alone++;
            if (status === 200 && JSON.parse(body).total_count > 0) found++;
          }
        },
      ),
      sample(100),
    );
    // A value refused by validation reaches neither engine: such runs compare nothing.
    expect(answered / runs, `${answered} of ${runs} answered`).toBeGreaterThanOrEqual(0.8);
    // About a third of the conditions alone find something; of a sample of 100 only some 25 are
    // alone, so the floor is set well under a third (0.25 failed on 6 of 26), yet a generator whose
    // values match nothing (all misses compare nothing) still fails it.
    expect(found / alone, `${found} of ${alone} conditions alone found something`).toBeGreaterThanOrEqual(
      0.1,
    );
  }, 600_000);
});
