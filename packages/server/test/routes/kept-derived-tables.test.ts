import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS, chartFacetRequest, finalizeRequest, resolveChart, withScope } from '@pdb-stats/charts';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import type { QueryNode } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { openDuckDbEngine, type DuckDbEngine } from '../../src/engine/index.ts';

const NOW = new Date('2026-07-01T00:00:00Z');
const charts = registryChartRequests(NOW);

/** A scope no request of the registry has: its answers are the engine's, not the cache's. */
const SCOPE: QueryNode = {
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_entry_info.resolution_combined', operator: 'less', value: 3.1 },
};

let dir: string;
let engine: DuckDbEngine;
let app: FastifyInstance;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-kept-'));
  await writeSnapshot(generateDocuments({ entries: 800, seed: 5, archiveDate: '2026-07-01' }), dir);
  // A budget of one row: every derived table a request makes for itself is dropped after it.
  engine = await openDuckDbEngine(dir, {
    derivedRowBudget: 1,
    keep: () => charts.map((c) => c.request),
  });
  app = await buildApp({ engine });
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The derived tables that exist now, each with its database and catalog id (a table made again
 * gets a new one).
 */
async function derivedTables(): Promise<string[]> {
  const rows = await engine.session(({ execute }) =>
    execute({
      sql: "SELECT database_name || '.' || table_name || ' ' || table_oid FROM duckdb_tables() WHERE starts_with(table_name, '_rel_')",
      parameters: [],
    }),
  );
  return rows.map(([name]) => String(name)).sort();
}

async function post(request: object): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: request });
  expect(response.statusCode, response.body).toBe(200);
}

describe("the derived tables of the registry's charts", () => {
  let kept: string[];

  it('are made once, from the first search on, and kept', async () => {
    // The first search after start (the charts computed ahead, on a server) starts them.
    await post(charts[0]!.request);
    const made = await engine.keepTables();
    expect(made.tables).toBeGreaterThan(20);
    expect(made.rows).toBeGreaterThan(0);
    kept = await derivedTables();
    expect(kept.length).toBe(made.tables);
    // Those made only to make others are dropped past the budget; the kept ones are compressed.
    expect(kept.filter((name) => !name.startsWith('kept._rel_'))).toEqual([]);
    // Asked again, nothing is made again.
    expect(await engine.keepTables()).toBe(made);
  });

  it("answer every chart's first request, scoped or not, without making a table", async () => {
    for (const { request } of charts) {
      await post(request);
      await post(finalizeRequest({ ...request, query: withScope(SCOPE, request.query) }));
    }
    expect(await derivedTables()).toEqual(kept);
  });

  it('are not dropped by requests whose own tables exceed the budget', async () => {
    // Levels below classes read tables of their own (the class's keys, its names): made, then
    // dropped past the budget of one row.
    const below = [
      ['enzyme-classification', '3'],
      ['scop-classification', '51349'],
      ['taxonomy', 'Bacteria'],
    ] as const;
    for (const [key, parent] of below)
      await post(chartFacetRequest(resolveChart(CHARTS[key], undefined, parent).query, { now: NOW }));
    const after = await derivedTables();
    expect(after.filter((name) => !kept.includes(name))).toEqual([]);
    expect(after).toEqual(kept);
    for (const { request } of charts) await post(request);
    expect(await derivedTables()).toEqual(kept);
  });
});
