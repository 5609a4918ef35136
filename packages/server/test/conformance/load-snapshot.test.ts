import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_ATTRIBUTES, generateDemoArchive, generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { RETURN_TYPES } from '@pdb-stats/search-model';
import { ClickHouseNode } from '../../src/engine/clickhouse/http-client.ts';
import { loadSnapshot, shardTables } from '../../src/engine/clickhouse/load-snapshot.ts';
import { ident, levelColumns, shardKey } from '../../src/engine/clickhouse/schema.ts';
import { clusterEnv } from '../support/clickhouse-cluster.ts';
import { tempArchive, type TempArchive } from '../../../../test-support/temp-archive.ts';

/**
 * The loader puts every value of the snapshot into the shards unchanged (doubles bit for bit,
 * empty and missing lists, nested lists, non-ASCII text) and every row on the shard of its entry.
 */

const cluster = clusterEnv();
const DATABASE = 'pdb_stats_load_test';
let dir: string;
let temp: TempArchive | undefined;
let shards: ClickHouseNode[];
let loaded: Record<string, number>;

beforeAll(async () => {
  if (!cluster) return;
  temp = await tempArchive('load');
  dir = temp.dir;
  await writeSnapshot(generateDocuments({ entries: 800, seed: 5, archiveDate: '2026-07-01' }), dir);
  shards = cluster.shards.map((address) => new ClickHouseNode(address));
  for (const shard of shards) {
    await shard.send(`DROP DATABASE IF EXISTS ${ident(DATABASE)}`);
    for (const statement of shardTables(DATABASE, cluster.cluster, DEMO_ATTRIBUTES))
      await shard.send(statement);
  }
  loaded = await loadSnapshot(dir, shards, DATABASE, DEMO_ATTRIBUTES);
}, 120_000);

afterAll(async () => {
  if (!cluster) return;
  for (const shard of shards) await shard.send(`DROP DATABASE IF EXISTS ${ident(DATABASE)}`);
  await temp?.remove();
});

/** Bits of every double, so that a value one unit in the last place off shows. */
const exact = (value: unknown): unknown => {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && !Number.isInteger(value)) {
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleLE(value);
    return `double:${bytes.toString('hex')}`;
  }
  return Array.isArray(value) ? value.map(exact) : value;
};

describe.skipIf(!cluster)('loading a snapshot into the shards', () => {
  it.each(RETURN_TYPES.map((level) => [level]))('%s: every value arrives unchanged', async (level) => {
    const columns = levelColumns(level, DEMO_ATTRIBUTES);
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const reader = await duck.runAndReadAll(
      `SELECT ${columns.map((c) => c.source).join(', ')} FROM read_parquet('${join(dir, `${level}.parquet`)}') ORDER BY _key`,
    );
    const expected = reader.getRowsJS().map(exact);
    duck.closeSync();
    const rows = await shards[0]!.rows(
      `SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(level)} ORDER BY _key`,
      { database: DATABASE },
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(loaded[level]).toBe(expected.length);
    expect(rows.map(exact)).toEqual(expected);
  });

  it.each(RETURN_TYPES.map((level) => [level]))(
    '%s: each row is on the shard of its entry',
    async (level) => {
      const key = ident(shardKey(level));
      for (const [i, shard] of shards.entries()) {
        const [[misplaced]] = (await shard.rows(
          `SELECT countIf(${key} % ${shards.length} != ${i}) FROM ${ident(`${level}_local`)}`,
          { database: DATABASE },
        )) as [[number]];
        expect(misplaced, `shard ${i}`).toBe(0);
      }
    },
  );
});

describe.skipIf(!cluster)('loading a demo snapshot without Parquet files', () => {
  it('loads the tables of its database files', async () => {
    const root = await mkdtemp(join(tmpdir(), 'pdb-stats-load-tables-'));
    const database = `${DATABASE}_tables`;
    try {
      const snapshot = join(root, 'demo');
      const manifest = await generateDemoArchive({
        entries: 800,
        seed: 5,
        archiveDate: '2026-07-01',
        outDir: snapshot,
        parquet: false,
      });
      for (const shard of shards) {
        await shard.send(`DROP DATABASE IF EXISTS ${ident(database)}`);
        for (const statement of shardTables(database, cluster!.cluster, DEMO_ATTRIBUTES))
          await shard.send(statement);
      }
      const counts = await loadSnapshot(snapshot, shards, database, DEMO_ATTRIBUTES);
      expect(counts).toEqual(manifest.counts);
      // The same entries as the Parquet files of the same archive (generated alike above).
      const idsIn = (db: string) =>
        shards[0]!.rows(`SELECT rcsb_id FROM ${ident('entry')} ORDER BY rcsb_id`, { database: db });
      expect(await idsIn(database)).toEqual(await idsIn(DATABASE));
    } finally {
      for (const shard of shards) await shard.send(`DROP DATABASE IF EXISTS ${ident(database)}`);
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
