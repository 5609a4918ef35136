import type { EntryDocuments, Row } from '@pdb-stats/snapshot';

export type { EntryDocuments, Row };

/** What a loader read from one source file: counts, and the first few malformed lines. */
export interface SourceReport {
  file: string;
  /** Data lines read (header and comment lines not counted). */
  lines: number;
  /** Lines (or values) skipped because they were not in the expected shape. */
  malformed: number;
  /** The first few malformed lines, each prefixed by its line number. */
  examples: string[];
}

/**
 * Adds what a flat file knows to the rows of an entry, in place. Enrichers never overwrite a value
 * the mmCIF file gave and never add a record that is already present.
 */
export interface Enricher {
  name: string;
  sources: SourceReport[];
  enrich(docs: EntryDocuments): void;
  /** Only for enrichers of chemical component (mol_definition) rows. */
  enrichComponent?(row: Row): void;
}

/** A source file that is missing or not in the expected format. */
export class EnrichmentSourceError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'EnrichmentSourceError';
  }
}
