import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { CatalogueAttribute } from '@pdb-stats/search-model';
import type { Row } from '@pdb-stats/snapshot';
import type { EntryDocuments } from './enrich/types.ts';
import { isComponentKind, type SourceKind } from './sources.ts';

/** What a parser module exports (the real one is `default-parsers.ts`; tests inject small ones). */
export interface Parsers {
  parseEntry(
    data: Uint8Array | string,
    options: { kind: 'pdb' | 'ihm' | 'csm'; attributes: readonly CatalogueAttribute[] },
  ): EntryDocuments | Promise<EntryDocuments>;
  parseComponents(
    data: Uint8Array | string,
    options: { attributes: readonly CatalogueAttribute[] },
  ): Row[] | Promise<Row[]>;
}

export const DEFAULT_PARSER_MODULE = new URL('./default-parsers.ts', import.meta.url).href;

export async function loadParsers(moduleUrl: string): Promise<Parsers> {
  const module = (await import(moduleUrl)) as Partial<Parsers>;
  if (typeof module.parseEntry !== 'function' || typeof module.parseComponents !== 'function') {
    throw new Error(`${moduleUrl} does not export parseEntry and parseComponents`);
  }
  return module as Parsers;
}

/**
 * A dictionary's bytes in pieces of whole data blocks, each at most about `maxBytes` (one block
 * larger than that is a piece of its own). The whole chemical component dictionary is hundreds of
 * MB of text, near the longest string JavaScript can hold: it is parsed a piece at a time.
 */
export function blockPieces(data: Buffer, maxBytes: number): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  while (data.length - start > maxBytes) {
    const first = data.indexOf('data_', start);
    if (first < 0) break;
    // The last block start within the budget, after the piece's first block; else the next one.
    let cut = data.lastIndexOf('\ndata_', start + maxBytes);
    if (cut <= first) cut = data.indexOf('\ndata_', first + 1);
    if (cut < 0) break;
    pieces.push(data.subarray(start, cut + 1));
    start = cut + 1;
  }
  pieces.push(data.subarray(start));
  return pieces;
}

/** Size of the pieces a component dictionary is parsed in. */
const COMPONENT_PIECE_BYTES = 16 << 20;

export interface ParseTask {
  path: string;
  kind: SourceKind;
}

/**
 * The parsed documents as JSON text (entry documents, or a list of mol_definition rows for component
 * files): the main thread writes the text to the cache as is and parses it once.
 */
export type ParseOutcome =
  { ok: true; json: string; bytes: number } | { ok: false; reason: string; bytes: number };

/** Reads, gunzips and parses one file; a bad file gives the reason, never an exception. */
export async function parseFile(
  task: ParseTask,
  parsers: Parsers,
  attributes: readonly CatalogueAttribute[],
): Promise<ParseOutcome> {
  let data: Buffer;
  try {
    data = await readFile(task.path);
  } catch (error) {
    return { ok: false, reason: `cannot be read: ${(error as Error).message}`, bytes: 0 };
  }
  if (task.path.toLowerCase().endsWith('.gz')) {
    try {
      data = gunzipSync(data);
    } catch (error) {
      return { ok: false, reason: `corrupt or truncated gzip data: ${(error as Error).message}`, bytes: 0 };
    }
  }
  try {
    let parsed: unknown;
    if (isComponentKind(task.kind)) {
      const rows: Row[] = [];
      for (const piece of blockPieces(data, COMPONENT_PIECE_BYTES))
        rows.push(...(await parsers.parseComponents(piece, { attributes })));
      parsed = rows;
    } else parsed = await parsers.parseEntry(data, { kind: task.kind as 'pdb' | 'ihm' | 'csm', attributes });
    return { ok: true, json: JSON.stringify(parsed), bytes: data.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The parser's own errors say why; the report names the file.
    const reason =
      error instanceof Error && error.name === 'MmcifError'
        ? (error as { reason?: string }).reason
        : undefined;
    return { ok: false, reason: reason ?? `parser failed: ${message}`, bytes: data.length };
  }
}
