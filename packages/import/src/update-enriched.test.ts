import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATA_API_COLUMNS_FILE } from './data-api-columns.ts';
import { readLevel, snapshotContents as contents } from './fixtures/read-snapshot.ts';
import { importMmcif, type ImportOptions } from './pipeline.ts';
import { importRcsbApi } from './rcsb-api/pipeline.ts';
import { loadFixtureEntries, standInChemComps } from './rcsb-api/stand-in/fixtures.ts';
import { startStandIn, type StandIn } from './rcsb-api/stand-in/server.ts';
import { sharedPath } from '../../../test-support/shared-files.ts';

const SUITE = 'the weekly update of an enriched snapshot';
const REAL = sharedPath('real-data/mmcif/divided', SUITE);
const SDL = sharedPath('real-data/data-api/schema.graphql', SUITE);
const NOTEBOOK = sharedPath('real-data/data-api/fetch_chemical_descriptors.ipynb', SUITE);
/** The entries the Data API stand-in serves, as the mirror holds them. */
const FILES = ['hy/2hyv.cif.gz', 'vb/3vbt.cif.gz', 'tm/5tm0.cif.gz', 'rk/6rku.cif.gz'];
const JOURNAL = 'rcsb_primary_citation.rcsb_journal_abbrev';

let standIn: StandIn | undefined;
let root = '';
beforeAll(async () => {
  if (!REAL || !SDL || !NOTEBOOK) return;
  const entries = loadFixtureEntries();
  standIn = await startStandIn({
    sdl: readFileSync(SDL, 'utf8'),
    entries,
    chemComps: standInChemComps(NOTEBOOK, entries),
  });
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-update-enriched-'));
});
afterAll(async () => {
  await standIn?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const enrich = (into: string) =>
  importRcsbApi({ baseUrl: standIn?.url ?? '', into, outDir: into, backoffMs: 5, ratePerSecond: 1000 });

describe.skipIf(!REAL || !SDL || !NOTEBOOK)(SUITE, () => {
  it('carries the Data API columns over for unchanged entries; --into fills the changed ones again', async () => {
    const mirror = join(root, 'mirror');
    for (const file of FILES) {
      await mkdir(join(mirror, file, '..'), { recursive: true });
      await cp(join(REAL as string, file), join(mirror, file), { preserveTimestamps: true });
    }
    const options: ImportOptions = { from: mirror, outDir: join(root, 'archive'), workers: 0 };
    await importMmcif(options);
    await enrich(options.outDir);
    const enriched = await readLevel(options.outDir, 'entry');
    expect(enriched.filter((row) => typeof row[JOURNAL] === 'string')).toHaveLength(4);

    // A week: 3VBT's file rewritten. The three others keep the Data API's values; 3VBT has none.
    const later = (Date.now() + 60_000) / 1000;
    await utimes(join(mirror, 'vb/3vbt.cif.gz'), later, later);
    const messages: string[] = [];
    const weekly = await importMmcif({
      ...options,
      onEvent: (event) => event.type === 'message' && messages.push(event.message),
    });
    expect(weekly.files).toMatchObject({ parsed: 1, carried: 3 });
    const updated = await readLevel(options.outDir, 'entry');
    for (const row of updated) {
      const before = enriched.find((old) => old.rcsb_id === row.rcsb_id);
      expect(row[JOURNAL], String(row.rcsb_id)).toEqual(row.rcsb_id === '3VBT' ? null : before?.[JOURNAL]);
    }
    expect(
      messages.some((m) => /columns of the Data API carried over .* run rcsb-api --into again/.test(m)),
    ).toBe(true);
    const record = JSON.parse(await readFile(join(options.outDir, DATA_API_COLUMNS_FILE), 'utf8')) as {
      columns: Record<string, string[]>;
    };
    expect(record.columns.entry).toContain(JOURNAL);
    expect(record.columns.assembly).toContain('rcsb_struct_symmetry');

    // The next enrichment asks for those columns again: the snapshot equals a full import enriched.
    await enrich(options.outDir);
    const full = join(root, 'full');
    await importMmcif({ ...options, outDir: full, cacheDir: join(root, 'full-cache') });
    await enrich(full);
    expect(await contents(options.outDir)).toEqual(await contents(full));
  }, 240_000);
});
