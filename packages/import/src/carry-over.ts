import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { storageOf, type CatalogueAttribute, type ReturnType } from '@pdb-stats/search-model';
import { narrowedColumns, parquetFileOf, quoteName, quoteString } from '@pdb-stats/snapshot';
import { readDataApiColumns, type DataApiColumns } from './data-api-columns.ts';
import type { Enricher } from './enrich/types.ts';

/**
 * The weekly update without replaying the archive. After an import publishes its snapshot, the parse
 * cache records which file gave each entry of it (`carry.json`: size, modification time, entry id).
 * The next import parses the new and changed files only, as before, but takes the rows of unchanged
 * entries from that snapshot's Parquet tables in DuckDB, renumbering the link keys in SQL exactly as
 * a full import would assign them (entries in file order, their rows in their order). The record
 * holds only while the snapshot it names is the one published and the enrichers' files are those the
 * rows were enriched with; otherwise every entry is replayed from the parse cache.
 */

const CARRY_FILE = 'carry.json';
const FORMAT = 1;
const RELEASE_DATE = 'rcsb_accession_info.initial_release_date';
const COMPONENT_ID = 'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id';
/** The levels whose rows hang from an entry, in the order a full import writes their keys. */
const CHILD_LEVELS = ['polymer_entity', 'non_polymer_entity', 'polymer_instance', 'assembly'] as const;

/** One entry file as the snapshot took it: size, modification time, entry id, and whether its rows are there. */
export type CarriedFile = [size: number, mtimeMs: number, id: string, written: boolean];

export interface CarryRecord {
  /** Entry files by group (shard key) and name. */
  shards: Record<string, Record<string, CarriedFile>>;
  /** The snapshot version folder the rows are in. */
  snapshot: string;
  /** The columns of that snapshot the Data API filled (`rcsb-api --into`), by level. */
  dataApi: DataApiColumns['columns'];
}

/** The enrichers and the size and time of each file they read: carried rows hold their values. */
export async function enricherFingerprint(enrichers: readonly Enricher[]): Promise<string> {
  const parts: unknown[] = [];
  for (const enricher of enrichers)
    for (const source of enricher.sources) {
      const info = await stat(source.file).catch(() => null);
      parts.push([enricher.name, source.file, info?.size ?? -1, info?.mtimeMs ?? -1]);
    }
  return JSON.stringify(parts);
}

const isCarriedFile = (value: unknown): value is CarriedFile =>
  Array.isArray(value) &&
  value.length === 4 &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'number' &&
  typeof value[2] === 'string' &&
  typeof value[3] === 'boolean';

/**
 * The record of the published snapshot `outDir` links to, when it still holds: written for that very
 * version (or for the version a Data API enrichment, `rcsb-api --into`, published with the same rows
 * and more columns), with the same enricher files. Null otherwise (never imported, another writer
 * published since, an unreadable or altered record).
 */
export async function readCarryRecord(
  cacheDir: string,
  outDir: string,
  enrichers: string,
): Promise<CarryRecord | null> {
  const record = await readFile(join(cacheDir, CARRY_FILE), 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => null);
  if (!record || record.format !== FORMAT || record.enrichers !== enrichers) return null;
  const served = await realpath(outDir).catch(() => null);
  if (!served || typeof record.version !== 'string') return null;
  const enriched = await readDataApiColumns(served);
  if ((enriched?.base ?? basename(served)) !== record.version) return null;
  const shards = record.shards;
  if (typeof shards !== 'object' || shards === null || Array.isArray(shards)) return null;
  for (const files of Object.values(shards)) {
    if (typeof files !== 'object' || files === null || Array.isArray(files)) return null;
    if (!Object.values(files).every(isCarriedFile)) return null;
  }
  return { shards: shards as CarryRecord['shards'], snapshot: served, dataApi: enriched?.columns ?? {} };
}

/** Records the files of the snapshot just published (written aside, then renamed). */
export async function writeCarryRecord(
  cacheDir: string,
  version: string,
  enrichers: string,
  shards: CarryRecord['shards'],
): Promise<void> {
  const file = join(cacheDir, CARRY_FILE);
  await writeFile(`${file}.tmp`, JSON.stringify({ format: FORMAT, version, enrichers, shards }));
  await rename(`${file}.tmp`, file);
}

/** Forgets the record: the snapshot about to be published no longer matches it until rewritten. */
export const removeCarryRecord = (cacheDir: string) => rm(join(cacheDir, CARRY_FILE), { force: true });

/** A DuckDB condition: the row holds a value of the attribute (an empty list is no value). */
function holdsValue(attribute: CatalogueAttribute, type: string): string {
  const { column, field, inner } = storageOf(attribute);
  const value = `o.${quoteName(column)}`;
  if (!field) return type.endsWith('[]') ? `len(${value}) > 0` : `${value} IS NOT NULL`;
  const within = inner
    ? `len(list_filter(x.${quoteName(inner)}, lambda y: y.${quoteName(field)} IS NOT NULL)) > 0`
    : `x.${quoteName(field)} IS NOT NULL`;
  return `len(list_filter(${value}, lambda x: ${within})) > 0`;
}

/**
 * Of the attributes the previous snapshot holds, those its rows of the carried entries give a value
 * to. An attribute whose last value was in an entry removed, made obsolete or changed since is not
 * held by the carried rows: counted as filled, its column would stay in the snapshot, empty, where a
 * full import of the same files has none. Only the attributes not already filled are looked at, and
 * none when every entry of the previous snapshot is carried.
 */
export async function attributesOfCarriedRows(
  previous: string,
  carriedIds: readonly string[],
  previousEntries: number,
  columns: Record<ReturnType, Map<string, string>>,
  candidates: readonly CatalogueAttribute[],
): Promise<CatalogueAttribute[]> {
  if (carriedIds.length === previousEntries || candidates.length === 0) return [...candidates];
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run('CREATE TEMP TABLE carried (id VARCHAR)');
    const appender = await connection.createAppender('carried');
    for (const id of carriedIds) {
      appender.appendVarchar(id);
      appender.endRow();
    }
    appender.closeSync();
    const old = (level: ReturnType) => `read_parquet(${quoteString(join(previous, parquetFileOf(level)))})`;
    await connection.run(
      `CREATE TEMP TABLE kept AS SELECT o._key AS entry FROM ${old('entry')} o SEMI JOIN carried c ON o.rcsb_id = c.id`,
    );
    const held: CatalogueAttribute[] = [];
    for (const level of Object.keys(columns) as ReturnType[]) {
      const asked = candidates.filter((a) => a.level === level);
      if (asked.length === 0) continue;
      const link = level === 'entry' ? '_key' : '_entry_key';
      const checks = asked.map(
        (a) => `coalesce(bool_or(${holdsValue(a, columns[level].get(storageOf(a).column) ?? '')}), false)`,
      );
      const reader = await connection.runAndReadAll(
        `SELECT ${checks.join(', ')} FROM ${old(level)} o SEMI JOIN kept k ON o.${link} = k.entry`,
      );
      const [row] = reader.getRowsJS();
      asked.forEach((attribute, index) => {
        if (row?.[index] === true) held.push(attribute);
      });
    }
    return held;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const unquoted = (type: string) => type.replaceAll('"', '');

const ndjson = (rows: readonly object[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join('');

/**
 * The SQL of the carry-over, run by `LevelFiles.toParquet`: `prepare` maps every entry (carried or
 * fresh) and every row below it to its final key; `query` makes each level's table of the carried
 * rows and the fresh ones, keys renumbered, columns cast to the snapshot's narrowed types where
 * theirs differ. The rows are not sorted: no reader depends on their order (a full import writes
 * them in any order too), and sorting a level's wide rows took a third of the time.
 */
export class CarryOver {
  /** The latest release date among the carried entries. */
  latestRelease = '';

  constructor(
    private readonly previous: string,
    private readonly workDir: string,
    /** Entry ids carried over, with their final entry key. */
    private readonly carried: readonly { id: string; key: number }[],
    /** Entries parsed or replayed in this run: the entry key they were written with, and the final one. */
    private readonly fresh: readonly { written: number; key: number }[],
    private readonly componentKeys: ReadonlyMap<string, number>,
    /** The columns of the previous snapshot's tables. */
    private readonly previousColumns: Record<ReturnType, Map<string, string>>,
    /** The attributes of the new tables. */
    private readonly attributes: readonly CatalogueAttribute[],
  ) {}

  private old(level: ReturnType): string {
    return `read_parquet(${quoteString(join(this.previous, parquetFileOf(level)))})`;
  }

  private get temporary(): string {
    return join(this.workDir, '.carry-over');
  }

  async prepare(sql: {
    run: (text: string) => Promise<void>;
    rows: (text: string) => Promise<unknown[][]>;
    keysOf: (level: ReturnType) => string;
  }): Promise<void> {
    await mkdir(this.temporary, { recursive: true });
    const table = async (name: string, rows: readonly object[], columns: string) => {
      const file = join(this.temporary, `${name}.ndjson`);
      await writeFile(file, ndjson(rows));
      await sql.run(
        `CREATE TEMP TABLE ${name} AS SELECT * FROM read_json(${quoteString(file)}, format = 'newline_delimited', columns = {${columns}})`,
      );
    };
    await table('carried', this.carried, `'id': 'VARCHAR', 'key': 'BIGINT'`);
    await table('fresh', this.fresh, `'written': 'BIGINT', 'key': 'BIGINT'`);
    await table(
      'components',
      [...this.componentKeys].map(([id, key]) => ({ id, key })),
      `'id': 'VARCHAR', 'key': 'BIGINT'`,
    );
    // Each entry's final key, by where its rows come from (0 the previous snapshot, 1 this run).
    await sql.run(
      `CREATE TEMP TABLE map_entry AS SELECT 0 AS src, o._key AS old, c.key FROM ${this.old('entry')} o JOIN carried c ON o.rcsb_id = c.id UNION ALL SELECT 1, written, key FROM fresh`,
    );
    // Rows below an entry: numbered by their entry's final key, then in their own order.
    for (const level of CHILD_LEVELS)
      await sql.run(
        `CREATE TEMP TABLE map_${level} AS SELECT k.src, k.old, row_number() OVER (ORDER BY m.key, k.old) - 1 AS key, m.key AS entry FROM (SELECT 0 AS src, _key AS old, _entry_key AS parent FROM ${this.old(level)} UNION ALL SELECT 1, _key, _entry_key FROM (${sql.keysOf(level)})) k JOIN map_entry m ON m.src = k.src AND m.old = k.parent`,
      );
    if (this.previousColumns.entry.has(RELEASE_DATE)) {
      const [row] = await sql.rows(
        `SELECT max(CAST(o.${quoteName(RELEASE_DATE)} AS VARCHAR)) FROM ${this.old('entry')} o JOIN carried c ON o.rcsb_id = c.id`,
      );
      this.latestRelease = typeof row?.[0] === 'string' ? row[0] : '';
    }
    await rm(this.temporary, { recursive: true, force: true });
  }

  query(level: ReturnType, select: string): string {
    if (level === 'mol_definition') return select;
    const columns = narrowedColumns(level, this.attributes);
    const previous = this.previousColumns[level];
    const carried = columns
      .map(({ name, sqlType }) => {
        const type = previous.get(name);
        if (type === undefined) return `CAST(NULL AS ${sqlType}) AS ${quoteName(name)}`;
        // DuckDB quotes only some struct field names: the same type may be spelled two ways.
        return unquoted(type) === unquoted(sqlType)
          ? `o.${quoteName(name)}`
          : `CAST(o.${quoteName(name)} AS ${sqlType}) AS ${quoteName(name)}`;
      })
      .join(', ');
    const names = new Set(columns.map((c) => c.name));
    const joins = [`JOIN map_${level} m ON m.src = r._src AND m.old = r._key`];
    if (level === 'polymer_instance')
      joins.push('LEFT JOIN map_polymer_entity p ON p.src = r._src AND p.old = r._entity_key');
    if (level === 'non_polymer_entity' && names.has(COMPONENT_ID))
      joins.push(
        `LEFT JOIN (SELECT id, min(key) AS key FROM components GROUP BY id) d ON d.id = r.${quoteName(COMPONENT_ID)}`,
      );
    const outputs = columns.map(({ name }) => {
      const column = quoteName(name);
      if (name === '_key') return `m.key AS ${column}`;
      if (name === '_entry_key') return `m.entry AS ${column}`;
      if (name === '_entity_key') return `p.key AS ${column}`;
      if (name === '_chem_key')
        return names.has(COMPONENT_ID)
          ? `CASE WHEN r._src = 1 THEN r._chem_key ELSE d.key END AS ${column}`
          : `CAST(NULL AS BIGINT) AS ${column}`;
      return `r.${column}`;
    });
    if (level === 'entry') {
      joins[0] = 'JOIN map_entry m ON m.src = r._src AND m.old = r._key';
    }
    return `SELECT ${outputs.join(', ')} FROM (SELECT 0 AS _src, ${carried} FROM ${this.old(level)} o UNION ALL BY NAME SELECT 1 AS _src, n.* FROM (${select}) n) r ${joins.join(' ')}`;
  }
}
