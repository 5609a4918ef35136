import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_TYPES } from '@pdb-stats/search-model';
import {
  columnsOf,
  parquetFileOf,
  type DemoDocuments,
  type Row,
  isSnapshot,
  levelSources,
  openSnapshot,
  readManifest,
} from '@pdb-stats/snapshot';
import { generateDemoArchive } from './demo-archive.ts';
import { DEMO_ATTRIBUTES } from './demo-attributes.ts';
import { generateDocuments } from './generator.ts';
import { writeSnapshot } from './write-documents.ts';

const OPTIONS = { entries: 400, seed: 11, archiveDate: '2026-06-30' };
const docs = generateDocuments(OPTIONS);

let root: string;
let instance: DuckDBInstance;
let db: DuckDBConnection;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pdb-stats-archive-test-'));
  instance = await DuckDBInstance.create(':memory:');
  db = await instance.connect();
});

afterAll(async () => {
  db?.closeSync();
  instance?.closeSync();
  if (root) await rm(root, { recursive: true, force: true });
});

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Every row of a level's table as plain JSON (DuckDB's own to_json), in key order. */
async function readRows(from: string): Promise<Row[]> {
  const result = await db.runAndReadAll(`SELECT to_json(t)::VARCHAR AS j FROM ${from} t ORDER BY _key`);
  return result.getRows().map(([json]) => JSON.parse(json as string) as Row);
}

async function describeColumns(sql: string): Promise<string[][]> {
  const result = await db.runAndReadAll(`DESCRIBE ${sql}`);
  return result.getRowObjects().map((row) => [String(row.column_name), String(row.column_type)]);
}

/** The snapshot's tables (its Parquet files, or its database files without them) hold these rows. */
async function expectSameContent(dir: string, documents: DemoDocuments): Promise<void> {
  const sources = await levelSources(db, dir, (await readManifest(dir)).tables);
  try {
    for (const level of RETURN_TYPES) {
      expect(await readRows(sources.from[level]), level).toEqual(documents[level]);
    }
  } finally {
    await sources.detach();
  }
}

describe('writeSnapshot', () => {
  let dir: string;

  beforeAll(async () => {
    dir = join(root, 'snapshot');
    await writeSnapshot(docs, dir, { seed: OPTIONS.seed, archive_date: OPTIONS.archiveDate });
  });

  it('writes one Parquet table per level with exactly the snapshot columns and types', async () => {
    for (const level of RETURN_TYPES) {
      const columns = columnsOf(level, DEMO_ATTRIBUTES);
      const table = `expected_${level}`;
      await db.run(
        `CREATE OR REPLACE TABLE ${table} (${columns.map((c) => `"${c.name}" ${c.sqlType}`).join(', ')})`,
      );
      const expected = await describeColumns(`SELECT * FROM ${table}`);
      const actual = await describeColumns(
        `SELECT * FROM read_parquet(${quote(join(dir, parquetFileOf(level)))})`,
      );
      expect(actual, level).toEqual(expected);
    }
  });

  it('reads back the same rows, values and nested records', async () => {
    await expectSameContent(dir, docs);
    const file = join(dir, parquetFileOf('polymer_instance'));
    const nested = await db.runAndReadAll(
      `SELECT count(*) FROM read_parquet(${quote(file)}) t, unnest(t.rcsb_polymer_instance_annotation) AS a(x), unnest(x.annotation_lineage) AS l(y) WHERE y.depth = 1`,
    );
    const expected = docs.polymer_instance.flatMap((i) =>
      (i.rcsb_polymer_instance_annotation as { annotation_lineage: { depth: number }[] }[]).flatMap((a) =>
        a.annotation_lineage.filter((l) => l.depth === 1),
      ),
    ).length;
    expect(Number(nested.getRows()[0]?.[0])).toBe(expected);
  });

  it('writes a valid manifest with the row counts', async () => {
    const manifest = await readManifest(dir);
    expect(manifest).toMatchObject({ source: 'demo', demo: true, archive_date: '2026-06-30', seed: 11 });
    expect(manifest.generator).toMatch(/^pdb-statistics demo \d+\.\d+\.\d+/);
    expect(Number.isNaN(Date.parse(manifest.generated_at))).toBe(false);
    for (const level of RETURN_TYPES) expect(manifest.counts[level]).toBe(docs[level].length);
    expect(await isSnapshot(dir)).toBe(true);
  });

  it('leaves no temporary folder behind and replaces an earlier snapshot', async () => {
    const small = generateDocuments({ entries: 50, seed: 1, archiveDate: '2000-01-01' });
    const manifest = await writeSnapshot(small, dir);
    expect(manifest.archive_date).toBe(small.entry.at(-1)?.['rcsb_accession_info.initial_release_date']);
    expect(manifest.counts.entry).toBe(50);
    expect((await readdir(root)).filter((name) => name.includes('.tmp-'))).toEqual([]);
    await writeSnapshot(docs, dir, { seed: OPTIONS.seed, archive_date: OPTIONS.archiveDate });
  });

  it('refuses to replace a folder holding other files', async () => {
    const other = join(root, 'not-a-snapshot');
    await mkdir(other);
    await writeFile(join(other, 'notes.txt'), 'keep me');
    await expect(writeSnapshot(docs, other)).rejects.toThrow(/refusing/);
    expect(await readdir(other)).toEqual(['notes.txt']);
  });
});

describe('generateDemoArchive', () => {
  it('writes the same documents as generateDocuments, in one process', async () => {
    const dir = join(root, 'one-process');
    const messages: string[] = [];
    const manifest = await generateDemoArchive({
      ...OPTIONS,
      outDir: dir,
      processes: 1,
      chunkSize: 64,
      onProgress: (m) => messages.push(m),
    });
    expect(manifest).toMatchObject({ demo: true, seed: OPTIONS.seed, archive_date: OPTIONS.archiveDate });
    await expectSameContent(dir, docs);
    expect(messages.some((m) => m.startsWith('generated 400 / 400 entries'))).toBe(true);
  });

  it('writes the same documents with two generator processes', async () => {
    const dir = join(root, 'two-processes');
    const manifest = await generateDemoArchive({ ...OPTIONS, outDir: dir, processes: 2, chunkSize: 100 });
    for (const level of RETURN_TYPES) expect(manifest.counts[level]).toBe(docs[level].length);
    await expectSameContent(dir, docs);
  });

  it('writes the tables of its database files only, without Parquet files, when asked', async () => {
    const withParquet = await openSnapshot(join(root, 'two-processes'));
    const dir = join(root, 'without-parquet');
    const messages: string[] = [];
    const manifest = await generateDemoArchive({
      ...OPTIONS,
      outDir: dir,
      processes: 2,
      chunkSize: 100,
      parquet: false,
      onProgress: (m) => messages.push(m),
    });
    expect(manifest.tables).toEqual({
      entry: 'tables-1.duckdb',
      non_polymer_entity: 'tables-1.duckdb',
      assembly: 'tables-1.duckdb',
      mol_definition: 'tables-1.duckdb',
      polymer_entity: 'tables-2.duckdb',
      polymer_instance: 'tables-2.duckdb',
    });
    expect((await readdir(dir)).sort()).toEqual(['manifest.json', 'tables-1.duckdb', 'tables-2.duckdb']);
    expect(messages.some((m) => m.startsWith('polymer_instance: '))).toBe(true);
    expect(messages.filter((m) => m.includes('.parquet'))).toEqual([]);
    expect(await isSnapshot(dir)).toBe(true);
    await expectSameContent(dir, docs);
    // Its layout is read from the tables: the same as that of the Parquet files.
    const opened = await openSnapshot(dir);
    expect(opened.parquet).toBe(false);
    expect(withParquet.parquet).toBe(true);
    expect(opened.layout).toEqual(withParquet.layout);
  });

  it('leaves nothing behind when the options are wrong', async () => {
    const dir = join(root, 'bad-options');
    await expect(generateDemoArchive({ entries: -5, outDir: dir })).rejects.toThrow(/entries/);
    expect(await readdir(root)).not.toContain('bad-options');
  });
});
