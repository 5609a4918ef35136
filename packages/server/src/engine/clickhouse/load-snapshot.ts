import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import type { ClickHouseNode } from './http-client.ts';
import { ident, levelColumns, shardKey } from './schema.ts';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `CREATE` statements of one shard: a MergeTree table per level and a Distributed table over them. */
export function shardTables(database: string, cluster: string): string[] {
  const statements = [`CREATE DATABASE IF NOT EXISTS ${ident(database)}`];
  for (const level of RETURN_TYPES) {
    const columns = levelColumns(level).map((c) => `${ident(c.name)} ${c.type}`);
    const local = `${ident(database)}.${ident(`${level}_local`)}`;
    statements.push(
      `CREATE TABLE ${local} (${columns.join(', ')}) ENGINE = MergeTree() ORDER BY _key`,
      `CREATE TABLE ${ident(database)}.${ident(level)} AS ${local}` +
        ` ENGINE = Distributed(${ident(cluster)}, ${ident(database)}, ${ident(`${level}_local`)}, ${ident(shardKey(level))})`,
    );
  }
  return statements;
}

/**
 * Loads each level's Parquet file into the shards' local tables. DuckDB writes one file of JSON
 * lines per shard (a row goes to the shard of its entry, `key mod shards`, so that an entry and its
 * objects live together; records split into one array per field; dates as text; doubles as their
 * bits), each shard reads its file into a staging table over HTTP, then turns it into the level
 * table (bits back into doubles) and drops the staging table.
 */
export async function loadSnapshot(
  snapshotDir: string,
  shards: readonly ClickHouseNode[],
  database: string,
  onProgress?: (message: string) => void,
): Promise<Record<ReturnType, number>> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const work = await mkdtemp(join(tmpdir(), 'pdb-stats-clickhouse-load-'));
  const counts = {} as Record<ReturnType, number>;
  try {
    for (const level of RETURN_TYPES) {
      const columns = levelColumns(level);
      const file = literal(join(snapshotDir, `${level}.parquet`));
      const stage = ident(`${level}_stage`);
      const files = shards.map((_, i) => join(work, `${level}-${i}.json`));
      for (const [i, out] of files.entries()) {
        await connection.run(
          `COPY (SELECT ${columns.map((c) => c.source).join(', ')} FROM read_parquet(${file})` +
            ` WHERE ${quote(shardKey(level))} % ${shards.length} = ${i}) TO ${literal(out)} (FORMAT JSON)`,
        );
      }
      const rows = await Promise.all(
        shards.map(async (shard, i) => {
          await shard.send(`DROP TABLE IF EXISTS ${stage}`, { database });
          await shard.send(
            `CREATE TABLE ${stage} (${columns.map((c) => `${ident(c.name)} ${c.stageType}`).join(', ')}) ENGINE = Log`,
            { database },
          );
          if ((await stat(files[i]!)).size > 0) {
            await shard.send(`INSERT INTO ${stage} FORMAT JSONEachRow`, { database }, fileBody(files[i]!));
          }
          await shard.send(
            `INSERT INTO ${ident(`${level}_local`)} SELECT ${columns.map((c) => `${c.fromStage} AS ${ident(c.name)}`).join(', ')} FROM ${stage}`,
            { database },
          );
          await shard.send(`DROP TABLE ${stage}`, { database });
          const [count] = await shard.rows(`SELECT count() FROM ${ident(`${level}_local`)}`, { database });
          return Number(count?.[0] ?? 0);
        }),
      );
      counts[level] = rows.reduce((a, b) => a + b, 0);
      await Promise.all(files.map((f) => rm(f, { force: true })));
      onProgress?.(`${level}: ${counts[level].toLocaleString('en-US')} rows`);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(work, { recursive: true, force: true });
  }
  return counts;
}

/** A file as a streamed request body. */
function fileBody(path: string): ReadableStream<Uint8Array> {
  return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
}
