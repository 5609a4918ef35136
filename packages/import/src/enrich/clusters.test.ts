import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClusterEnricher } from './clusters.ts';
import { entryDocuments, tempFolder } from './test-helpers.ts';

let folder: Awaited<ReturnType<typeof tempFolder>>;
beforeAll(async () => {
  folder = await tempFolder();
});
afterAll(() => folder.cleanup());

const CLUSTERS_100 = ['4HHB_1 1A3N_1', '4HHB_2', '9XYZ_1 AF_AFP0CB50F1_1'].join('\n') + '\n';
const CLUSTERS_30 = ['1ABC_1', '4hhb_1 4HHB_2 1A3N_1 not-an-id', '', '9XYZ_1 4HHB_1'].join('\n') + '\n';

describe('loadClusterEnricher', () => {
  it('adds cluster and sequence-identity group memberships, cluster number = line number', async () => {
    const files = [
      await folder.write('clusters-by-entity-30.txt.gz', CLUSTERS_30),
      await folder.write('clusters-by-entity-100.txt', CLUSTERS_100),
    ];
    const enricher = await loadClusterEnricher(files);
    const docs = entryDocuments('4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] });
    enricher.enrich(docs);
    const [alpha, beta] = docs.polymer_entity;
    expect(alpha?.['rcsb_cluster_membership']).toEqual([
      { cluster_id: 1, identity: 100 },
      { cluster_id: 2, identity: 30 },
    ]);
    expect(alpha?.['rcsb_polymer_entity_group_membership']).toEqual([
      { group_id: '1_100', aggregation_method: 'sequence_identity', similarity_cutoff: 100 },
      { group_id: '2_30', aggregation_method: 'sequence_identity', similarity_cutoff: 30 },
    ]);
    expect(beta?.['rcsb_cluster_membership']).toEqual([
      { cluster_id: 2, identity: 100 },
      { cluster_id: 2, identity: 30 },
    ]);

    // Lines with bad ids, empty clusters and entities listed twice are counted, not fatal.
    const [report100, report30] = enricher.sources;
    expect(report100).toMatchObject({ lines: 3, malformed: 0 });
    expect(report30).toMatchObject({ lines: 4, malformed: 3 });
    expect(report30?.examples[0]).toMatch(/^line 2: not an entity id: not-an-id/);
    expect(report30?.examples[1]).toMatch(/^line 3: empty cluster/);
    expect(report30?.examples[2]).toMatch(/^line 4: 4HHB_1 is already in another cluster/);
  });

  it('appends to memberships already present and never duplicates one', async () => {
    const file = await folder.write('clusters-by-entity-95.txt', CLUSTERS_100);
    const enricher = await loadClusterEnricher([file]);
    const docs = entryDocuments('4HHB', { '1': ['A'] });
    const uniprot = { group_id: 'P69905', aggregation_method: 'matching_uniprot_accession' };
    docs.polymer_entity[0]!['rcsb_polymer_entity_group_membership'] = [uniprot];
    enricher.enrich(docs);
    enricher.enrich(docs);
    expect(docs.polymer_entity[0]?.['rcsb_polymer_entity_group_membership']).toEqual([
      uniprot,
      { group_id: '1_95', aggregation_method: 'sequence_identity', similarity_cutoff: 95 },
    ]);
    expect(docs.polymer_entity[0]?.['rcsb_cluster_membership']).toEqual([{ cluster_id: 1, identity: 95 }]);
  });

  it('finds entities by container identifiers when rcsb_id is missing, and leaves unknown ones alone', async () => {
    const file = await folder.write('clusters-by-entity-90.txt', CLUSTERS_100);
    const enricher = await loadClusterEnricher([file]);
    const docs = entryDocuments('9XYZ', { '1': ['A'], '2': ['B'] });
    delete docs.polymer_entity[0]!['rcsb_id'];
    enricher.enrich(docs);
    expect(docs.polymer_entity[0]?.['rcsb_cluster_membership']).toEqual([{ cluster_id: 3, identity: 90 }]);
    expect(docs.polymer_entity[1]).not.toHaveProperty('rcsb_cluster_membership');
  });

  it('says which file is missing, badly named, repeated or not a cluster file', async () => {
    await expect(loadClusterEnricher([`${folder.dir}/clusters-by-entity-50.txt`])).rejects.toThrow(
      /clusters-by-entity-50\.txt: file not found/,
    );
    const misnamed = await folder.write('clusters-50.txt', CLUSTERS_100);
    await expect(loadClusterEnricher([misnamed])).rejects.toThrow(
      /clusters-50\.txt: not a sequence cluster file/,
    );
    const a = await folder.write('clusters-by-entity-70.txt', CLUSTERS_100);
    const b = await folder.write('clusters-by-entity-70.txt.gz', CLUSTERS_100);
    await expect(loadClusterEnricher([a, b])).rejects.toThrow(/a second cluster file for 70 % identity/);
    const csv = await folder.write('clusters-by-entity-40.txt', 'PDB,CHAIN,SP_PRIMARY\n101m,A,P02185\n');
    await expect(loadClusterEnricher([csv])).rejects.toThrow(
      /clusters-by-entity-40\.txt: not a sequence cluster file: the first line/,
    );
    await expect(loadClusterEnricher([])).rejects.toThrow(/no clusters-by-entity-NN\.txt file/);
  });
});
