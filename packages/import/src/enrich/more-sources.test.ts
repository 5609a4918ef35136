import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadChemCompReleaseEnricher,
  loadEnrichers,
  loadSiftsCathEnricher,
  loadSiftsPfamEnricher,
  loadSiftsPubmedEnricher,
  loadSiftsScopEnricher,
} from './index.ts';
import { entryDocuments, tempFolder } from './test-helpers.ts';

let folder: Awaited<ReturnType<typeof tempFolder>>;
beforeAll(async () => {
  folder = await tempFolder();
});
afterAll(() => folder.cleanup());

const STAMP = '# 2019/10/12 - 06:00 | PDB: 41.19 | UniProt: 2019.09\n';
const PUBMED = STAMP + 'PDB,ORDINAL,PUBMED_ID\n4hhb,0,6726807\n4hhb,1,1234\n1abc,0,x\n181l,1,7612598\n';
const PFAM =
  STAMP +
  'PDB,CHAIN,SP_PRIMARY,PFAM_ID,COVERAGE\n4hhb,A,P69905,PF00042,1\n4hhb,C,P69905,PF00042,1\n' +
  '4hhb,B,P68871,PF00042,1\n4hhb,B,P68871,PF99,1\n';
const SCOP =
  STAMP + 'PDB,CHAIN,SP_PRIMARY,SUNID,SCOP_ID\n4hhb,A,P69905,15251,d4hhba_\n4hhb,B,P68871,15428,d4hhbb_\n';
const CATH =
  STAMP + 'PDB,CHAIN,SP_PRIMARY,CATH_ID\n4hhb,A,P69905,4hhbA00\n4hhb,D,P68871,4hhbD00\n4hhb,D,P68871,?\n';
const RELEASES = JSON.stringify({
  version: '2021-08-01',
  release_data: { ATP: ['3PGK', '1982-09-24'], HEM: ['1MBN', '1976-05-19'], BAD: ['1ABC'] },
});

const hemoglobin = () => entryDocuments('4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] });

describe('SIFTS PubMed, Pfam, SCOP and CATH enrichers', () => {
  it('sets the primary citation PubMed id where missing', async () => {
    const enricher = await loadSiftsPubmedEnricher(await folder.write('pdb_pubmed.csv.gz', PUBMED));
    const docs = hemoglobin();
    enricher.enrich(docs);
    expect(docs.entry['rcsb_primary_citation.pdbx_database_id_PubMed']).toBe(6726807);
    const cited = hemoglobin();
    cited.entry['rcsb_primary_citation.pdbx_database_id_PubMed'] = 42;
    enricher.enrich(cited);
    expect(cited.entry['rcsb_primary_citation.pdbx_database_id_PubMed']).toBe(42);
    expect(enricher.sources[0]).toMatchObject({ lines: 4, malformed: 1 });
  });

  it('adds Pfam annotations to polymer entities, each once', async () => {
    const enricher = await loadSiftsPfamEnricher(await folder.write('pdb_chain_pfam.csv', PFAM));
    const docs = hemoglobin();
    enricher.enrich(docs);
    enricher.enrich(docs);
    for (const entity of docs.polymer_entity)
      expect(entity['rcsb_polymer_entity_annotation']).toEqual([{ annotation_id: 'PF00042', type: 'Pfam' }]);
    expect(enricher.sources[0]?.examples[0]).toMatch(/^line 6: not a Pfam identifier/);
  });

  it('adds SCOP and CATH annotations to polymer instances by author chain id', async () => {
    const scop = await loadSiftsScopEnricher(await folder.write('pdb_chain_scop_uniprot.csv.gz', SCOP));
    const cath = await loadSiftsCathEnricher(await folder.write('pdb_chain_cath_uniprot.csv.gz', CATH));
    const docs = hemoglobin();
    scop.enrich(docs);
    cath.enrich(docs);
    const byChain = Object.fromEntries(
      docs.polymer_instance.map((i) => [
        i['rcsb_polymer_entity_instance_container_identifiers.auth_asym_id'],
        i['rcsb_polymer_instance_annotation'],
      ]),
    );
    expect(byChain['A']).toEqual([
      { annotation_id: '15251', type: 'SCOP' },
      { annotation_id: '4hhbA00', type: 'CATH' },
    ]);
    expect(byChain['C']).toBeUndefined();
    expect(byChain['D']).toEqual([{ annotation_id: '4hhbD00', type: 'CATH' }]);
    expect(cath.sources[0]).toMatchObject({ lines: 3, malformed: 1 });
  });

  it('names the file when the header is not the one expected', async () => {
    const pfamAsScop = await folder.write('scop-wrong.csv', PFAM);
    await expect(loadSiftsScopEnricher(pfamAsScop)).rejects.toThrow(/scop-wrong\.csv: not a SIFTS SCOP file/);
    await expect(loadSiftsPubmedEnricher(await folder.write('pm.csv', SCOP))).rejects.toThrow(
      /pm\.csv: not a SIFTS PubMed file/,
    );
  });
});

describe('chemical component release dates', () => {
  it('sets the first release date of a component where missing', async () => {
    const enricher = await loadChemCompReleaseEnricher(await folder.write('releases.json', RELEASES));
    const atp: Record<string, unknown> = { rcsb_id: 'ATP' };
    const hem: Record<string, unknown> = {
      rcsb_id: 'HEM',
      'rcsb_chem_comp_info.initial_release_date': '1990-01-01',
    };
    const unknown: Record<string, unknown> = { rcsb_id: 'ZZZ' };
    for (const row of [atp, hem, unknown]) enricher.enrichComponent?.(row);
    expect(atp['rcsb_chem_comp_info.initial_release_date']).toBe('1982-09-24');
    expect(hem['rcsb_chem_comp_info.initial_release_date']).toBe('1990-01-01');
    expect(unknown).toEqual({ rcsb_id: 'ZZZ' });
    expect(enricher.sources[0]).toMatchObject({ lines: 3, malformed: 1 });
  });

  it('names the file when it is missing or not the summary', async () => {
    await expect(loadChemCompReleaseEnricher(join(folder.dir, 'none.json'))).rejects.toThrow(
      /none\.json: file not found/,
    );
    await expect(loadChemCompReleaseEnricher(await folder.write('bad.json', '{"x": 1}'))).rejects.toThrow(
      /bad\.json: not a chemical component release summary/,
    );
    await expect(loadChemCompReleaseEnricher(await folder.write('bad2.json', 'a,b'))).rejects.toThrow(
      /bad2\.json: not JSON/,
    );
  });
});

describe('loadEnrichers', () => {
  it('finds the files by their standard names', async () => {
    const clusters = join(folder.dir, 'clusters');
    const sifts = join(folder.dir, 'sifts');
    const flat = join(folder.dir, 'flat');
    for (const dir of [clusters, sifts, flat]) await mkdir(dir, { recursive: true });
    await folder.write('clusters/clusters-by-entity-100.txt', '4HHB_1\n4HHB_2\n');
    await folder.write('clusters/clusters-by-entity-30.txt.gz', '4HHB_1 4HHB_2\n');
    await folder.write('clusters/README.txt', 'not a cluster file\n');
    await folder.write('sifts/pdb_chain_pfam.csv.gz', PFAM);
    await folder.write('sifts/pdb_pubmed.csv', PUBMED);
    await folder.write(`flat/chem-comp-release-data-summary.json`, RELEASES);
    const enrichers = await loadEnrichers({ clustersDir: clusters, siftsDir: sifts, flatDir: flat });
    expect(enrichers.map((e) => e.name)).toEqual([
      'sequence clusters',
      'SIFTS Pfam',
      'SIFTS PubMed',
      'chemical component release dates',
    ]);
    const docs = hemoglobin();
    for (const enricher of enrichers) enricher.enrich(docs);
    expect(docs.polymer_entity[1]?.['rcsb_cluster_membership']).toEqual([
      { cluster_id: 2, identity: 100 },
      { cluster_id: 1, identity: 30 },
    ]);
    expect(await loadEnrichers({})).toEqual([]);
  });

  it('fails clearly on a folder without any of the expected files', async () => {
    const empty = join(folder.dir, 'empty');
    await mkdir(empty, { recursive: true });
    await expect(loadEnrichers({ clustersDir: empty })).rejects.toThrow(/empty: no sequence cluster file/);
    await expect(loadEnrichers({ siftsDir: empty })).rejects.toThrow(/empty: no SIFTS summary file in it/);
    await expect(loadEnrichers({ flatDir: empty })).rejects.toThrow(
      /empty: no chem-comp-release-data-summary\.json/,
    );
    await expect(loadEnrichers({ siftsDir: join(folder.dir, 'absent') })).rejects.toThrow(
      /absent: folder not found/,
    );
  });
});
