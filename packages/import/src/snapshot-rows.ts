import type { CatalogueAttribute } from '@pdb-stats/search-model';
import { emptyDocuments, LEVELS, type Row, type LevelFiles } from '@pdb-stats/snapshot';
import { Coverage } from './coverage.ts';
import type { Enricher, EntryDocuments } from './enrich/types.ts';
import { LinkKeys } from './keys.ts';

const RELEASE_DATE = 'rcsb_accession_info.initial_release_date';
/** Rows appended to the level files at once. */
const BATCH_ROWS = 5_000;

/**
 * The rows an importer writes, whatever it read them from: enrichers applied, link keys assigned,
 * coverage counted, and rows appended to the level files in batches. Components come first: their
 * keys must be known when the non-polymer entities naming them are written.
 */
export class SnapshotRows {
  /** The latest initial release date among the entries: the archive date. */
  latestRelease = '';
  readonly coverage: Coverage;
  private readonly keys = new LinkKeys();
  private batch = emptyDocuments();
  private batchRows = 0;

  constructor(
    private readonly files: LevelFiles,
    attributes: readonly CatalogueAttribute[],
    private readonly enrichers: readonly Enricher[] = [],
  ) {
    this.coverage = new Coverage(attributes);
  }

  /** Each imported component's key, by id. */
  get componentKeys(): ReadonlyMap<string, number> {
    return this.keys.componentKeys;
  }

  addComponents(rows: readonly Row[]): void {
    for (const row of rows) {
      for (const enricher of this.enrichers) enricher.enrichComponent?.(row);
      this.keys.component(row);
      this.batch.mol_definition.push(row);
    }
    this.batchRows += rows.length;
  }

  addEntry(docs: EntryDocuments): void {
    for (const enricher of this.enrichers) enricher.enrich(docs);
    this.keys.entry(docs);
    const released = docs.entry[RELEASE_DATE];
    if (typeof released === 'string' && released > this.latestRelease) this.latestRelease = released;
    const batch = this.batch;
    batch.entry.push(docs.entry);
    batch.polymer_entity.push(...docs.polymer_entity);
    batch.polymer_instance.push(...docs.polymer_instance);
    batch.non_polymer_entity.push(...docs.non_polymer_entity);
    batch.assembly.push(...docs.assembly);
    this.batchRows +=
      1 +
      docs.polymer_entity.length +
      docs.polymer_instance.length +
      docs.non_polymer_entity.length +
      docs.assembly.length;
  }

  /** Appends the waiting rows once there are enough of them: many small entries make one write. */
  async flushIfFull(): Promise<void> {
    if (this.batchRows >= BATCH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = emptyDocuments();
    this.batchRows = 0;
    for (const level of LEVELS) this.coverage.add(level, batch[level]);
    await this.files.append(batch);
  }
}
