import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  compareSnapshots,
  formatComparison,
  importMmcif,
  importRcsbApi,
  type RcsbApiImportSummary,
  type SnapshotComparison,
} from '@pdb-stats/archive';
import { chartQueryAttributes } from '@pdb-stats/charts';
import { loadFixtureEntries, standInChemComps } from '../../archive/src/import/rcsb-api/stand-in/fixtures.ts';
import { startStandIn, type StandIn } from '../../archive/src/import/rcsb-api/stand-in/server.ts';
import { sharedPath } from '../../../test-support/shared-files.ts';
import { buildApp } from '../src/app.ts';
import { openDuckDbEngine, type Engine } from '../src/engine/index.ts';
import { ALL_CHARTS, barsAgainstSearches, chartName } from './support/chart-bars.ts';

/**
 * An archive imported from a stand-in of the RCSB Data API (the official schema, hand-written entry
 * documents, recorded chemical components), served by the real app: every bar of every chart it can
 * draw must equal its search, and the charts that need RCSB's derived attributes become drawable.
 * The same entries imported from their wwPDB mmCIF files are compared with it.
 */

const SDL = sharedPath('real-data/data-api/schema.graphql', 'the Data API archive suite');
const NOTEBOOK = sharedPath(
  'real-data/data-api/fetch_chemical_descriptors.ipynb',
  'the Data API archive suite',
);
const MMCIF = sharedPath('real-data/mmcif/divided', 'the Data API archive suite');
const NOW = new Date('2026-07-01T00:00:00Z');

let dir: string;
let standIn: StandIn;
let summary: RcsbApiImportSummary;
let engine: Engine;
let app: FastifyInstance;
let comparison: SnapshotComparison;

beforeAll(async () => {
  if (!SDL || !NOTEBOOK || !MMCIF) return;
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-rcsb-api-archive-'));
  const entries = loadFixtureEntries();
  standIn = await startStandIn({
    sdl: readFileSync(SDL, 'utf8'),
    entries,
    chemComps: standInChemComps(NOTEBOOK, entries),
  });
  summary = await importRcsbApi({ baseUrl: standIn.url, outDir: join(dir, 'api'), ratePerSecond: 1000 });
  engine = await openDuckDbEngine(join(dir, 'api'));
  app = await buildApp({ engine });

  // The same entries from their mmCIF files.
  await mkdir(join(dir, 'files'));
  for (const id of Object.keys(entries)) {
    const name = `${id.toLowerCase()}.cif.gz`;
    await copyFile(join(MMCIF, name.slice(1, 3), name), join(dir, 'files', name));
  }
  await importMmcif({ from: join(dir, 'files'), outDir: join(dir, 'mmcif'), workers: 0 });
  comparison = await compareSnapshots(join(dir, 'mmcif'), join(dir, 'api'));
}, 300_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const drawable = () =>
  ALL_CHARTS.filter((chart) => chartQueryAttributes(chart.query).every((p) => engine.held.find(p, 'entry')));

describe.skipIf(!SDL || !NOTEBOOK || !MMCIF)('an archive imported from the RCSB Data API', () => {
  it('holds every entry of the list with only valid queries asked', () => {
    expect(standIn.invalidQueries).toBe(0);
    expect(summary.failures).toEqual([]);
    expect(summary.counts).toMatchObject({ entry: 4, polymer_entity: 7, assembly: 5 });
  });

  it('draws the charts that need RCSB-derived attributes, which mmCIF files cannot', () => {
    const names = drawable().map(chartName);
    for (const name of names) expect(typeof name).toBe('string');
    expect(engine.held.find('rcsb_struct_symmetry.symbol', 'assembly')).toBeDefined();
    expect(
      engine.held.find('rcsb_entity_source_organism.taxonomy_lineage.name', 'polymer_entity'),
    ).toBeDefined();
    expect(summary.charts.drawn.length).toBeGreaterThan(summary.charts.notDrawn.length);
  });

  it('draws every bar of every chart it supports with the count of its search', async () => {
    const failures: string[] = [];
    let bars = 0;
    for (const chart of drawable()) {
      const result = await barsAgainstSearches(app, chart, NOW);
      bars += result.bars;
      failures.push(...result.mismatches.map((m) => `${chartName(chart)}: ${m}`));
    }
    expect(bars).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  }, 300_000);

  it('agrees with the mmCIF import of the same entries where the files carry the values', () => {
    const entry = comparison.levels.find((level) => level.level === 'entry');
    expect(entry?.objects).toMatchObject({ shared: 4, onlyInA: 0, onlyInB: 0 });
    const differing = new Set(entry?.differences.filter((d) => d.differ > 0).map((d) => d.attribute));
    for (const attribute of [
      'rcsb_accession_info.initial_release_date',
      'rcsb_entry_info.resolution_combined',
      'exptl.method',
      'symmetry.space_group_name_H_M',
      'rcsb_entry_info.deposited_atom_count',
    ])
      expect(differing.has(attribute), attribute).toBe(false);
    expect(entry?.agreeing).toContain('rcsb_entry_info.resolution_combined');
    // The attributes only the Data API supplies are listed as such.
    const assembly = comparison.levels.find((level) => level.level === 'assembly');
    expect(assembly?.columnsOnlyInB).toContain('rcsb_struct_symmetry');
    const text = formatComparison(comparison, { a: 'mmcif', b: 'rcsb-api' });
    expect(text).toContain('entry: 4 entries in both');
  });
});
