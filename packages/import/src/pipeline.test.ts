import { mkdtemp, readdir, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSnapshot, readManifest, readSnapshotLayout } from '@pdb-stats/snapshot';
import { columnsOfLevel, readLevel } from './fixtures/read-snapshot.ts';
import { entryCif, STAND_IN_PARSER, writeTree } from './fixtures/trees.ts';
import {
  ImportAbortedError,
  ImportError,
  importMmcif,
  type ImportEvent,
  type ImportOptions,
} from './pipeline.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-import-test-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

let counter = 0;
/** A fresh folder for one test. */
async function folder(): Promise<string> {
  return mkdtemp(join(root, `t${counter++}-`));
}

function run(options: Omit<ImportOptions, 'parserModule'>, events: ImportEvent[] = []) {
  return importMmcif({
    workers: 0,
    parserModule: STAND_IN_PARSER,
    onEvent: (e) => events.push(e),
    ...options,
  });
}

describe('importMmcif', () => {
  it('imports a divided tree of .cif.gz and a flat folder of .cif, with link keys and the manifest', async () => {
    const dir = await folder();
    await writeTree(join(dir, 'divided'), {
      'hh/4hhb.cif.gz': entryCif('4hhb', {
        release: '1984-07-17',
        entities: 2,
        ligand: 'HEM',
        title: 'Haemoglobin',
      }),
      'ab/1abc.cif.gz': entryCif('1abc', { release: '1999-01-05', entities: 1, ligand: 'ATP' }),
    });
    await writeTree(join(dir, 'ihm'), { '8zz1.cif': entryCif('8zz1', { release: '2024-03-01' }) });
    await writeTree(join(dir, 'ccd'), {
      'ATP.cif': 'data_ATP\n_test.weight 507.18\n',
      'HEM.cif': 'data_HEM\n_test.weight 616.49\n',
    });
    const out = join(dir, 'out');
    const summary = await run({
      from: join(dir, 'divided'),
      ihm: join(dir, 'ihm'),
      ccd: join(dir, 'ccd'),
      outDir: out,
    });

    expect(summary.files).toMatchObject({ found: 5, parsed: 5, reused: 0, bad: 0 });
    expect(summary.counts).toEqual({
      entry: 3,
      polymer_entity: 4,
      polymer_instance: 4,
      non_polymer_entity: 2,
      assembly: 3,
      mol_definition: 2,
    });
    const manifest = await readManifest(out);
    expect(manifest).toMatchObject({ demo: false, archive_date: '2024-03-01' });
    expect(manifest.source).toBe('wwPDB mmCIF files');
    expect(manifest.sources).toEqual(['CCD', 'PDB', 'PDB-IHM']);
    expect(manifest.generator).toMatch(/^pdb-statistics mmcif-import /);

    const entries = await readLevel(out, 'entry');
    expect(entries.map((e) => [e._key, e.rcsb_id])).toEqual([
      [0, '1ABC'],
      [1, '4HHB'],
      [2, '8ZZ1'],
    ]);
    const instances = await readLevel(out, 'polymer_instance');
    expect(instances.map((i) => [i.rcsb_id, i._entry_key, i._entity_key])).toEqual([
      ['1ABC.A', 0, 0],
      ['4HHB.A', 1, 1],
      ['4HHB.B', 1, 2],
      ['8ZZ1.A', 2, 3],
    ]);
    const ligands = await readLevel(out, 'non_polymer_entity');
    expect(ligands.map((l) => [l.rcsb_id, l._entry_key, l._chem_key])).toEqual([
      ['1ABC_2', 0, 0],
      ['4HHB_3', 1, 1],
    ]);
    // Only attributes that received a value become columns.
    const columns = await columnsOfLevel(out, 'entry');
    expect(columns.sort()).toEqual([
      '_key',
      'rcsb_accession_info.initial_release_date',
      'rcsb_id',
      'struct.title',
    ]);
    expect(summary.attributes.chemical.filled).toBe(2);
  });

  it('reads a components.cif holding many components', async () => {
    const dir = await folder();
    await writeTree(dir, {
      'in/1abc.cif': entryCif('1abc', { ligand: 'HEM' }),
      'components.cif.gz': 'data_ATP\n_test.weight 507.18\n#\ndata_HEM\n_test.weight 616.49\n',
    });
    const summary = await run({
      from: join(dir, 'in'),
      ccd: join(dir, 'components.cif.gz'),
      outDir: join(dir, 'out'),
    });
    expect(summary.counts.mol_definition).toBe(2);
    const [ligand] = await readLevel(join(dir, 'out'), 'non_polymer_entity');
    expect(ligand?._chem_key).toBe(1);
  });

  it('leaves _chem_key null without the CCD, and the snapshot can still be served', async () => {
    const dir = await folder();
    await writeTree(dir, { 'in/1abc.cif': entryCif('1abc', { ligand: 'ATP' }) });
    await run({ from: join(dir, 'in'), outDir: join(dir, 'out') });
    const [ligand] = await readLevel(join(dir, 'out'), 'non_polymer_entity');
    expect(ligand?._chem_key).toBeNull();
    // An empty level keeps the identifier column the engines require of every table.
    await expect(readSnapshotLayout(join(dir, 'out'))).resolves.toBeDefined();
  });

  it('reports a truncated gzip, a file that is not mmCIF and skips them; ignores other files', async () => {
    const dir = await folder();
    const whole = gzipSync(Buffer.from(entryCif('2bad', { release: '2001-01-01' })));
    await writeTree(join(dir, 'in'), {
      'aa/1aaa.cif.gz': entryCif('1aaa', { release: '2000-01-01' }),
      'ba/2bad.cif.gz': whole.subarray(0, whole.length - 12),
      'ot/3oth.cif': 'this is not an mmCIF file\n',
      'README.txt': 'not imported',
    });
    const events: ImportEvent[] = [];
    const summary = await run({ from: join(dir, 'in'), outDir: join(dir, 'out') }, events);
    expect(summary.files).toMatchObject({ found: 3, parsed: 1, bad: 2, ignored: 1 });
    expect(summary.counts.entry).toBe(1);
    const bad = events.filter((e) => e.type === 'bad-file');
    expect(bad).toHaveLength(2);
    expect(bad[0]).toMatchObject({
      file: join(dir, 'in/ba/2bad.cif.gz'),
      reason: expect.stringMatching(/gzip/),
    });
    expect(bad[1]).toMatchObject({
      file: join(dir, 'in/ot/3oth.cif'),
      reason: expect.stringMatching(/not an mmCIF file/),
    });
  });

  it('imports an entry given twice once, and reports the second file', async () => {
    const dir = await folder();
    await writeTree(join(dir, 'in'), {
      '1aaa.cif': entryCif('1aaa', { release: '2000-01-01' }),
      '1aaa.cif.gz': entryCif('1aaa', { release: '2000-01-01' }),
    });
    await writeTree(join(dir, 'ihm'), { '1aaa.cif': entryCif('1aaa', { release: '2000-01-01' }) });
    const events: ImportEvent[] = [];
    const summary = await run(
      { from: join(dir, 'in'), ihm: join(dir, 'ihm'), outDir: join(dir, 'out') },
      events,
    );
    expect(summary.counts.entry).toBe(1);
    expect(summary.files.bad).toBe(2);
    const bad = events.filter((e) => e.type === 'bad-file');
    expect(bad.map((e) => (e as { reason: string }).reason)).toEqual([
      expect.stringMatching(/already imported, left out: 1AAA \(first read from .*1aaa\.cif/),
      expect.stringMatching(/already imported, left out: 1AAA/),
    ]);
  });

  it('refuses to run beside another live import into the same snapshot, and takes over a stale lock', async () => {
    const dir = await folder();
    await writeTree(join(dir, 'in'), { '1aaa.cif': entryCif('1aaa', { release: '2000-01-01' }) });
    const out = join(dir, 'out');
    await writeFile(`${out}.import-lock`, `${process.ppid}\n`);
    await expect(run({ from: join(dir, 'in'), outDir: out })).rejects.toThrow(
      new RegExp(`another import \\(process ${process.ppid}\\) is writing`),
    );
    expect(await isSnapshot(out)).toBe(false);
    // A process id that no process has (above the kernel's largest).
    await writeFile(`${out}.import-lock`, '99999999\n');
    const summary = await run({ from: join(dir, 'in'), outDir: out });
    expect(summary.counts.entry).toBe(1);
    expect(await readdir(dir)).not.toContain('out.import-lock');
  });

  it('stops at the first bad file with strict, leaving the previous snapshot in place', async () => {
    const dir = await folder();
    const out = join(dir, 'out');
    await writeTree(join(dir, 'in'), { 'aa/1aaa.cif': entryCif('1aaa', { release: '2000-01-01' }) });
    await run({ from: join(dir, 'in'), outDir: out });
    await writeTree(join(dir, 'in'), { 'bb/1bbb.cif': 'garbage\n' });
    await expect(run({ from: join(dir, 'in'), outDir: out, strict: true })).rejects.toThrow(ImportError);
    await expect(run({ from: join(dir, 'in'), outDir: out, strict: true })).rejects.toThrow(
      /1bbb\.cif: not an mmCIF file/,
    );
    expect(await isSnapshot(out)).toBe(true);
    expect((await readManifest(out)).counts.entry).toBe(1);
    expect((await readdir(dir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('an interrupted import leaves the previous snapshot intact and no temporary folder', async () => {
    const dir = await folder();
    const out = join(dir, 'out');
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`x${i % 10}/${i}x${i % 10}y.cif`] = entryCif(`${i}x${i % 10}y`);
    await writeTree(join(dir, 'in'), files);
    await run({ from: join(dir, 'in'), outDir: out, cacheDir: join(dir, 'c1') });
    const before = await readManifest(out);

    const controller = new AbortController();
    const attempt = run({
      from: join(dir, 'in'),
      outDir: out,
      cacheDir: join(dir, 'c2'),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'progress' && event.done === 5) controller.abort();
      },
    });
    await expect(attempt).rejects.toThrow(ImportAbortedError);
    expect(await readManifest(out)).toEqual(before);
    expect((await readdir(dir)).sort()).toEqual(['c1', 'c2', 'in', 'out', 'out.snapshots']);
    expect((await readdir(join(dir, 'out.snapshots'))).length).toBe(1);
  });

  it('a re-run parses only new and changed files and drops removed ones', async () => {
    const dir = await folder();
    const input = join(dir, 'in');
    const out = join(dir, 'out');
    await writeTree(input, {
      'aa/1aaa.cif.gz': entryCif('1aaa', { release: '2000-01-01' }),
      'bb/1bbb.cif.gz': entryCif('1bbb', { release: '2001-01-01' }),
      'bb/2bbc.cif.gz': entryCif('2bbc', { release: '2002-01-01' }),
      'cc/1ccc.cif.gz': entryCif('1ccc', { release: '2003-01-01' }),
    });
    const first = await run({ from: input, outDir: out });
    expect(first.files).toMatchObject({ parsed: 4, reused: 0 });

    const unchanged = await run({ from: input, outDir: out });
    expect(unchanged.files).toMatchObject({ parsed: 0, reused: 4 });
    expect(unchanged.counts).toEqual(first.counts);

    await writeTree(input, { 'bb/1bbb.cif.gz': entryCif('1bbb', { release: '2005-05-05', entities: 3 }) });
    await utimes(join(input, 'bb/1bbb.cif.gz'), new Date(), new Date(Date.now() + 5000));
    await rm(join(input, 'cc'), { recursive: true });
    await rm(join(input, 'bb/2bbc.cif.gz'));
    await writeTree(input, { 'dd/1ddd.cif': entryCif('1ddd', { release: '2004-01-01' }) });
    const updated = await run({ from: input, outDir: out });
    expect(updated.files).toMatchObject({ found: 3, parsed: 2, reused: 1, removed: 1, removedShards: 1 });
    expect((await readLevel(out, 'entry')).map((e) => e.rcsb_id)).toEqual(['1AAA', '1BBB', '1DDD']);
    expect(updated.counts.polymer_entity).toBe(5);
    expect(updated.manifest.archive_date).toBe('2005-05-05');
  });

  it('a file truncated after an earlier import is parsed again and reported', async () => {
    const dir = await folder();
    const input = join(dir, 'in');
    await writeTree(input, { 'aa/1aaa.cif.gz': entryCif('1aaa'), 'bb/1bbb.cif.gz': entryCif('1bbb') });
    await run({ from: input, outDir: join(dir, 'out') });
    await truncate(join(input, 'bb/1bbb.cif.gz'), 10);
    const again = await run({ from: input, outDir: join(dir, 'out') });
    expect(again.files).toMatchObject({ parsed: 0, reused: 1, bad: 1 });
    expect(again.counts.entry).toBe(1);
  });

  it('parses on worker threads', async () => {
    const dir = await folder();
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`${i}ab${i}.cif.gz`] = entryCif(`${i}ab${i}`, { entities: 2 });
    await writeTree(join(dir, 'flat'), files);
    const summary = await run({ from: join(dir, 'flat'), outDir: join(dir, 'out'), workers: 2 });
    expect(summary.threads).toBe(2);
    expect(summary.counts).toMatchObject({ entry: 12, polymer_entity: 24 });
  });

  it('refuses an import without entry sources and a missing folder, naming it', async () => {
    const dir = await folder();
    await expect(run({ ccd: dir, outDir: join(dir, 'out') })).rejects.toThrow(/--from/);
    await expect(run({ from: join(dir, 'nowhere'), outDir: join(dir, 'out') })).rejects.toThrow(
      /nowhere: no such file/,
    );
    await writeFile(join(dir, 'x.txt'), 'x');
  });
});
