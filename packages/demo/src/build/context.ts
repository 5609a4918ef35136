import type { ReturnType } from '@pdb-stats/search-model';
import type { Row } from '@pdb-stats/snapshot';
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
  /** Whether rows of a level are kept: builders skip making the others (random draws stay the same). */
  wants(level: ReturnType): boolean;
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
  /** Structure: method, entities, chains, ligands, assemblies. */
  rng: Random;
  /**
   * Entry descriptions (dates, text, citation, software...): a stream of its own, so that a process
   * writing only entity-level tables can skip them and still draw the same structures.
   */
  textRng: Random;
  /** Funding records: a stream of their own, so that adding them changed no other attribute. */
  fundingRng: Random;
  pools: Pools;
  sink: RowSink;
}
