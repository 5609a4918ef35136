import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

import { snapshotContents as contents } from './fixtures/read-snapshot.ts';
import { importMmcif, type ImportOptions } from './pipeline.ts';
import { sharedPath } from '../../../test-support/shared-files.ts';

const REAL = sharedPath('real-data', 'the real-data weekly update test') ?? '';

let root: string | undefined;
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(REAL === '')('the weekly update of the real files', () => {
  it('gives the snapshot a full import gives, entries removed and made obsolete', async () => {
    root = await mkdtemp(join(tmpdir(), 'pdb-stats-weekly-real-'));
    // A mirror of our own, to remove and touch files in.
    const mirror = join(root, 'mirror');
    await cp(join(REAL, 'mmcif/divided'), mirror, { recursive: true, preserveTimestamps: true });
    const options: ImportOptions = {
      from: mirror,
      ccd: join(REAL, 'chem_comp'),
      bird: join(REAL, 'bird'),
      clusters: join(REAL, 'clusters'),
      sifts: join(REAL, 'sifts'),
      flat: join(REAL, 'flat'),
      outDir: join(root, 'out'),
      workers: 2,
    };
    await importMmcif(options);

    // A week: 3IYD's file removed (the one electron microscopy entry recording its imaging, staining
    // and fitting), 5TM0 made obsolete by the holdings (the one structural genomics entry with NMR
    // sample details), and 1AH1's file rewritten.
    await rm(join(mirror, 'iy/3iyd.cif.gz'));
    const holdings = join(root, 'holdings');
    await mkdir(holdings);
    await writeFile(
      join(holdings, 'all_removed_entries.json.gz'),
      gzipSync(JSON.stringify({ '5TM0': { obsolete_date: '2026-11-25T00:00:00+00:00' } })),
    );
    await writeFile(join(holdings, 'unreleased_entries.json.gz'), gzipSync('{}'));
    const later = (Date.now() + 60_000) / 1000;
    await utimes(join(mirror, 'ah/1ah1.cif.gz'), later, later);

    const weekly = await importMmcif({ ...options, holdings });
    expect(weekly.files).toMatchObject({ parsed: 1, carried: 38, notReleased: 1 });
    const full = await importMmcif({
      ...options,
      holdings,
      outDir: join(root, 'full'),
      cacheDir: join(root, 'full-cache'),
    });
    expect(full.files.carried).toBe(0);
    const updated = await contents(options.outDir);
    expect(updated.counts.entry).toBe(39);
    expect(updated).toEqual(await contents(join(root, 'full')));
  }, 240_000);
});
