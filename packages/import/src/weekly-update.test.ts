import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEVELS, readManifest } from '@pdb-stats/snapshot';
import { readLevel } from './fixtures/read-snapshot.ts';
import { entryCif, STAND_IN_PARSER, writeTree } from './fixtures/trees.ts';
import { importMmcif, type ImportOptions } from './pipeline.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-weekly-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const run = (options: Omit<ImportOptions, 'parserModule' | 'workers'>) =>
  importMmcif({ workers: 0, parserModule: STAND_IN_PARSER, ...options });

/** Every level's rows (in key order) and the manifest's counts and date: what a reader of the snapshot sees. */
async function contents(out: string) {
  const levels: Record<string, unknown> = {};
  for (const level of LEVELS) levels[level] = await readLevel(out, level);
  const { counts, archive_date } = await readManifest(out);
  return { counts, archive_date, levels };
}

async function touch(path: string, at: number): Promise<void> {
  await utimes(path, at / 1000, at / 1000);
}

it('a weekly update carries unchanged entries over and equals a full import of the same files', async () => {
  const mirror = join(dir, 'mirror');
  const ccd = join(dir, 'ccd');
  const clusters = join(dir, 'clusters');
  const holdings = join(dir, 'holdings');
  await writeTree(mirror, {
    'aa/1aaa.cif.gz': entryCif('1aaa', { release: '2001-01-01', entities: 2, ligand: 'HEM', title: 'A' }),
    'aa/2aaa.cif.gz': entryCif('2aaa', { release: '2002-01-01', entities: 1, title: 'B' }),
    'bb/1bbb.cif.gz': entryCif('1bbb', { release: '2003-01-01', entities: 3, ligand: 'NAG', title: 'C' }),
    'bb/2bbb.cif.gz': entryCif('2bbb', { release: '2004-01-01', entities: 2, ligand: 'HEM', title: 'D' }),
    'cc/1ccc.cif.gz': entryCif('1ccc', { release: '2005-01-01', entities: 1, title: 'E' }),
    'dd/1ddd.cif.gz': entryCif('1ddd', { release: '2006-01-01', entities: 2, ligand: 'HEM', title: 'F' }),
  });
  await writeTree(ccd, { 'HEM.cif': 'data_HEM\n_test.weight 616.49\n' });
  await writeTree(clusters, { 'clusters-by-entity-30.txt': '1AAA_1 1BBB_2 2BBB_1\n1DDD_2 1AAA_2\n' });
  const out = join(dir, 'out');
  const options = { from: mirror, ccd, clusters, outDir: out };

  const first = await run(options);
  expect(first.files).toMatchObject({ found: 7, parsed: 7, carried: 0 });
  const before = await contents(out);

  // Nothing changed: every entry is carried over, and the snapshot is the same.
  const unchanged = await run(options);
  expect(unchanged.files).toMatchObject({ parsed: 0, reused: 7, carried: 6 });
  expect(await contents(out)).toEqual(before);

  // A week: a file changed, one added to a group and one in a new group, one removed, an unchanged
  // entry made obsolete by the holdings, and a component added that an unchanged entry names.
  const later = Date.now() + 60_000;
  await writeFile(
    join(mirror, 'bb/2bbb.cif.gz'),
    gzipSync(entryCif('2bbb', { release: '2004-01-01', entities: 4, title: 'D, revised' })),
  );
  await touch(join(mirror, 'bb/2bbb.cif.gz'), later);
  await writeTree(mirror, {
    'aa/3aaa.cif.gz': entryCif('3aaa', { release: '2026-11-25', entities: 2, ligand: 'NAG', title: 'G' }),
    'ee/1eee.cif.gz': entryCif('1eee', { release: '2026-11-26', entities: 1, ligand: 'HEM', title: 'H' }),
  });
  await rm(join(mirror, 'cc/1ccc.cif.gz'));
  await writeTree(ccd, { 'NAG.cif': 'data_NAG\n_test.weight 221.21\n' });
  await mkdir(holdings);
  await writeFile(
    join(holdings, 'all_removed_entries.json.gz'),
    gzipSync(JSON.stringify({ '1DDD': { obsolete_date: '2026-11-26T00:00:00+00:00' } })),
  );
  await writeFile(join(holdings, 'unreleased_entries.json.gz'), gzipSync('{}'));

  const weekly = await run({ ...options, holdings });
  // 1aaa, 2aaa and 1bbb carried; 2bbb, 3aaa, 1eee and NAG parsed; 1ccc removed, 1ddd left out.
  expect(weekly.files).toMatchObject({ found: 8, parsed: 4, carried: 3, notReleased: 1 });
  const updated = await contents(out);

  const full = await run({
    ...options,
    holdings,
    outDir: join(dir, 'full'),
    cacheDir: join(dir, 'full-cache'),
  });
  expect(full.files).toMatchObject({ parsed: 8, carried: 0 });
  expect(updated).toEqual(await contents(join(dir, 'full')));
  expect(updated.counts.entry).toBe(6);
  expect(updated.archive_date).toBe('2026-11-26');
  // The carried entry naming the new component links to it.
  const nag = (updated.levels.non_polymer_entity as Record<string, unknown>[]).find(
    (row) => row.rcsb_id === '1BBB_4',
  );
  expect(nag?._chem_key).not.toBeNull();

  // Changed enricher files: the rows are enriched again, every entry replayed from the parse cache.
  await writeFile(join(clusters, 'clusters-by-entity-30.txt'), '2AAA_1 1BBB_1\n');
  const reEnriched = await run({ ...options, holdings });
  expect(reEnriched.files).toMatchObject({ parsed: 0, reused: 8, carried: 0 });
  const fullAgain = await run({
    ...options,
    holdings,
    outDir: join(dir, 'full2'),
    cacheDir: join(dir, 'full2-cache'),
  });
  expect(fullAgain.files.parsed).toBe(8);
  expect(await contents(out)).toEqual(await contents(join(dir, 'full2')));
  expect(await readdir(join(dir, 'out.import-cache'))).toContain('carry.json');
});
