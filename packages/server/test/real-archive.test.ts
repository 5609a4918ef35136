import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { importMmcif, type ImportSummary } from '@pdb-stats/import';
import { chartQueryAttributes } from '@pdb-stats/charts';
import { sharedPath } from '../../../test-support/shared-files.ts';
import { buildApp } from '../src/app.ts';
import { openClickHouseEngine, openDuckDbEngine, type Engine } from '../src/engine/index.ts';
import { registryChartRequests } from '../src/chart-requests.ts';
import { SearchService } from '../src/search-service.ts';
import { clusterEnv } from './support/clickhouse-cluster.ts';
import { count } from './support/archive-fixture.ts';
import { ALL_CHARTS, barsAgainstSearches, chartName } from './support/chart-bars.ts';
import { readPlainCif, value, type CifTables } from './support/plain-cif.ts';

/**
 * The real archive end to end: every real file of `../shared/real-data` imported (mmCIF, PDB-IHM,
 * computed models, chemical components, BIRD, sequence clusters, SIFTS), served by the real app,
 * then checked against the files read another way and against the product's promise that every bar
 * equals its search.
 */

const REAL = sharedPath('real-data', 'the real archive suite');
const NOW = new Date('2026-07-01T00:00:00Z');

let dir: string;
let summary: ImportSummary;
let engine: Engine;
let app: FastifyInstance;
const files = new Map<string, CifTables>();

beforeAll(async () => {
  if (!REAL) return;
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-real-'));
  const mmcif = join(REAL, 'mmcif');
  summary = await importMmcif({
    from: join(mmcif, 'divided'),
    ihm: join(mmcif, 'ihm'),
    csm: join(mmcif, 'csm'),
    ccd: join(REAL, 'chem_comp'),
    bird: join(REAL, 'bird'),
    clusters: join(REAL, 'clusters'),
    sifts: join(REAL, 'sifts'),
    flat: join(REAL, 'flat'),
    outDir: join(dir, 'archive'),
    workers: 2,
  });
  engine = await openDuckDbEngine(join(dir, 'archive'));
  app = await buildApp({ engine });
  for (const group of await readdir(join(mmcif, 'divided'))) {
    for (const name of await readdir(join(mmcif, 'divided', group))) {
      const text = gunzipSync(await readFile(join(mmcif, 'divided', group, name))).toString('utf8');
      const tables = readPlainCif(text);
      files.set((value(tables, 'entry', 'id') as string).toUpperCase(), tables);
    }
  }
}, 300_000);

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const terminal = (attribute: string, operator: string, v: unknown) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute, operator, value: v },
});
const entryWith = (id: string, ...nodes: object[]) => ({
  return_type: 'entry',
  query: {
    type: 'group',
    logical_operator: 'and',
    nodes: [terminal('rcsb_id', 'exact_match', id), ...nodes],
  },
});

describe.skipIf(!REAL)('the real archive imported from the wwPDB files', () => {
  it('holds every entry, with no file skipped', () => {
    expect(summary.badFiles).toEqual([]);
    expect(summary.counts.entry).toBe(61);
    expect(files.size).toBe(41);
    expect(summary.counts.mol_definition).toBe(33);
    expect(summary.manifest).toMatchObject({ demo: false });
    // Public structure attributes these 61 files fill with the enrichers (384 of 677 when written):
    // a floor against regressions. Categories the files lack (most em_*, solution scattering,
    // serial crystallography) are read generically when a file has them.
    expect(summary.attributes.structure.filled).toBeGreaterThanOrEqual(380);
  });

  it('answers each entry with the values its file holds', async () => {
    const wrong: string[] = [];
    for (const [id, tables] of files) {
      const checks: [string, object][] = [];
      const revisions = (tables.get('pdbx_audit_revision_history') ?? []).map((r) => r.revision_date);
      const first = revisions.filter((d): d is string => !!d && d !== '?').sort()[0];
      if (first)
        checks.push(['release date', terminal('rcsb_accession_info.initial_release_date', 'equals', first)]);
      for (const row of tables.get('exptl') ?? [])
        checks.push(['method', terminal('exptl.method', 'exact_match', row.method)]);
      const resolution = value(tables, 'refine', 'ls_d_res_high');
      if (resolution)
        checks.push([
          'resolution',
          terminal('rcsb_entry_info.resolution_combined', 'equals', Number(resolution)),
        ]);
      const spaceGroup = value(tables, 'symmetry', 'space_group_name_H_M');
      if (spaceGroup)
        checks.push(['space group', terminal('symmetry.space_group_name_H_M', 'exact_match', spaceGroup)]);
      for (const [what, node] of checks) {
        if ((await count(app, entryWith(id, node))) !== 1)
          wrong.push(`${id}: ${what} ${JSON.stringify(node)}`);
      }
      const polymers = (tables.get('entity') ?? []).filter((e) => e.type === 'polymer').length;
      const found = await count(app, {
        return_type: 'polymer_entity',
        query: terminal('rcsb_polymer_entity_container_identifiers.entry_id', 'exact_match', id),
      });
      if (found !== polymers) wrong.push(`${id}: ${polymers} polymer entities in the file, ${found} found`);
    }
    expect(wrong).toEqual([]);
  });

  it('finds nothing for a value the file does not hold', async () => {
    const [id] = files.keys();
    const node = terminal('rcsb_accession_info.initial_release_date', 'equals', '1900-01-01');
    expect(await count(app, entryWith(id as string, node))).toBe(0);
  });

  const supported = () =>
    ALL_CHARTS.filter((chart) =>
      chartQueryAttributes(chart.query).every((p) => engine.held.find(p, 'entry')),
    );

  it('supports most charts, and refuses the others with a clear message', async () => {
    expect(supported().length).toBeGreaterThanOrEqual(ALL_CHARTS.length / 2);
    for (const chart of ALL_CHARTS.filter((c) => !supported().includes(c))) {
      const missing = chartQueryAttributes(chart.query).find((p) => !engine.held.find(p, 'entry'));
      expect(missing, chartName(chart)).toBeDefined();
    }
  });

  it('draws every bar of every chart it supports with the count of its search', async () => {
    const failures: string[] = [];
    let bars = 0;
    for (const chart of supported()) {
      const result = await barsAgainstSearches(app, chart, NOW);
      bars += result.bars;
      failures.push(...result.mismatches.map((m) => `${chartName(chart)}: ${m}`));
    }
    expect(bars).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});

const cluster = REAL ? clusterEnv() : undefined;

describe.skipIf(!REAL || !cluster)('the real archive on the ClickHouse cluster', () => {
  it('answers every chart it can draw exactly as DuckDB does', async () => {
    const clickhouse = await openClickHouseEngine(join(dir, 'archive'), {
      shards: cluster!.shards,
      cluster: cluster!.cluster,
      database: 'pdb_stats_real',
      reload: true,
    });
    try {
      expect(clickhouse.held.size).toBe(engine.held.size);
      const [fromCluster, fromDuckDb] = [new SearchService(clickhouse), new SearchService(engine)];
      const different: string[] = [];
      const charts = registryChartRequests(NOW, engine.held);
      for (const { name, request } of charts) {
        const [a, b] = [await fromCluster.answer(request), await fromDuckDb.answer(request)];
        if (a.body !== b.body) different.push(`${name}: ${a.body} vs ${b.body}`);
      }
      expect(charts.length).toBeGreaterThan(15);
      expect(different).toEqual([]);
    } finally {
      await clickhouse.close();
    }
  }, 300_000);
});
