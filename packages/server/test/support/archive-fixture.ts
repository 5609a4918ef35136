import type { FastifyInstance } from 'fastify';
import { generateDocuments, writeSnapshot } from '@pdb-stats/demo';
import { type DemoDocuments } from '@pdb-stats/snapshot';
import type { ReturnType } from '@pdb-stats/search-model';
import { tempArchive } from '../../../../test-support/temp-archive.ts';
import { buildApp } from '../../src/app.ts';
import { openDuckDbEngine, type Engine } from '../../src/engine/index.ts';

export type Row = Record<string, unknown>;

/** A small generated archive served by the real app, plus its plain documents for expected values. */
export interface ArchiveFixture {
  app: FastifyInstance;
  /** The app's engine, for tests that read its tables directly (closed with the app). */
  engine: Engine;
  docs: DemoDocuments;
  dir: string;
  close(): Promise<void>;
}

export async function startArchiveFixture(entries = 1500, seed = 7): Promise<ArchiveFixture> {
  const archive = await tempArchive('test');
  const dir = archive.dir;
  const docs = generateDocuments({ entries, seed, archiveDate: '2026-07-01' });
  await writeSnapshot(docs, dir);
  const engine = await openDuckDbEngine(dir);
  const app = await buildApp({ engine });
  return {
    app,
    engine,
    docs,
    dir,
    close: async () => {
      await app.close();
      await archive.remove();
    },
  };
}

/** POSTs a search request; 204 comes back as `null`. */
export async function search(app: FastifyInstance, request: object): Promise<Record<string, any> | null> {
  const response = await app.inject({ method: 'POST', url: '/rcsbsearch/v2/query', payload: request });
  if (response.statusCode === 204) return null;
  if (response.statusCode !== 200) {
    throw new Error(`expected 200 or 204, got ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** total_count, with 204 as 0 (as every RCSB client reads it). */
export async function count(app: FastifyInstance, request: object): Promise<number> {
  return (await search(app, request))?.total_count ?? 0;
}

/**
 * Plain-TypeScript model of the level mapping (a condition at one level selects objects of another), over the generated documents:
 * a set of keys at one level becomes the set of keys of another level.
 */
export class LevelMap {
  constructor(private readonly docs: DemoDocuments) {}

  rows(level: ReturnType): Row[] {
    return this.docs[level] as Row[];
  }

  /** Keys of `level` rows satisfying `test`. */
  where(level: ReturnType, test: (row: Row) => boolean): Set<number> {
    return new Set(
      this.rows(level)
        .filter(test)
        .map((row) => row._key as number),
    );
  }

  /** Entry keys that the given rows of `level` belong to (or contain, for chemical components). */
  toEntries(level: ReturnType, keys: Set<number>): Set<number> {
    if (level === 'entry') return keys;
    if (level === 'mol_definition') {
      return new Set(
        this.rows('non_polymer_entity')
          .filter((n) => keys.has(n._chem_key as number))
          .map((n) => n._entry_key as number),
      );
    }
    return new Set(
      this.rows(level)
        .filter((r) => keys.has(r._key as number))
        .map((r) => r._entry_key as number),
    );
  }

  /** Maps keys of level `from` to keys of level `to`. */
  map(from: ReturnType, keys: Set<number>, to: ReturnType): Set<number> {
    if (from === to) return keys;
    if (from === 'polymer_entity' && to === 'polymer_instance') {
      return new Set(
        this.rows(to)
          .filter((r) => keys.has(r._entity_key as number))
          .map((r) => r._key as number),
      );
    }
    if (from === 'polymer_instance' && to === 'polymer_entity') {
      return new Set(
        this.rows(from)
          .filter((r) => keys.has(r._key as number))
          .map((r) => r._entity_key as number),
      );
    }
    if (from === 'mol_definition' && to === 'non_polymer_entity') {
      return new Set(
        this.rows(to)
          .filter((r) => keys.has(r._chem_key as number))
          .map((r) => r._key as number),
      );
    }
    if (from === 'non_polymer_entity' && to === 'mol_definition') {
      return new Set(
        this.rows(from)
          .filter((r) => keys.has(r._key as number))
          .map((r) => r._chem_key as number),
      );
    }
    const entries = this.toEntries(from, keys);
    if (to === 'entry') return entries;
    if (to === 'mol_definition') {
      return new Set(
        this.rows('non_polymer_entity')
          .filter((n) => entries.has(n._entry_key as number))
          .map((n) => n._chem_key as number),
      );
    }
    return new Set(
      this.rows(to)
        .filter((r) => entries.has(r._entry_key as number))
        .map((r) => r._key as number),
    );
  }
}

export function intersect(a: Set<number>, b: Set<number>): Set<number> {
  return new Set([...a].filter((x) => b.has(x)));
}

export function list<T = unknown>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : value === null || value === undefined ? [] : [value as T];
}

/** Terms buckets computed from (key, values) pairs: population desc, then label asc. */
export function termsBuckets(pairs: Iterable<[number, unknown[]]>): { label: string; population: number }[] {
  const byLabel = new Map<string, Set<number>>();
  for (const [key, values] of pairs) {
    for (const value of values) {
      if (value === null || value === undefined) continue;
      const label = String(value);
      const set = byLabel.get(label) ?? new Set<number>();
      set.add(key);
      byLabel.set(label, set);
    }
  }
  return [...byLabel]
    .map(([label, keys]) => ({ label, population: keys.size }))
    .sort((a, b) => b.population - a.population || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
