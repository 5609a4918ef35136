import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, storageOf, type CatalogueAttribute } from '@pdb-stats/search-model';
import { readManifest, readSnapshotLayout } from '@pdb-stats/snapshot';
import { sharedPath } from '../../../../test-support/shared-files.ts';
import { readLevel } from '../fixtures/read-snapshot.ts';
import { ImportError } from '../pipeline.ts';
import { importRcsbApi, type RcsbApiImportOptions, type RcsbApiImportSummary } from './pipeline.ts';
import { loadFixtureEntries, standInChemComps } from './stand-in/fixtures.ts';
import { startStandIn, type StandIn } from './stand-in/server.ts';

const SDL = sharedPath('real-data/data-api/schema.graphql', 'the Data API enrichment suite');
const NOTEBOOK = sharedPath(
  'real-data/data-api/fetch_chemical_descriptors.ipynb',
  'the Data API enrichment suite',
);

/**
 * A snapshot lacking some attributes (as an mmCIF import lacks RCSB's derived ones), enriched from a
 * stand-in of the Data API with `into`: only what it lacks is asked, for its own entries, and merged
 * by id into its rows.
 */
const lacking = (a: CatalogueAttribute) => {
  const column = storageOf(a).column;
  // A whole nested record, a plain column, and a record held in part (its lineage fields alone missing).
  return (
    column === 'rcsb_struct_symmetry' ||
    a.path === 'rcsb_primary_citation.rcsb_journal_abbrev' ||
    (column === 'rcsb_entity_source_organism' && a.path.includes('taxonomy_lineage'))
  );
};
const CHARTS = [
  { key: 'symmetry', returnType: 'assembly' as const, attributes: ['rcsb_struct_symmetry.symbol'] },
  { key: 'journal', returnType: 'entry' as const, attributes: ['rcsb_primary_citation.rcsb_journal_abbrev'] },
  { key: 'resolution', returnType: 'entry' as const, attributes: ['rcsb_entry_info.resolution_combined'] },
];

let standIn: StandIn;
let dir: string;
let archive: string;
let before: RcsbApiImportSummary;
let enriched: RcsbApiImportSummary;
let firstVersion: string;

const run = (options: Partial<RcsbApiImportOptions>) =>
  importRcsbApi({
    baseUrl: standIn.url,
    outDir: archive,
    backoffMs: 5,
    ratePerSecond: 1000,
    charts: CHARTS,
    ...options,
  });

beforeAll(async () => {
  if (!SDL || !NOTEBOOK) return;
  const entries = loadFixtureEntries();
  standIn = await startStandIn({
    sdl: readFileSync(SDL, 'utf8'),
    entries,
    chemComps: standInChemComps(NOTEBOOK, entries),
  });
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-enrich-'));
  archive = join(dir, 'archive');
  before = await run({ attributes: CATALOGUE.filter((a) => !lacking(a)) });
  firstVersion = await realpath(archive);
  standIn.requests.splice(0);
  enriched = await run({ into: archive });
});

afterAll(async () => {
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!SDL || !NOTEBOOK)('a snapshot enriched from the Data API (--into)', () => {
  it('asks only for the columns the snapshot lacks or holds in part, for its own entries', () => {
    expect(standIn.invalidQueries).toBe(0);
    expect(standIn.requests.some((r) => r.path.includes('holdings'))).toBe(false);
    const queries = standIn.requests.filter((r) => r.path === '/graphql' && r.ids.length > 0);
    const entriesQuery = queries.find((r) => String(r.body?.query).includes('entries('));
    expect(entriesQuery?.ids.sort()).toEqual(['2HYV', '3VBT', '5TM0', '6RKU']);
    const text = String(entriesQuery?.body?.query);
    const asks = (field: string) => new RegExp(`^\\s*${field}\\b`, 'm').test(text);
    for (const field of ['rcsb_struct_symmetry', 'rcsb_journal_abbrev', 'taxonomy_lineage'])
      expect(asks(field), field).toBe(true);
    for (const field of ['resolution_combined', 'space_group_name_H_M', 'deposited_atom_count'])
      expect(asks(field), field).toBe(false);
  });

  it('merges by id into the snapshot rows, which keep their keys and values, and draws the charts', async () => {
    expect(before.charts.notDrawn.map((c) => c.chart)).toEqual(['symmetry', 'journal']);
    expect(enriched.charts.drawn).toEqual(['symmetry', 'journal', 'resolution']);
    expect(enriched.counts).toEqual(before.counts);
    expect(enriched.merged?.entry).toEqual({ rows: 4, found: 4 });
    expect(enriched.merged?.assembly).toEqual({
      rows: before.counts.assembly,
      found: before.counts.assembly,
    });
    const [old, now] = [await readLevel(firstVersion, 'entry'), await readLevel(archive, 'entry')];
    expect(now.map((r) => [r._key, r.rcsb_id, r['rcsb_entry_info.resolution_combined']])).toEqual(
      old.map((r) => [r._key, r.rcsb_id, r['rcsb_entry_info.resolution_combined']]),
    );
    expect(old.every((r) => r['rcsb_primary_citation.rcsb_journal_abbrev'] === undefined)).toBe(true);
    expect(now.filter((r) => typeof r['rcsb_primary_citation.rcsb_journal_abbrev'] === 'string').length).toBe(
      4,
    );
    const assemblies = await readLevel(archive, 'assembly');
    expect(
      assemblies.some((a) => Array.isArray(a.rcsb_struct_symmetry) && a.rcsb_struct_symmetry.length > 0),
    ).toBe(true);
    const held = (await readSnapshotLayout(archive)).held.map((a) => `${a.level}:${a.path}`);
    expect(held).toContain('polymer_entity:rcsb_entity_source_organism.taxonomy_lineage.name');
    expect(held).toContain('polymer_entity:rcsb_entity_source_organism.ncbi_scientific_name');
  });

  it('publishes the next version of the snapshot, naming the Data API among its sources', async () => {
    const manifest = await readManifest(archive);
    expect(manifest.source).toBe(before.manifest.source);
    expect(manifest.archive_date).toBe(before.manifest.archive_date);
    expect(manifest.sources?.at(-1)).toMatch(
      /^RCSB Data API \(http:\/\/127\.0\.0\.1:\d+\): \d+ columns by id$/,
    );
    const versions = (await readdir(`${archive}.snapshots`)).filter((n) => !n.startsWith('.'));
    expect(versions).toHaveLength(2);
    expect(await realpath(archive)).not.toBe(firstVersion);
  });

  it('with no network, fails after its bounded retries with a clear error, leaving the snapshot as it was', async () => {
    const served = await realpath(archive);
    // A port nothing listens on: the connection is refused at once, as with no network.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failed = run({ into: archive, baseUrl: `http://127.0.0.1:${port}`, retries: 2 });
    await expect(failed).rejects.toThrow(ImportError);
    await expect(failed).rejects.toThrow(
      /^cannot reach the Data API at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED: no network, or a wrong --base-url\): .*gave up after 3 attempts.* is unchanged/,
    );
    expect(await realpath(archive)).toBe(served);
  });
});
