import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS, chartFacetRequest, finalizeRequest, resolveChart, withScope } from '@pdb-stats/charts';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import type { DemoDocuments, Row } from '@pdb-stats/snapshot';
import { validateSearchRequest, type QueryNode, type SearchRequest } from '@pdb-stats/search-model';
import { buildApp } from '../../src/app.ts';
import { registryChartRequests } from '../../src/chart-requests.ts';
import { openDuckDbEngine, type DuckDbEngine, type Execute } from '../../src/engine/index.ts';
import type { CompiledQuery } from '../../src/planner/index.ts';
import { text as terminal } from '../../src/planner/testing/requests.ts';
import { SearchPipeline } from '../../src/pipeline/index.ts';

const NOW = new Date('2026-07-01T00:00:00Z');
const charts = registryChartRequests(NOW);

const text = (...args: Parameters<typeof terminal>) => terminal(...args) as QueryNode;

/** A scope no request of the registry has: its answers are the engine's, not the cache's. */
const SCOPE = text('rcsb_entry_info.resolution_combined', 'less', 3.1);

/**
 * Scopes as the dashboard sets them (a condition on the entries counted), each with the entries it
 * keeps, told apart here without the engine.
 */
const SCOPES: {
  name: string;
  node: QueryNode;
  keeps: (entry: Row) => boolean;
  /**
   * Charts of chemical components are left out: each entry condition is carried up to the
   * components apart (one used by an X-ray entry and by another entry better than 2.5 Å matches).
   */
  noComponents?: true;
}[] = [
  {
    name: 'resolution below 3.1 Å',
    node: SCOPE,
    keeps: (entry) =>
      ((entry['rcsb_entry_info.resolution_combined'] as number[] | null) ?? []).some((r) => r < 3.1),
  },
  {
    name: 'X-ray',
    node: text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'),
    keeps: (entry) => entry['rcsb_entry_info.experimental_method'] === 'X-ray',
  },
  {
    // One terminal: two would each be carried to a chemical component apart (a component of an
    // entry of 1995 and of one of 2016 matches both).
    name: 'released 2000–2014',
    node: text('rcsb_accession_info.initial_release_date', 'range', {
      from: '2000-01-01',
      to: '2015-01-01',
      include_lower: true,
      include_upper: false,
    }),
    keeps: (entry) => {
      const date = String(entry['rcsb_accession_info.initial_release_date']);
      return date >= '2000-01-01' && date < '2015-01-01';
    },
  },
  {
    // The bench's scope: two entry conditions, carried down to entities and assemblies as one.
    name: 'X-ray better than 2.5 Å',
    node: {
      type: 'group',
      logical_operator: 'and',
      nodes: [
        text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray'),
        text('rcsb_entry_info.resolution_combined', 'less', 2.5),
      ],
    },
    keeps: (entry) =>
      entry['rcsb_entry_info.experimental_method'] === 'X-ray' &&
      ((entry['rcsb_entry_info.resolution_combined'] as number[] | null) ?? []).some((r) => r < 2.5),
    noComponents: true,
  },
  {
    name: 'EM, or released before 2000',
    node: {
      type: 'group',
      logical_operator: 'or',
      nodes: [
        text('rcsb_entry_info.experimental_method', 'exact_match', 'EM'),
        text('rcsb_accession_info.initial_release_date', 'less', '2000-01-01'),
      ],
    },
    keeps: (entry) =>
      entry['rcsb_entry_info.experimental_method'] === 'EM' ||
      String(entry['rcsb_accession_info.initial_release_date']) < '2000-01-01',
  },
];

/**
 * Scopes of other shapes, whose entries a filter here would not tell: one at the entity level (an
 * entry has it when one of its entities does), one with a negation and an OR.
 */
const OTHER_SCOPES: { name: string; node: QueryNode }[] = [
  { name: 'entity weight over 30 kDa', node: text('rcsb_polymer_entity.formula_weight', 'greater', 30) },
  {
    name: 'released before 2001, or heavy and not X-ray',
    node: {
      type: 'group',
      logical_operator: 'or',
      nodes: [
        text('rcsb_accession_info.initial_release_date', 'less', '2001-01-01'),
        {
          type: 'group',
          logical_operator: 'and',
          nodes: [
            text('rcsb_entry_info.molecular_weight', 'greater', 100),
            text('exptl.method', 'exact_match', 'X-RAY DIFFRACTION', { negation: true }),
          ],
        },
      ],
    },
  },
];

const scoped = (scope: QueryNode, request: SearchRequest) =>
  finalizeRequest({ ...request, query: withScope(scope, request.query) });

/** The archive of the entries a scope keeps: their rows at every level, the components they use. */
function subArchive(documents: DemoDocuments, keeps: (entry: Row) => boolean): DemoDocuments {
  const entries = new Set(documents.entry.filter(keeps).map((entry) => entry._key));
  const own = (rows: Row[]) => rows.filter((row) => entries.has(row._entry_key));
  const ligands = own(documents.non_polymer_entity);
  const components = new Set(ligands.map((ligand) => ligand._chem_key));
  return {
    entry: documents.entry.filter((entry) => entries.has(entry._key)),
    polymer_entity: own(documents.polymer_entity),
    non_polymer_entity: ligands,
    polymer_instance: own(documents.polymer_instance),
    assembly: own(documents.assembly),
    mol_definition: documents.mol_definition.filter((component) => components.has(component._key)),
  };
}

/**
 * An answer without its empty buckets (a terms facet that lists every value lists those of its
 * archive, and a smaller archive has fewer) and its query id (a digest of the query).
 */
function filled(answer: unknown): unknown {
  if (Array.isArray(answer))
    return answer
      .filter(
        (item) => !(item && typeof item === 'object' && (item as { population?: unknown }).population === 0),
      )
      .map(filled);
  if (answer && typeof answer === 'object')
    return Object.fromEntries(
      Object.entries(answer)
        .filter(([key]) => key !== 'query_id')
        .map(([key, value]) => [key, filled(value)]),
    );
  return answer;
}

let dir: string;
let documents: DemoDocuments;
let engine: DuckDbEngine;
let app: FastifyInstance;
/** The statements run since the last `read.clear()`, by the derived tables they read. */
const read: CompiledQuery[] = [];

/** The engine, its statements noted in `read` as they run. */
function watched(inner: DuckDbEngine): DuckDbEngine {
  const note =
    <A extends [CompiledQuery, ...unknown[]]>(run: (...args: A) => ReturnType<Execute>) =>
    (...args: A) => {
      read.push(args[0]);
      return run(...args);
    };
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'session') {
        const session: DuckDbEngine['session'] = (work, lane) =>
          target.session(
            ({ execute, cached }) => work({ execute: note(execute), cached: note(cached) }),
            lane,
          );
        return session;
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-kept-'));
  documents = generateDocuments({ entries: 800, seed: 5, archiveDate: '2026-07-01' });
  await writeSnapshot(documents, join(dir, 'all'));
  // A budget of one row: every derived table a request makes for itself is dropped after it.
  engine = await openDuckDbEngine(join(dir, 'all'), {
    derivedRowBudget: 1,
    keep: () => charts.map((c) => c.request),
  });
  app = await buildApp({ engine: watched(engine) });
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

/** Names of the derived tables the statements in `read` read (not those they are made from). */
function tablesRead(statements: readonly CompiledQuery[]): Set<string> {
  return new Set(statements.flatMap((query) => (query.derived ?? []).map((table) => table.name)));
}

describe("the derived tables of the registry's charts", () => {
  let kept: string[];
  /** The kept tables' names. */
  let keptNames: Set<string>;

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
    keptNames = new Set(kept.map((name) => name.slice('kept.'.length).split(' ')[0]!));
    // Asked again, nothing is made again.
    expect(await engine.keepTables()).toBe(made);
  });

  it("answer every chart's first request, scoped or not, making no table but the scope's own", async () => {
    for (const { name, request } of charts) {
      read.length = 0;
      await post(request);
      expect(
        [...tablesRead(read)].filter((table) => !keptNames.has(table)),
        name,
      ).toEqual([]);
      for (const scope of [...SCOPES, ...OTHER_SCOPES]) {
        read.length = 0;
        await post(scoped(scope.node, request));
        // The scope's own tables (the keys it matches) are read by its count; every other
        // statement reads them and kept tables only: the scope is applied to kept relations.
        const counts = read.filter((query) => query.sql.startsWith('SELECT count(*) AS total '));
        const own = tablesRead(counts);
        const others = [...tablesRead(read)].filter((table) => !keptNames.has(table) && !own.has(table));
        expect(others, `${name} over ${scope.name}`).toEqual([]);
      }
    }
    expect(await derivedTables()).toEqual(kept);
  });

  it('give every scoped chart the answer of the same chart over the archive of the scope’s entries', async () => {
    const pipeline = new SearchPipeline(engine);
    for (const scope of SCOPES) {
      const part = join(dir, scope.name.replace(/\W+/g, '-'));
      const its = subArchive(documents, scope.keeps);
      // The scope keeps some entries, not all of them.
      expect(its.entry.length, scope.name).toBeGreaterThan(50);
      expect(its.entry.length, scope.name).toBeLessThan(documents.entry.length - 50);
      await writeSnapshot(its, part);
      const alone = await openDuckDbEngine(part);
      try {
        const whole = new SearchPipeline(alone);
        const answers = { scoped: [] as unknown[], alone: [] as unknown[] };
        for (const { request } of charts) {
          if (scope.noComponents && request.return_type === 'mol_definition') continue;
          answers.scoped.push(
            filled(await pipeline.search(validateSearchRequest(scoped(scope.node, request)))),
          );
          answers.alone.push(filled(await whole.search(validateSearchRequest(request))));
        }
        expect(answers.scoped, scope.name).toEqual(answers.alone);
      } finally {
        await alone.close();
      }
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
