import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import { parseDay } from './dates.ts';
import { DATABASE_PART } from './documents.ts';

export const MANIFEST_FILE = 'manifest.json';

/** `manifest.json` of a snapshot: where the data comes from and how many rows each level holds. */
export interface Manifest {
  /** 'demo' for the generator; importers name their source. */
  source: string;
  /** Every input an importer read (file sources, enrichers), when it names them. */
  sources?: string[];
  /** True for synthetic data: the web shows a 'Demo data' badge. */
  demo: boolean;
  /** Last release day covered, 'YYYY-MM-DD'. */
  archive_date: string;
  /** When the snapshot was written (ISO 8601). */
  generated_at: string;
  /** Seed of the demo generator. */
  seed?: number;
  /** Program and version that wrote the snapshot. */
  generator: string;
  counts: Record<ReturnType, number>;
  /**
   * The DuckDB file of the snapshot (`tables-<n>.duckdb`) holding each level's table, when it
   * carries them (the demo generator's). A level without a Parquet file is read from it.
   */
  tables?: Partial<Record<ReturnType, string>>;
}

export class ManifestError extends Error {
  constructor(file: string, field: string, reason: string) {
    super(`${file}: "${field}" ${reason}`);
    this.name = 'ManifestError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a parsed manifest; errors name the file and the field. */
export function validateManifest(value: unknown, file = MANIFEST_FILE): Manifest {
  if (!isRecord(value)) throw new ManifestError(file, '(root)', 'must be a JSON object');
  const text = (field: string): string => {
    const v = value[field];
    if (typeof v !== 'string' || v === '') throw new ManifestError(file, field, 'must be a non-empty string');
    return v;
  };
  const source = text('source');
  if (typeof value.demo !== 'boolean') throw new ManifestError(file, 'demo', 'must be true or false');
  const archiveDate = text('archive_date');
  if (parseDay(archiveDate) === undefined)
    throw new ManifestError(file, 'archive_date', 'must be a date YYYY-MM-DD');
  const generatedAt = text('generated_at');
  if (Number.isNaN(Date.parse(generatedAt)))
    throw new ManifestError(file, 'generated_at', 'must be an ISO 8601 time');
  const generator = text('generator');
  const sources = value.sources;
  if (
    sources !== undefined &&
    !(Array.isArray(sources) && sources.every((s) => typeof s === 'string' && s !== ''))
  ) {
    throw new ManifestError(file, 'sources', 'must be a list of non-empty strings when present');
  }
  if (value.seed !== undefined && !(Number.isInteger(value.seed) && (value.seed as number) >= 0)) {
    throw new ManifestError(file, 'seed', 'must be a non-negative integer when present');
  }
  if (!isRecord(value.counts))
    throw new ManifestError(file, 'counts', 'must be an object with one count per level');
  const counts = {} as Record<ReturnType, number>;
  for (const level of RETURN_TYPES) {
    const count = value.counts[level];
    if (!Number.isInteger(count) || (count as number) < 0) {
      throw new ManifestError(file, `counts.${level}`, 'must be a non-negative integer');
    }
    counts[level] = count as number;
  }
  const tables = value.tables;
  if (tables !== undefined) {
    if (!isRecord(tables)) throw new ManifestError(file, 'tables', 'must be an object when present');
    for (const [level, part] of Object.entries(tables)) {
      if (!RETURN_TYPES.includes(level as ReturnType))
        throw new ManifestError(file, `tables.${level}`, 'is not a level');
      if (typeof part !== 'string' || !DATABASE_PART.test(part))
        throw new ManifestError(file, `tables.${level}`, 'must name a file tables-<n>.duckdb');
    }
  }
  return {
    source,
    ...(sources !== undefined && { sources: sources as string[] }),
    demo: value.demo,
    archive_date: archiveDate,
    generated_at: generatedAt,
    ...(value.seed !== undefined && { seed: value.seed as number }),
    generator,
    counts,
    ...(tables !== undefined && { tables: tables as Partial<Record<ReturnType, string>> }),
  };
}

/** Reads and validates `<dir>/manifest.json`. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ManifestError(file, '(file)', `cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(file, '(root)', `is not valid JSON: ${(error as Error).message}`);
  }
  return validateManifest(parsed, file);
}
