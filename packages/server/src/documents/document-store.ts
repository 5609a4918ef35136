import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { levelSources, readManifest, readSnapshotLayout, quoteName } from '@pdb-stats/snapshot';
import {
  AttributeSet,
  RETURN_TYPES,
  type CatalogueAttribute,
  type ReturnType,
} from '@pdb-stats/search-model';
import { boundsQuery, type AttributeBounds } from './attribute-bounds.ts';
import { DEFAULT_ENTRY_MAX_ROWS, readEntryRecord } from './entry-record.ts';
import { jsonValue } from './json-values.ts';
import { resolveKeyAttributes, type ResolvedKeyAttribute } from './key-attributes.ts';
import { lookupQuery } from './lookup-query.ts';
import type { EntryRecord, KeyDocument } from '@pdb-stats/charts';

export type { EntryRecord, KeyDocument };

/** Where the results pages' key attributes come from: the snapshot's files, or the RCSB Data API. */
export interface KeyDocumentSource {
  /** Documents of the identifiers that exist, in the order asked; unknown identifiers are left out. */
  lookup(returnType: ReturnType, ids: readonly string[]): Promise<KeyDocument[]>;
  /** Smallest and largest values of numeric and date attributes, when the source can tell. */
  bounds?(): Promise<Map<CatalogueAttribute, AttributeBounds>>;
  /**
   * What the archive holds for an entry (an id as the archive writes it), or null when it holds no
   * such entry; absent from a source that has no archive of its own (the Data API's).
   */
  entry?(id: string): Promise<EntryRecord | null>;
  close(): Promise<void>;
}

/** Largest number of identifiers one lookup may name: a results page shows 25. */
export const MAX_LOOKUP_IDS = 100;

/**
 * Key attributes of result identifiers (titles, methods, names), which the Search API does not return.
 * It reads the snapshot's tables (its Parquet files, or its database files attached read-only when
 * it has no Parquet files: `levelSources`) through views of its own DuckDB instance, apart from the
 * search engine, so that a results page costs the engine nothing and the engine can change freely.
 */
export class DocumentStore implements KeyDocumentSource {
  /** Lookups run one at a time on the one connection; each is a few milliseconds. */
  private queue: Promise<unknown> = Promise.resolve();
  private closing?: Promise<void>;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    private readonly keys: Record<ReturnType, readonly ResolvedKeyAttribute[]>,
    private readonly held: AttributeSet,
    private readonly maxEntryRows: number,
  ) {}

  /** Opens a snapshot folder; fails at once when a level's table is missing. */
  /** `held`: the attributes the snapshot holds, when the caller knows them already (the engine does). */
  /** `maxEntryRows`: parts of each kind, and values of each attribute, an entry record lists. */
  static async open(
    snapshotDir: string,
    held?: AttributeSet,
    maxEntryRows: number = DEFAULT_ENTRY_MAX_ROWS,
  ): Promise<DocumentStore> {
    held ??= new AttributeSet((await readSnapshotLayout(snapshotDir)).held);
    const keys = resolveKeyAttributes(held);
    // One thread: a lookup of 25 rows takes tens of milliseconds even on 250k entries; the cores are the engine's.
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    let connection: DuckDBConnection | undefined;
    try {
      connection = await instance.connect();
      const sources = await levelSources(
        connection,
        snapshotDir,
        (await readManifest(snapshotDir)).tables,
        '_documents',
      );
      for (const level of RETURN_TYPES)
        await connection.run(`CREATE VIEW ${quoteName(level)} AS SELECT * FROM ${sources.from[level]}`);
      return new DocumentStore(instance, connection, keys, held, maxEntryRows);
    } catch (error) {
      connection?.closeSync();
      instance.closeSync();
      throw error;
    }
  }

  /** Documents of the identifiers that exist, in the order asked; unknown identifiers are left out. */
  lookup(returnType: ReturnType, ids: readonly string[]): Promise<KeyDocument[]> {
    if (this.closing) return Promise.reject(new Error('the document store is closed'));
    const unique = [...new Set(ids)].slice(0, MAX_LOOKUP_IDS);
    if (unique.length === 0) return Promise.resolve([]);
    const run = this.queue.then(async () => {
      const query = lookupQuery(returnType, this.keys[returnType], unique);
      const reader = await this.connection.runAndReadAll(query.sql, query.parameters);
      const byId = new Map<string, KeyDocument>();
      for (const row of reader.getRowObjectsJS()) {
        const document = jsonValue(row) as KeyDocument;
        byId.set(document.identifier, document);
      }
      return unique.flatMap((id) => byId.get(id) ?? []);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** What the archive holds for an entry, or null; read on the one connection like a lookup. */
  entry(id: string): Promise<EntryRecord | null> {
    if (this.closing) return Promise.reject(new Error('the document store is closed'));
    return this.enqueue(() =>
      readEntryRecord(
        async (query) => {
          const reader = await this.connection.runAndReadAll(query.sql, query.parameters);
          return reader.getRowObjectsJS() as Record<string, unknown>[];
        },
        this.held,
        id,
        this.maxEntryRows,
      ),
    );
  }

  /** Smallest and largest values of every numeric and date attribute, computed once on first use. */
  bounds(): Promise<Map<CatalogueAttribute, AttributeBounds>> {
    this.boundsOnce ??= this.enqueue(async () => {
      const result = new Map<CatalogueAttribute, AttributeBounds>();
      for (const attribute of this.held.attributes) {
        if (attribute.type === 'string') continue;
        const reader = await this.connection.runAndReadAll(boundsQuery(attribute));
        const [min, max] = (reader.getRowsJS()[0] ?? []).map((v) => (v === null ? null : Number(v)));
        if (min !== null && min !== undefined && max !== null && max !== undefined)
          result.set(attribute, { min, max });
      }
      return result;
    });
    return this.boundsOnce;
  }

  private boundsOnce?: Promise<Map<CatalogueAttribute, AttributeBounds>>;

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): Promise<void> {
    this.closing ??= this.queue.then(() => {
      this.connection.closeSync();
      this.instance.closeSync();
    });
    return this.closing;
  }
}
