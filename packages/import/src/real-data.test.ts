import { spawn } from 'node:child_process';

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest } from '@pdb-stats/snapshot';
import { columnsOfLevel, readLevel } from './fixtures/read-snapshot.ts';
import { importMmcif, type ImportOptions } from './pipeline.ts';
import { sharedPath } from '../../../test-support/shared-files.ts';

const REAL = sharedPath('real-data', 'the real-data import test') ?? '';
const present = REAL !== '';

let root: string | undefined;
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(!present)('importing the real files', () => {
  it('imports every entry, component and BIRD file with the enrichers, then re-runs from the cache', async () => {
    root = await mkdtemp(join(tmpdir(), 'pdb-stats-import-real-'));
    const out = join(root, 'snapshot');
    const options: ImportOptions = {
      from: join(REAL, 'mmcif/divided'),
      ihm: join(REAL, 'mmcif/ihm'),
      csm: join(REAL, 'mmcif/csm'),
      ccd: join(REAL, 'chem_comp'),
      bird: join(REAL, 'bird'),
      clusters: join(REAL, 'clusters'),
      sifts: join(REAL, 'sifts'),
      flat: join(REAL, 'flat'),
      outDir: out,
      workers: 2,
    };
    const first = await importMmcif(options);
    expect(first.badFiles).toEqual([]);
    expect(first.files).toMatchObject({ found: 41 + 10 + 10 + 24 + 9, parsed: 94, reused: 0 });
    expect(first.counts.entry).toBe(61);
    expect(first.counts.mol_definition).toBe(24 + 9);
    for (const level of ['polymer_entity', 'polymer_instance', 'non_polymer_entity', 'assembly'] as const)
      expect(first.counts[level], level).toBeGreaterThan(0);

    const manifest = await readManifest(out);
    expect(manifest).toMatchObject({ demo: false, counts: first.counts });
    expect(manifest.source).toBe('wwPDB mmCIF files');
    expect(manifest.sources).toEqual(
      expect.arrayContaining(['CCD', 'BIRD', 'PDB', 'PDB-IHM', 'computed models', 'sequence clusters']),
    );
    expect(manifest.archive_date >= '2024-01-01').toBe(true);

    const entries = await readLevel(out, 'entry');
    expect(entries.map((e) => e._key)).toEqual(entries.map((_, i) => i));
    const ids = new Set(entries.map((e) => e.rcsb_id));
    for (const id of ['1AH1', '8ZZ1', 'AF_AFP0CB50F1']) expect(ids, id).toContain(id);
    // Every child points at an existing parent; ligands of imported components at their row.
    const entities = await readLevel(out, 'polymer_entity');
    const instances = await readLevel(out, 'polymer_instance');
    expect(instances.every((i) => typeof i._entity_key === 'number' && i._entity_key < entities.length)).toBe(
      true,
    );
    const ligands = await readLevel(out, 'non_polymer_entity');
    const components = await readLevel(out, 'mol_definition');
    const componentIds = new Set(components.map((c) => c.rcsb_id));
    for (const ligand of ligands) {
      const id = ligand['rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id'] as string;
      if (componentIds.has(id)) expect(components[ligand._chem_key as number]?.rcsb_id).toBe(id);
      else expect(ligand._chem_key).toBeNull();
    }
    expect(ligands.some((l) => l._chem_key !== null)).toBe(true);
    // Columns: only attributes with a value; none of the never-filled ones.
    const entryColumns = await columnsOfLevel(out, 'entry');
    expect(entryColumns).toContain('rcsb_entry_info.resolution_combined');
    expect(entryColumns).not.toContain('rcsb_struct_symmetry');
    expect(first.attributes.structure.filled).toBeGreaterThan(100);
    expect(first.attributes.chemical.filled).toBeGreaterThan(5);

    const again = await importMmcif(options);
    expect(again.files).toMatchObject({ parsed: 0, reused: 94 });
    expect(again.counts).toEqual(first.counts);
    expect(await readLevel(out, 'polymer_instance')).toEqual(instances);
  }, 120_000);
});

describe.skipIf(!present)('interrupting the import command', () => {
  it('Ctrl-C ends it with code 130, leaving the previous snapshot and no temporary folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pdb-stats-import-sigint-'));
    try {
      const out = join(dir, 'snapshot');
      const first = await importMmcif({ csm: join(REAL, 'mmcif/csm'), outDir: out, workers: 0 });
      const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          cli,
          'mmcif',
          '--from',
          join(REAL, 'mmcif/divided'),
          '--out',
          out,
          '--workers',
          '1',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // The first progress line: files are being parsed.
        if (/files \d+\/41/.test(stderr) && child.signalCode === null && !child.killed) child.kill('SIGINT');
      });
      const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
      expect(stderr).toContain('import interrupted');
      expect(code).toBe(130);
      expect((await readManifest(out)).counts).toEqual(first.counts);
      expect((await readdir(dir)).sort()).toEqual([
        'snapshot',
        'snapshot.import-cache',
        'snapshot.snapshots',
      ]);
      // The first import's version alone: the interrupted one left no temporary folder.
      expect(await readdir(join(dir, 'snapshot.snapshots'))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
