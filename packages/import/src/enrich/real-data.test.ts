import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadClusterEnricher } from './clusters.ts';
import { loadEnrichers } from './index.ts';
import { loadSiftsEnzymeEnricher } from './sifts-enzyme.ts';
import { loadSiftsUniprotEnricher } from './sifts-uniprot.ts';
import { entryDocuments } from './test-helpers.ts';
import type { Enricher } from './types.ts';
import { sharedPath } from '../../../../test-support/shared-files.ts';

const REAL = sharedPath('real-data', 'the real-data enricher tests') ?? '';
const present = REAL !== '';
const CLUSTERS = join(REAL, 'clusters');
const SIFTS = join(REAL, 'sifts');
const FLAT = join(REAL, 'flat');

/** A full garbage collection, so that heap figures mean something. */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;

/** The 1-based number of the line of a cluster file listing an entity: a plain scan. */
function clusterLineOf(file: string, entity: string): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.findIndex((line) => line.split(' ').includes(entity)) + 1;
}

/** The rows of a gzipped SIFTS file for one entry: a plain scan. */
function siftsRows(file: string, entry: string): string[][] {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${entry.toLowerCase()},`))
    .map((line) => line.split(','));
}

describe.skipIf(!present)('enrichers over the real cluster and SIFTS files', () => {
  it('load every file and enrich a 4HHB-like entry as the files say', async () => {
    collectGarbage();
    const before = heapMb();
    const clusterFiles = readdirSync(CLUSTERS)
      .filter((name) => name.startsWith('clusters-by-entity-'))
      .map((name) => join(CLUSTERS, name));
    const timed = async (label: string, load: () => Promise<Enricher>) => {
      const start = performance.now();
      const enricher = await load();
      collectGarbage();
      console.log(
        `${label}: ${((performance.now() - start) / 1000).toFixed(1)} s, heap ${(heapMb() - before).toFixed(0)} MB above the start`,
        enricher.sources.map((s) => `${s.lines} lines, ${s.malformed} malformed`).join('; '),
      );
      return enricher;
    };
    const clusters = await timed('7 cluster files', () => loadClusterEnricher(clusterFiles));
    const uniprot = await timed('+ pdb_chain_uniprot', () =>
      loadSiftsUniprotEnricher(join(SIFTS, 'pdb_chain_uniprot.csv.gz')),
    );
    const enzyme = await timed('+ pdb_chain_enzyme', () =>
      loadSiftsEnzymeEnricher(join(SIFTS, 'pdb_chain_enzyme.csv.gz')),
    );
    expect(clusterFiles).toHaveLength(7);
    for (const source of clusters.sources) expect(source.malformed).toBe(0);
    expect(clusters.sources.find((s) => s.file.endsWith('-100.txt'))?.lines).toBe(94393);

    const docs = entryDocuments('4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] });
    for (const enricher of [clusters, uniprot, enzyme]) enricher.enrich(docs);

    for (const entity of docs.polymer_entity) {
      const id = entity['rcsb_id'] as string;
      const expected = clusterFiles
        .map((file) => ({ identity: Number(/-(\d+)\.txt$/.exec(file)?.[1]), line: clusterLineOf(file, id) }))
        .sort((a, b) => b.identity - a.identity);
      expect(expected.every((e) => e.line > 0)).toBe(true);
      expect(entity['rcsb_cluster_membership']).toEqual(
        expected.map((e) => ({ cluster_id: e.line, identity: e.identity })),
      );
      const groups = entity['rcsb_polymer_entity_group_membership'] as Record<string, unknown>[];
      expect(groups.filter((g) => g['aggregation_method'] === 'sequence_identity')).toEqual(
        expected.map((e) => ({
          group_id: `${e.line}_${e.identity}`,
          aggregation_method: 'sequence_identity',
          similarity_cutoff: e.identity,
        })),
      );
    }

    const rows = siftsRows(join(SIFTS, 'pdb_chain_uniprot.csv.gz'), '4HHB');
    const accessionsOf = (chains: string[]) =>
      [...new Set(rows.filter((r) => chains.includes(r[1] ?? '')).map((r) => r[2]))].sort();
    const [alpha, beta] = docs.polymer_entity;
    expect(accessionsOf(['A', 'C'])).toEqual(['P69905']);
    expect(accessionsOf(['B', 'D'])).toEqual(['P68871']);
    expect(alpha?.['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual(
      accessionsOf(['A', 'C']),
    );
    expect(beta?.['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual(accessionsOf(['B', 'D']));
    expect(beta?.['rcsb_polymer_entity_group_membership']).toContainEqual({
      group_id: 'P68871',
      aggregation_method: 'matching_uniprot_accession',
    });
    // Haemoglobin is no enzyme: SIFTS lists no EC number for 4HHB.
    expect(siftsRows(join(SIFTS, 'pdb_chain_enzyme.csv.gz'), '4HHB')).toEqual([]);
    expect(alpha).not.toHaveProperty('rcsb_polymer_entity.pdbx_ec');

    // An enzyme: trypsin 2PTC chain E (EC 3.4.21.4 in SIFTS).
    const enzymeRows = siftsRows(join(SIFTS, 'pdb_chain_enzyme.csv.gz'), '2PTC');
    const trypsin = entryDocuments('2PTC', { '1': ['E'], '2': ['I'] });
    enzyme.enrich(trypsin);
    const ecs = [...new Set(enzymeRows.filter((r) => r[1] === 'E').map((r) => r[3]))];
    expect(ecs.length).toBeGreaterThan(0);
    expect(trypsin.polymer_entity[0]?.['rcsb_polymer_entity.pdbx_ec']).toBe(ecs.join(','));
  }, 120_000);

  it('loadEnrichers finds every real file; the annotations of 4HHB match the files', async () => {
    collectGarbage();
    const before = heapMb();
    const start = performance.now();
    const enrichers = await loadEnrichers({ clustersDir: CLUSTERS, siftsDir: SIFTS, flatDir: FLAT });
    collectGarbage();
    console.log(
      `loadEnrichers, all files: ${((performance.now() - start) / 1000).toFixed(1)} s, heap ${(heapMb() - before).toFixed(0)} MB`,
    );
    for (const enricher of enrichers)
      for (const source of enricher.sources)
        console.log(
          `  ${enricher.name}: ${source.lines} lines, ${source.malformed} malformed`,
          source.examples,
        );
    expect(enrichers.map((e) => e.name)).toEqual([
      'sequence clusters',
      'SIFTS UniProt',
      'SIFTS enzyme',
      'SIFTS Pfam',
      'SIFTS SCOP',
      'SIFTS CATH',
      'SIFTS PubMed',
      'chemical component release dates',
    ]);

    const docs = entryDocuments('4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] });
    for (const enricher of enrichers) enricher.enrich(docs);
    const pubmed = siftsRows(join(SIFTS, 'pdb_pubmed.csv.gz'), '4HHB').find((r) => r[1] === '0')?.[2];
    expect(docs.entry['rcsb_primary_citation.pdbx_database_id_PubMed']).toBe(Number(pubmed));
    const pfam = siftsRows(join(SIFTS, 'pdb_chain_pfam.csv.gz'), '4HHB');
    for (const [i, chains] of [
      ['A', 'C'],
      ['B', 'D'],
    ].entries()) {
      const ids = [...new Set(pfam.filter((r) => chains.includes(r[1] ?? '')).map((r) => r[3]))];
      const annotations = docs.polymer_entity[i]?.['rcsb_polymer_entity_annotation'] as {
        annotation_id: string;
      }[];
      expect(annotations.map((a) => a.annotation_id)).toEqual(ids);
    }
    const scop = siftsRows(join(SIFTS, 'pdb_chain_scop_uniprot.csv.gz'), '4HHB');
    const cath = siftsRows(join(SIFTS, 'pdb_chain_cath_uniprot.csv.gz'), '4HHB');
    for (const instance of docs.polymer_instance) {
      const chain = instance['rcsb_polymer_entity_instance_container_identifiers.auth_asym_id'];
      expect(instance['rcsb_polymer_instance_annotation']).toEqual([
        ...scop.filter((r) => r[1] === chain).map((r) => ({ annotation_id: r[3], type: 'SCOP' })),
        ...cath.filter((r) => r[1] === chain).map((r) => ({ annotation_id: r[3], type: 'CATH' })),
      ]);
    }

    const releases = JSON.parse(readFileSync(join(FLAT, 'chem-comp-release-data-summary.json'), 'utf8')) as {
      release_data: Record<string, [string, string]>;
    };
    const atp: Record<string, unknown> = { rcsb_id: 'ATP' };
    for (const enricher of enrichers) enricher.enrichComponent?.(atp);
    expect(atp['rcsb_chem_comp_info.initial_release_date']).toBe(releases.release_data['ATP']?.[1]);
  }, 120_000);
});
