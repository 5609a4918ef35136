import { basename } from 'node:path';
import { parsedOnce, type ParsedCache } from './parsed-cache.ts';
import { forEachLine, SourceCounter } from './read-lines.ts';
import { joinLines, splitLines } from './sifts-csv.ts';
import { addRecord, entityIdOf } from './rows.ts';
import { EnrichmentSourceError, type Enricher, type EntryDocuments, type SourceReport } from './types.ts';

const FILE_NAME = /^clusters-by-entity-(\d+)\.txt(\.gz)?$/;
// `4HHB_1`; newer files also list computed models (`AF_AFP0CB50F1_1`, `MA_ABCD_1`).
const MEMBER = /^[A-Z0-9][A-Z0-9_]*_\d+$/;
const CLUSTER_MEMBERSHIP = 'rcsb_cluster_membership';
const GROUP_MEMBERSHIP = 'rcsb_polymer_entity_group_membership';

/** The identity level (`NN`) of a cluster file, from its name. */
function identityOf(file: string): number {
  const match = FILE_NAME.exec(basename(file));
  const identity = match ? Number(match[1]) : NaN;
  if (!(identity >= 1 && identity <= 100))
    throw new EnrichmentSourceError(
      file,
      'not a sequence cluster file: expected the name clusters-by-entity-NN.txt, NN the identity in percent',
    );
  return identity;
}

/**
 * Cluster numbers of every entity at every level, kept compact: one map from entity id to a row
 * number, and one Int32Array with a cell per row and level (0: not clustered at that level).
 */
class ClusterTable {
  private constructor(
    readonly levels: number,
    private readonly rows: Map<string, number>,
    private cells: Int32Array,
  ) {}

  static empty(levels: number): ClusterTable {
    return new ClusterTable(levels, new Map(), new Int32Array(1024 * levels));
  }

  /** The table as the parse cache keeps it: the entity ids one a line (in row order) and the cells. */
  get packed(): { levels: number; entities: string; cells: Int32Array } {
    return {
      levels: this.levels,
      entities: joinLines([...this.rows.keys()]),
      cells: this.cells.slice(0, this.rows.size * this.levels),
    };
  }

  static unpack(packed: ClusterTable['packed']): ClusterTable {
    const rows = new Map<string, number>();
    const entities = splitLines(packed.entities, packed.cells.length);
    for (let row = 0; row < entities.length; row++) rows.set(entities[row] as string, row);
    return new ClusterTable(packed.levels, rows, packed.cells);
  }

  get size() {
    return this.rows.size;
  }

  /** Sets the cluster of an entity at a level; false when it already has one there. */
  set(entity: string, level: number, cluster: number): boolean {
    let row = this.rows.get(entity);
    if (row === undefined) {
      row = this.rows.size;
      this.rows.set(entity, row);
      if ((row + 1) * this.levels > this.cells.length) {
        const grown = new Int32Array(this.cells.length * 2);
        grown.set(this.cells);
        this.cells = grown;
      }
    }
    const cell = row * this.levels + level;
    if (this.cells[cell] !== 0) return false;
    this.cells[cell] = cluster;
    return true;
  }

  /** The cluster number of an entity at a level, 0 when none. */
  get(entity: string, level: number): number {
    const row = this.rows.get(entity);
    return row === undefined ? 0 : (this.cells[row * this.levels + level] ?? 0);
  }
}

/**
 * Reads RCSB's mmseqs2 sequence cluster files `clusters-by-entity-NN.txt` (plain or gzipped; one
 * cluster per line, its members `ID_entity` separated by spaces). As RCSB does, a cluster's number is
 * its line number (from 1) and the group id of a membership is `<cluster>_<identity>`.
 */
export async function loadClusterEnricher(files: readonly string[], cache?: ParsedCache): Promise<Enricher> {
  if (files.length === 0) throw new Error('Sequence clusters: no clusters-by-entity-NN.txt file given');
  const levels = files
    .map((file) => ({ file, identity: identityOf(file) }))
    .sort((a, b) => b.identity - a.identity);
  for (let i = 1; i < levels.length; i++)
    if (levels[i]?.identity === levels[i - 1]?.identity)
      throw new EnrichmentSourceError(
        levels[i]?.file ?? '',
        `a second cluster file for ${levels[i]?.identity} % identity`,
      );

  const parsed = await parsedOnce(
    cache,
    'clusters',
    levels.map((level) => level.file),
    () => readClusters(levels.map((level) => level.file)),
  );
  const table = ClusterTable.unpack(parsed.table);

  return {
    name: 'sequence clusters',
    sources: parsed.reports,
    enrich(docs: EntryDocuments) {
      for (const entity of docs.polymer_entity) {
        const id = entityIdOf(entity);
        if (id === undefined) continue;
        for (const [level, { identity }] of levels.entries()) {
          const cluster = table.get(id, level);
          if (cluster === 0) continue;
          addRecord(entity, CLUSTER_MEMBERSHIP, { cluster_id: cluster, identity }, [
            'cluster_id',
            'identity',
          ]);
          addRecord(
            entity,
            GROUP_MEMBERSHIP,
            {
              group_id: `${cluster}_${identity}`,
              aggregation_method: 'sequence_identity',
              similarity_cutoff: identity,
            },
            ['group_id', 'aggregation_method'],
          );
        }
      }
    },
  };
}

/** The cluster of every entity in each file (a level per file, in the order given). */
async function readClusters(
  files: readonly string[],
): Promise<{ table: ClusterTable['packed']; reports: SourceReport[] }> {
  const table = ClusterTable.empty(files.length);
  const counters: SourceCounter[] = [];
  for (const [level, file] of files.entries()) {
    const counter = new SourceCounter(file);
    counters.push(counter);
    await forEachLine(file, (line, lineNumber) => {
      const members = line.trim().split(/\s+/);
      if (lineNumber === 1 && !MEMBER.test(members[0]?.toUpperCase() ?? ''))
        throw new EnrichmentSourceError(
          file,
          `not a sequence cluster file: the first line does not start with an entity id like 4HHB_1 (${JSON.stringify(line.slice(0, 60))})`,
        );
      counter.line();
      if (members.length === 1 && members[0] === '') {
        counter.malformed(lineNumber, line, 'empty cluster');
        return;
      }
      const bad: string[] = [];
      for (const member of members) {
        const entity = member.toUpperCase();
        if (!MEMBER.test(entity)) bad.push(`not an entity id: ${member}`);
        else if (!table.set(entity, level, lineNumber)) bad.push(`${member} is already in another cluster`);
      }
      if (bad.length > 0) counter.malformed(lineNumber, line, bad.slice(0, 3).join('; '));
    });
  }
  return { table: table.packed, reports: counters.map((c) => c.report) };
}
