import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestError, readManifest, validateManifest } from './manifest.ts';
import { isSnapshot } from './open-snapshot.ts';

const VALID = {
  source: 'demo',
  demo: true,
  archive_date: '2026-07-01',
  generated_at: '2026-07-01T12:00:00.000Z',
  seed: 7,
  generator: 'pdb-statistics demo 0.1.0',
  counts: {
    entry: 3,
    polymer_entity: 4,
    non_polymer_entity: 0,
    polymer_instance: 5,
    assembly: 3,
    mol_definition: 9,
  },
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdb-stats-manifest-test-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('validateManifest', () => {
  it('accepts a valid manifest, with or without seed', () => {
    expect(validateManifest(VALID)).toEqual(VALID);
    const { seed: _seed, ...withoutSeed } = VALID;
    expect(validateManifest({ ...withoutSeed, source: 'rcsb', demo: false })).toEqual({
      ...withoutSeed,
      source: 'rcsb',
      demo: false,
    });
    const imported = { ...withoutSeed, source: 'wwPDB mmCIF files', sources: ['PDB', 'CCD'], demo: false };
    expect(validateManifest(imported)).toEqual(imported);
    const withTables = { ...VALID, tables: { entry: 'tables-1.duckdb', assembly: 'tables-2.duckdb' } };
    expect(validateManifest(withTables)).toEqual(withTables);
  });

  it.each([
    [{ ...VALID, demo: 'yes' }, /"demo" must be true or false/],
    [{ ...VALID, archive_date: '2026-13-01' }, /"archive_date" must be a date/],
    [{ ...VALID, generated_at: 'yesterday' }, /"generated_at"/],
    [{ ...VALID, source: '' }, /"source" must be a non-empty string/],
    [{ ...VALID, seed: 1.5 }, /"seed"/],
    [{ ...VALID, sources: ['PDB', ''] }, /"sources" must be a list of non-empty strings/],
    [
      { ...VALID, counts: { ...VALID.counts, assembly: -1 } },
      /"counts.assembly" must be a non-negative integer/,
    ],
    [{ ...VALID, counts: undefined }, /"counts"/],
    [{ ...VALID, tables: ['tables-1.duckdb'] }, /"tables" must be an object/],
    [{ ...VALID, tables: { chain: 'tables-1.duckdb' } }, /"tables.chain" is not a level/],
    [{ ...VALID, tables: { entry: '../x.duckdb' } }, /"tables.entry" must name a file tables-<n>\.duckdb/],
    [[VALID], /must be a JSON object/],
  ])('names the field that is wrong (%#)', (value, message) => {
    expect(() => validateManifest(value, 'x/manifest.json')).toThrow(message);
    expect(() => validateManifest(value, 'x/manifest.json')).toThrow(/^x\/manifest\.json: /);
  });
});

describe('readManifest and isSnapshot', () => {
  it('reads a manifest from a folder', async () => {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(VALID));
    expect(await readManifest(dir)).toEqual(VALID);
  });

  it('names the file when it is missing or not JSON', async () => {
    await expect(readManifest(join(dir, 'missing'))).rejects.toThrow(
      /missing\/manifest\.json: "\(file\)" cannot be read/,
    );
    await writeFile(join(dir, 'manifest.json'), '{ not json');
    await expect(readManifest(dir)).rejects.toBeInstanceOf(ManifestError);
    await expect(readManifest(dir)).rejects.toThrow(/is not valid JSON/);
  });

  it('needs a valid manifest and every Parquet file', async () => {
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(VALID));
    expect(await isSnapshot(dir)).toBe(false);
    for (const level of Object.keys(VALID.counts)) await writeFile(join(dir, `${level}.parquet`), '');
    expect(await isSnapshot(dir)).toBe(true);
    expect(await isSnapshot(join(dir, 'nowhere'))).toBe(false);
  });

  it('takes a level without its Parquet file from the database file the manifest names', async () => {
    const tables = join(dir, 'tables');
    await mkdir(tables);
    const levels = Object.keys(VALID.counts);
    const [first, ...others] = levels as [string, ...string[]];
    await writeFile(join(tables, `${first}.parquet`), '');
    const manifest = {
      ...VALID,
      tables: Object.fromEntries(others.map((level, i) => [level, `tables-${(i % 2) + 1}.duckdb`])),
    };
    await writeFile(join(tables, 'manifest.json'), JSON.stringify(manifest));
    await writeFile(join(tables, 'tables-1.duckdb'), '');
    // A database file the manifest names is missing: the snapshot is not complete.
    expect(await isSnapshot(tables)).toBe(false);
    await writeFile(join(tables, 'tables-2.duckdb'), '');
    expect(await isSnapshot(tables)).toBe(true);
    // A level neither in a Parquet file nor in a database file: not complete either.
    await rm(join(tables, `${first}.parquet`));
    expect(await isSnapshot(tables)).toBe(false);
  });
});
