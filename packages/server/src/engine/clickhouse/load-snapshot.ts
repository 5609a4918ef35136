import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { DuckDBInstance, type DuckDBBlobVector } from '@duckdb/node-api';
import { RETURN_TYPES, type CatalogueAttribute, type ReturnType } from '@pdb-stats/search-model';
import { levelSources, quoteName, readManifest } from '@pdb-stats/snapshot';
import type { ClickHouseNode } from './http-client.ts';
import { ident, levelColumns, shardKey } from './schema.ts';
import { fromStaging, stagedRow, stagingColumns } from './staging.ts';

/** `CREATE` statements of one shard: a MergeTree table per level and a Distributed table over them. */
export function shardTables(
  database: string,
  cluster: string,
  held: readonly CatalogueAttribute[],
): string[] {
  const statements = [`CREATE DATABASE IF NOT EXISTS ${ident(database)}`];
  for (const level of RETURN_TYPES) {
    const columns = levelColumns(level, held).map((c) => `${ident(c.name)} ${c.type}`);
    const local = `${ident(database)}.${ident(`${level}_local`)}`;
    statements.push(
      `CREATE TABLE ${local} (${columns.join(', ')}) ENGINE = MergeTree() ORDER BY _key`,
      `CREATE TABLE ${ident(database)}.${ident(level)} AS ${local}` +
        ` ENGINE = Distributed(${ident(cluster)}, ${ident(database)}, ${ident(`${level}_local`)}, ${ident(shardKey(level))})`,
    );
  }
  return statements;
}

/** Bytes gathered for a shard before they are handed to its request. */
const FLUSH_BYTES = 1 << 20;

/**
 * Blocks of at most 65,536 rows while loading: the default (1,048,576 rows, and as many gathered
 * before an INSERT … SELECT writes) took an entry block of a 10,000,000-entry archive past a
 * shard's 4 GB query memory limit.
 */
const LOAD_SETTINGS = {
  max_insert_block_size: '65536',
  min_insert_block_size_rows: '65536',
  min_insert_block_size_bytes: String(256 << 20),
};

/**
 * Loads each level's table into the shards' local tables. DuckDB reads it once (the Parquet file,
 * or the snapshot's database file for a snapshot without Parquet files: `levelSources`) and
 * makes each row a JSON line (staging.ts) for the shard of its entry (`key mod shards`, so that
 * an entry and its objects live together; records split into one array per field); the lines
 * stream to that shard's staging table in one `INSERT` per level, with backpressure and nothing
 * written to disk. Each shard then moves its staging table into the level table.
 */
export async function loadSnapshot(
  snapshotDir: string,
  shards: readonly ClickHouseNode[],
  database: string,
  held: readonly CatalogueAttribute[],
  onProgress?: (message: string) => void,
): Promise<Record<ReturnType, number>> {
  const manifest = await readManifest(snapshotDir);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const counts = {} as Record<ReturnType, number>;
  try {
    const sources = await levelSources(connection, snapshotDir, manifest.tables);
    for (const level of RETURN_TYPES) {
      const columns = levelColumns(level, held);
      const stage = ident(`${level}_stage`);
      for (const shard of shards) {
        await shard.send(`DROP TABLE IF EXISTS ${stage}`, { database });
        await shard.send(`CREATE TABLE ${stage} (${stagingColumns(columns)}) ENGINE = Log`, { database });
      }
      const lines = shards.map(() => new LineBuffer());
      const inserts = shards.map(
        (shard) => new StreamedInsert(shard, `INSERT INTO ${stage} FORMAT JSONEachRow`, database),
      );
      try {
        const result = await connection.stream(
          `SELECT ${stagedRow(columns)}, CAST(${quoteName(shardKey(level))} % ${shards.length} AS INTEGER)` +
            ` FROM ${sources.from[level]}`,
        );
        for await (const chunk of result) {
          const json = chunk.getColumnVector(0) as DuckDBBlobVector;
          const shardOf = chunk.getColumnVector(1);
          for (let row = 0; row < chunk.rowCount; row++) {
            lines[shardOf.getItem(row) as number]!.add(json.getItemBytes(row)!);
          }
          for (const [i, buffer] of lines.entries()) {
            if (buffer.size >= FLUSH_BYTES) await inserts[i]!.write(buffer.take());
          }
        }
        for (const [i, buffer] of lines.entries()) {
          if (buffer.size > 0) await inserts[i]!.write(buffer.take());
        }
        await Promise.all(inserts.map((insert) => insert.end()));
      } catch (error) {
        inserts.forEach((insert) => insert.abort());
        throw error;
      }
      const rows = await Promise.all(
        shards.map(async (shard) => {
          await shard.send(
            `INSERT INTO ${ident(`${level}_local`)} SELECT ${fromStaging(columns)} FROM ${stage}`,
            { database, settings: LOAD_SETTINGS },
          );
          await shard.send(`DROP TABLE ${stage}`, { database });
          const [count] = await shard.rows(`SELECT count() FROM ${ident(`${level}_local`)}`, { database });
          return Number(count?.[0] ?? 0);
        }),
      );
      counts[level] = rows.reduce((a, b) => a + b, 0);
      onProgress?.(`${level}: ${counts[level].toLocaleString('en-US')} rows`);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return counts;
}

/** Lines gathered for one shard, each followed by a line break. */
class LineBuffer {
  private buffer = Buffer.allocUnsafe(2 * FLUSH_BYTES);
  private offset = 0;

  get size(): number {
    return this.offset;
  }

  add(line: Uint8Array): void {
    if (this.offset + line.length + 1 > this.buffer.length) {
      const grown = Buffer.allocUnsafe(2 * (this.offset + line.length + 1));
      this.buffer.copy(grown, 0, 0, this.offset);
      this.buffer = grown;
    }
    this.buffer.set(line, this.offset);
    this.offset += line.length;
    this.buffer[this.offset++] = 0x0a;
  }

  /** The lines gathered so far; the buffer starts empty again. */
  take(): Buffer {
    const taken = this.buffer.subarray(0, this.offset);
    this.buffer = Buffer.allocUnsafe(this.buffer.length);
    this.offset = 0;
    return taken;
  }
}

/**
 * An `INSERT` whose data is written while the request runs. `write` waits while the shard reads
 * slower than rows come (backpressure) and fails as soon as the shard has refused the insert.
 */
class StreamedInsert {
  private readonly body = new PassThrough();
  private readonly response: Promise<string>;
  private failure: unknown;

  constructor(shard: ClickHouseNode, statement: string, database: string) {
    this.response = shard.send(
      statement,
      { database, settings: LOAD_SETTINGS },
      Readable.toWeb(this.body) as ReadableStream<Uint8Array>,
    );
    this.response.catch((error: unknown) => {
      this.failure = error;
      this.body.destroy();
    });
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.body.write(chunk)) return;
    await Promise.race([once(this.body, 'drain'), this.response]);
    if (this.failure) throw this.failure;
  }

  async end(): Promise<void> {
    this.body.end();
    await this.response;
  }

  abort(): void {
    this.body.destroy();
  }
}
