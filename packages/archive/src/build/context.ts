import type { ReturnType } from '@pdb-stats/search-model';
import type { Row } from '../documents.ts';
import type { Forced } from '../plan.ts';
import type { AuthorPool } from '../pools/authors.ts';
import type { ComponentCatalogue } from '../pools/components.ts';
import type { ProteinPool } from '../pools/proteins.ts';
import type { Random } from '../random.ts';
import type { Composition } from '../vocabulary/composition.ts';
import type { ExperimentalMethod } from '../vocabulary/releases.ts';

/** Where generated rows go, and the next `_key` of each level. */
export interface RowSink {
  nextKey(level: ReturnType): number;
  push(level: ReturnType, row: Row): void;
}

/** Shared state that lives across entries. */
export interface Pools {
  proteins: ProteinPool;
  components: ComponentCatalogue;
  authors: AuthorPool;
  /** Recent antibody/design cluster sets, so that antibodies share their loose sequence clusters. */
  templates: Map<string, Int32Array[]>;
}

/** What is decided about an entry before its rows are built. */
export interface EntryContext {
  index: number;
  key: number;
  id: string;
  /** Lower-case id used inside domain ids ('d1abca_'). */
  idLower: string;
  day: number;
  year: number;
  archiveDay: number;
  method: ExperimentalMethod;
  exptl: readonly string[];
  composition: Composition;
  forced: Forced;
  rng: Random;
  pools: Pools;
  sink: RowSink;
}
