import { mkdir, realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { CarryOver } from '@pdb-stats/import';
import {
  LEVELS,
  narrowedColumns,
  parquetFileOf,
  quoteName,
  quoteString,
  readSnapshotLayout,
} from '@pdb-stats/snapshot';

/** The levels whose tables hang from entries (the components are not repeated). */
const ENTRY_LEVELS = LEVELS.filter((level) => level !== 'mol_definition');

export interface CarryScale {
  entries: number;
  /** Building the repeated snapshot (not part of an update). */
  buildSeconds: number;
  /** The carry-over's statements over the repeated snapshot: elapsed and CPU seconds. */
  seconds: number;
  cpuSeconds: number;
}

/**
 * The carry-over's DuckDB step of a weekly update measured at the archive's size rather than
 * extrapolated: the published snapshot's tables are repeated `times` times under distinct ids and
 * keys, then the statements an update runs make each level's table with every entry but one in 640
 * carried over (about 400 of 257,000), as `LevelFiles.toParquet` runs them (no fresh rows).
 */
export async function carryAtScale(outDir: string, work: string, times: number): Promise<CarryScale> {
  const snapshot = await realpath(outDir);
  const big = join(work, 'repeated');
  await mkdir(big, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', { preserve_insertion_order: 'false' });
  const connection = await instance.connect();
  try {
    const count = async (sql: string) => Number((await connection.runAndReadAll(sql)).getRowsJS()[0]?.[0]);
    const rows: Record<string, number> = {};
    for (const level of LEVELS)
      rows[level] = await count(
        `SELECT count(*) FROM read_parquet(${quoteString(join(snapshot, parquetFileOf(level)))})`,
      );
    let started = performance.now();
    for (const level of LEVELS) {
      const source = `read_parquet(${quoteString(join(snapshot, parquetFileOf(level)))})`;
      const target = quoteString(join(big, parquetFileOf(level)));
      if (level === 'mol_definition') {
        await connection.run(
          `COPY (SELECT * FROM ${source}) TO ${target} (FORMAT parquet, COMPRESSION zstd)`,
        );
        continue;
      }
      const columns = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`))
        .getRowsJS()
        .map((r) => String(r[0]));
      const offset = (column: string, of: string) =>
        `${quoteName(column)} + r.i * ${rows[of]} AS ${quoteName(column)}`;
      const replaced = [
        offset('_key', level),
        `CASE WHEN r.i = 0 THEN rcsb_id ELSE rcsb_id || 'R' || r.i END AS rcsb_id`,
      ];
      if (columns.includes('_entry_key')) replaced.push(offset('_entry_key', 'entry'));
      if (columns.includes('_entity_key')) replaced.push(offset('_entity_key', 'polymer_entity'));
      await connection.run(
        `COPY (SELECT * REPLACE (${replaced.join(', ')}) FROM ${source} CROSS JOIN (SELECT range AS i FROM range(${times})) r ORDER BY _key) TO ${target} (FORMAT parquet, COMPRESSION zstd)`,
      );
    }
    const buildSeconds = (performance.now() - started) / 1000;
    const layout = await readSnapshotLayout(big);
    const ids = (
      await connection.runAndReadAll(
        `SELECT rcsb_id FROM read_parquet(${quoteString(join(big, 'entry.parquet'))}) ORDER BY _key`,
      )
    )
      .getRowsJS()
      .map(([id]) => String(id));
    const carried: { id: string; key: number }[] = [];
    ids.forEach((id, i) => {
      if (i % 640 !== 7) carried.push({ id, key: carried.length });
    });
    const components = (
      await connection.runAndReadAll(
        `SELECT rcsb_id, _key FROM read_parquet(${quoteString(join(big, 'mol_definition.parquet'))})`,
      )
    ).getRowsJS();
    const carry = new CarryOver(
      big,
      work,
      carried,
      [],
      new Map(components.map(([id, key]) => [String(id), Number(key)])),
      layout.columns,
      layout.held,
    );
    // No fresh rows: each level's appended rows are an empty SELECT of its columns.
    const empty = (level: (typeof LEVELS)[number], keysOnly: boolean) => {
      const kept = narrowedColumns(level, layout.held).filter((c) => !keysOnly || c.name.startsWith('_'));
      return `SELECT ${kept.map((c) => `CAST(NULL AS ${c.sqlType}) AS ${quoteName(c.name)}`).join(', ')} LIMIT 0`;
    };
    const cpu = process.cpuUsage();
    started = performance.now();
    await carry.prepare({
      run: async (text) => void (await connection.run(text)),
      rows: async (text) => (await connection.runAndReadAll(text)).getRowsJS(),
      keysOf: (level) => empty(level, true),
    });
    for (const level of ENTRY_LEVELS)
      await connection.run(
        `COPY (${carry.query(level, empty(level, false))}) TO ${quoteString(join(work, parquetFileOf(level)))} (FORMAT parquet, COMPRESSION zstd)`,
      );
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    return { entries: ids.length, buildSeconds, seconds, cpuSeconds: (used.user + used.system) / 1e6 };
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(big, { recursive: true, force: true });
  }
}
