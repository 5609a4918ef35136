import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import {
  isoDay,
  parseDay,
  todayUtc,
  emptyDocuments,
  fullCounts,
  type DemoDocuments,
  type Row,
} from '@pdb-stats/snapshot';
import { buildAssemblies } from './build/assemblies.ts';
import type { EntryContext, Pools, RowSink } from './build/context.ts';
import { buildEntry } from './build/entry.ts';
import { buildExperiment, integrativeInputs } from './build/experiment.ts';
import { buildLigands } from './build/ligands.ts';
import { buildPolymers } from './build/polymers.ts';
import { entryId } from './ids.ts';
import { planForced, type Forced } from './plan.ts';
import { AuthorPool } from './pools/authors.ts';
import { ComponentCatalogue } from './pools/components.ts';
import { ProteinPool } from './pools/proteins.ts';
import { Random, Weighted } from './random.ts';
import { ReleaseSchedule } from './timeline.ts';
import { COMPOSITION_BY_METHOD } from './vocabulary/composition.ts';
import { EXPTL_BY_METHOD } from './vocabulary/methods.ts';
import {
  EXPERIMENTAL_METHODS,
  FIRST_RELEASE,
  methodShares,
  type ExperimentalMethod,
} from './vocabulary/releases.ts';

export interface GenerateOptions {
  /** Number of entries; every other level scales with it. */
  entries: number;
  /** Same seed, same options: identical documents. Default 1. */
  seed?: number;
  /** Last release day, 'YYYY-MM-DD'; default today (UTC). */
  archiveDate?: string;
}

export interface GeneratorOptions extends GenerateOptions {
  /** Levels whose rows are kept (default all); the others are not built, which saves time. */
  levels?: readonly ReturnType[];
}

export interface ResolvedOptions {
  entries: number;
  seed: number;
  archiveDate: string;
}

export const DEFAULT_SEED = 1;
export const MAX_ENTRIES = 20_000_000;

/** Checks options and fills the defaults; errors name the option and the reason. */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const { entries } = options;
  if (!Number.isInteger(entries) || entries < 1 || entries > MAX_ENTRIES) {
    throw new RangeError(`entries must be an integer from 1 to ${MAX_ENTRIES}, got ${String(entries)}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to 4294967295, got ${String(seed)}`);
  }
  const archiveDate = options.archiveDate ?? todayUtc();
  const day = parseDay(archiveDate);
  if (day === undefined)
    throw new RangeError(`archiveDate must be a calendar date YYYY-MM-DD, got "${archiveDate}"`);
  if (archiveDate < FIRST_RELEASE || archiveDate > '2100-12-31') {
    throw new RangeError(`archiveDate must be from ${FIRST_RELEASE} to 2100-12-31, got "${archiveDate}"`);
  }
  return { entries, seed, archiveDate };
}

/** Collects the rows of one chunk; keys keep counting across chunks. */
class ChunkSink implements RowSink {
  documents: DemoDocuments = emptyDocuments();

  constructor(private readonly kept: ReadonlySet<ReturnType>) {}
  private readonly keys = fullCounts();

  nextKey(level: ReturnType): number {
    return this.keys[level]++;
  }

  wants(level: ReturnType): boolean {
    return this.kept.has(level);
  }

  push(level: ReturnType, row: Row): void {
    this.documents[level].push(row);
  }

  take(): DemoDocuments {
    const documents = this.documents;
    this.documents = emptyDocuments();
    return documents;
  }
}

/**
 * The demo archive generator, run in release order. Entries can be drawn in chunks (to stream a
 * large archive to disk); chunking never changes the documents. Chemical components come last,
 * once every entry has said when it first used them.
 */
export class DemoGenerator {
  readonly options: ResolvedOptions;
  private readonly schedule: ReleaseSchedule;
  private readonly forced: Map<number, Forced>;
  private readonly rng: Random;
  private readonly textRng: Random;
  private readonly fundingRng: Random;
  private readonly pools: Pools;
  private readonly sink: ChunkSink;
  private readonly methodTables = new Map<number, Weighted<ExperimentalMethod>>();
  private next = 0;

  constructor(options: GeneratorOptions) {
    this.options = resolveOptions(options);
    this.sink = new ChunkSink(new Set(options.levels ?? RETURN_TYPES));
    const { entries, seed, archiveDate } = this.options;
    const root = new Random(seed, 'pdb-statistics-demo');
    this.schedule = new ReleaseSchedule(entries, parseDay(archiveDate) as number, seed);
    this.forced = planForced(this.schedule, root.fork('plan'));
    this.pools = {
      proteins: new ProteinPool(root.fork('proteins')),
      components: new ComponentCatalogue(this.schedule, root.fork('components')),
      authors: new AuthorPool(root.fork('authors')),
      templates: new Map(),
    };
    this.rng = root.fork('entries');
    this.textRng = root.fork('entry-text');
    this.fundingRng = root.fork('entry-funding');
  }

  get generated(): number {
    return this.next;
  }

  get done(): boolean {
    return this.next >= this.options.entries;
  }

  /** The rows of the next `count` entries (all levels but mol_definition). */
  nextChunk(count: number): DemoDocuments {
    const end = Math.min(this.options.entries, this.next + count);
    while (this.next < end) this.generateEntry(this.next++);
    return this.sink.take();
  }

  /** The chemical component rows; call once every entry is generated. */
  molDefinitions(): Row[] {
    if (!this.done) throw new Error('chemical components come after all entries');
    return this.pools.components.components.map((component, key) => ({
      _key: key,
      rcsb_id: component.id,
      'rcsb_chem_comp_container_identifiers.comp_id': component.prd ? null : component.id,
      'rcsb_chem_comp_container_identifiers.prd_id': component.prd,
      'chem_comp.id': component.id,
      'chem_comp.name': component.name,
      'chem_comp.type': component.type,
      'chem_comp.formula': component.formula,
      'chem_comp.formula_weight': component.weight,
      'rcsb_chem_comp_info.initial_release_date': isoDay(
        Number.isFinite(component.releaseDay) ? component.releaseDay : this.schedule.archiveDay,
      ),
    }));
  }

  private methodOf(year: number): ExperimentalMethod {
    let table = this.methodTables.get(year);
    if (!table) {
      const shares = methodShares(year);
      table = new Weighted(EXPERIMENTAL_METHODS.map((m) => [m, shares[m]] as const));
      this.methodTables.set(year, table);
    }
    return table.draw(this.rng);
  }

  private generateEntry(index: number): void {
    const rng = this.rng;
    const forced = this.forced.get(index) ?? {};
    const day = this.schedule.dayOf(index);
    const year = this.schedule.yearOf(index);
    const method = forced.method ?? this.methodOf(year);
    let composition = forced.composition ?? COMPOSITION_BY_METHOD[method].draw(rng);
    // Forced enzymes and symmetries need protein chains.
    if (
      (forced.ecClass || forced.symmetry) &&
      composition !== 'Protein (only)' &&
      composition !== 'Protein/NA'
    ) {
      composition = 'Protein (only)';
    }
    const inputs = method === 'Integrative' ? integrativeInputs(rng) : null;
    const exptl = inputs ? inputs.exptl : EXPTL_BY_METHOD[method].draw(rng);
    const id = entryId(index, this.options.entries);
    const ctx: EntryContext = {
      index,
      key: this.sink.nextKey('entry'),
      id,
      idLower: id.toLowerCase(),
      day,
      year,
      archiveDay: this.schedule.archiveDay,
      method,
      exptl,
      composition,
      forced,
      rng,
      textRng: this.textRng,
      fundingRng: this.fundingRng,
      pools: this.pools,
      sink: this.sink,
    };
    this.pools.proteins.progress = index / this.options.entries;
    const polymers = buildPolymers(ctx);
    const ligands = buildLigands(ctx, polymers.entities, polymers.proteinInstances);
    const assemblies = buildAssemblies(ctx, polymers);
    if (this.sink.wants('entry')) {
      const experiment = buildExperiment(method, exptl, year, inputs?.datasets ?? [], this.textRng);
      buildEntry(ctx, polymers, ligands, assemblies, experiment);
    }
  }
}

/** All documents of a demo archive, in memory (tests, small archives). */
export function generateDocuments(options: GenerateOptions): DemoDocuments {
  const generator = new DemoGenerator(options);
  const documents = generator.nextChunk(generator.options.entries);
  documents.mol_definition = generator.molDefinitions();
  return documents;
}
