import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  compareSnapshots,
  formatComparison,
  type SnapshotComparison,
  importMmcif,
  importRcsbApi,
  type RcsbApiImportSummary,
  loadFixtureEntries,
  standInChemComps,
  startStandIn,
  type StandIn,
} from '@pdb-stats/import';
import { chartNeeds, chartQueryAttributes } from '@pdb-stats/charts';
import { AttributeSet } from '@pdb-stats/search-model';
import { openSnapshot } from '@pdb-stats/snapshot';
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
let mmcifHeld: AttributeSet;
let enrichment: RcsbApiImportSummary;
let enrichedEngine: Engine;
let enrichedApp: FastifyInstance;

beforeAll(async () => {
  if (!SDL || !NOTEBOOK || !MMCIF) return;
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-rcsb-api-archive-'));
  const entries = loadFixtureEntries();
  standIn = await startStandIn({
    sdl: readFileSync(SDL, 'utf8'),
    entries,
    chemComps: standInChemComps(NOTEBOOK, entries),
  });
  summary = await importRcsbApi({
    baseUrl: standIn.url,
    outDir: join(dir, 'api'),
    ratePerSecond: 1000,
    charts: chartNeeds(),
  });
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

  // That mmCIF snapshot, enriched from the Data API with what its files lack, served by the real app.
  mmcifHeld = new AttributeSet((await openSnapshot(join(dir, 'mmcif'))).layout.held);
  enrichment = await importRcsbApi({
    baseUrl: standIn.url,
    into: join(dir, 'mmcif'),
    outDir: join(dir, 'mmcif'),
    ratePerSecond: 1000,
    charts: chartNeeds(),
  });
  enrichedEngine = await openDuckDbEngine(join(dir, 'mmcif'));
  enrichedApp = await buildApp({ engine: enrichedEngine });
}, 300_000);

afterAll(async () => {
  await app?.close();
  await enrichedApp?.close();
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const drawableBy = (held: AttributeSet) => (chart: (typeof ALL_CHARTS)[number]) =>
  chartQueryAttributes(chart.query).every((p) => held.find(p, 'entry'));
const drawable = () => ALL_CHARTS.filter(drawableBy(engine.held));

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

  it('enriches the mmCIF import of the same entries (--into) so that it draws every chart the Data API import draws', async () => {
    expect(enrichment.failures).toEqual([]);
    expect(enrichment.counts).toMatchObject({ entry: 4 });
    // The two imports name the same objects alike: every row of every level is found by id.
    for (const [level, merged] of Object.entries(enrichment.merged ?? {}))
      expect(merged.found, level).toBe(merged.rows);
    expect(Object.keys(enrichment.merged ?? {})).toEqual(
      expect.arrayContaining(['entry', 'polymer_entity', 'polymer_instance', 'assembly']),
    );
    const gained = ALL_CHARTS.filter(
      (chart) => !drawableBy(mmcifHeld)(chart) && drawableBy(enrichedEngine.held)(chart),
    );
    // Symmetry, taxonomy, journal, enzyme classes, SCOP: not held by the files alone.
    expect(gained.length).toBeGreaterThanOrEqual(5);
    expect(
      drawable()
        .filter((chart) => !drawableBy(enrichedEngine.held)(chart))
        .map(chartName),
    ).toEqual([]);
    const failures: string[] = [];
    let bars = 0;
    for (const chart of gained) {
      const result = await barsAgainstSearches(enrichedApp, chart, NOW);
      bars += result.bars;
      failures.push(...result.mismatches.map((m) => `${chartName(chart)}: ${m}`));
    }
    expect(bars).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 120_000);
});
