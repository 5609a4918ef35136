import type { AttributeSet, PlannedRequest, ReturnType, SearchResponse } from '@pdb-stats/search-model';

/** What the service knows about the loaded archive: its manifest, plus the rows of each level. */
export interface ArchiveInfo {
  /** Fields of `manifest.json` (source, archive_date, demo, counts, ...), passed through. */
  readonly [field: string]: unknown;
  /** Rows loaded per level table. */
  readonly row_counts: Readonly<Record<ReturnType, number>>;
}

/** A search engine over one archive snapshot. */
export interface Engine {
  /** The answer to a validated request; `null` when there is nothing to answer (HTTP 204). */
  search(plan: PlannedRequest): Promise<SearchResponse | null>;
  archiveInfo(): ArchiveInfo;
  /** The catalogue attributes this archive holds (its snapshot's columns). */
  readonly held: AttributeSet;
  /** Releases the database; searches after this fail. */
  close(): Promise<void>;
}

/** A search that ran out of time; its statements were interrupted. Answered with 408. */
export class QueryTimeoutError extends Error {
  readonly statusCode = 408;

  constructor(timeoutMs: number) {
    super(
      `the search took longer than ${timeoutMs} ms and was cancelled; narrow the query or ask for fewer facets`,
    );
    this.name = 'QueryTimeoutError';
  }
}
