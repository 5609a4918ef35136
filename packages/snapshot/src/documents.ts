import {
  LEVEL_LINKS,
  RETURN_TYPES,
  snapshotColumns,
  type CatalogueAttribute,
  type ReturnType,
  type SnapshotColumn,
} from '@pdb-stats/search-model';

/**
 * One row of a level's table, keyed by the snapshot column names: dates as 'YYYY-MM-DD', lists as
 * arrays, nested records as arrays of plain objects, missing values as null (scalars) or [] (lists).
 */
export type Row = Record<string, unknown>;

/** The rows of one entry of an imported archive, one list per object level below the entry. */
export interface EntryDocuments {
  entry: Row;
  polymer_entity: Row[];
  polymer_instance: Row[];
  non_polymer_entity: Row[];
  assembly: Row[];
}

/** The rows of every level, exactly as they are written to the snapshot. */
export type DemoDocuments = Record<ReturnType, Row[]>;

/** The six levels, in the order their tables are written. */
export const LEVELS: readonly ReturnType[] = RETURN_TYPES;

export function parquetFileOf(level: ReturnType): string {
  return `${level}.parquet`;
}

/**
 * A DuckDB file inside a snapshot holding some of its tables as its Parquet files do, written by
 * the demo generator along with them: `tables-<n>.duckdb`. A server attaches them as they are
 * instead of building a database file of its own.
 */
export function databasePartOf(index: number): string {
  return `tables-${index}.duckdb`;
}

export const DATABASE_PART = /^tables-\d+\.duckdb$/;

/** The snapshot columns of a level holding some attributes (the contract shared with the engines). */
export function columnsOf(level: ReturnType, attributes: readonly CatalogueAttribute[]): SnapshotColumn[] {
  return snapshotColumns(level, LEVEL_LINKS[level], attributes);
}

/** A count for every level: the given ones, 0 for the others. */
export function fullCounts(partial: Partial<Record<ReturnType, number>> = {}): Record<ReturnType, number> {
  const counts = {} as Record<ReturnType, number>;
  for (const level of LEVELS) counts[level] = partial[level] ?? 0;
  return counts;
}

export function emptyDocuments(): DemoDocuments {
  return {
    entry: [],
    polymer_entity: [],
    non_polymer_entity: [],
    polymer_instance: [],
    assembly: [],
    mol_definition: [],
  };
}
