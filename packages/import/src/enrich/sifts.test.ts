import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiftsEnzymeEnricher } from './sifts-enzyme.ts';
import { loadSiftsUniprotEnricher } from './sifts-uniprot.ts';
import { entryDocuments, tempFolder } from './test-helpers.ts';

let folder: Awaited<ReturnType<typeof tempFolder>>;
beforeAll(async () => {
  folder = await tempFolder();
});
afterAll(() => folder.cleanup());

const STAMP = '# 2019/10/12 - 05:35 | PDB: 41.19 | UniProt: 2019.09\n';
const UNIPROT =
  STAMP +
  'PDB,CHAIN,SP_PRIMARY,RES_BEG,RES_END,PDB_BEG,PDB_END,SP_BEG,SP_END\n' +
  '4hhb,A,P69905,1,141,1,141,2,142\n' +
  '4hhb,B,P68871,1,146,1,146,2,147\n' +
  '4hhb,B,P68871,147,150,147,150,148,151\n' + // a second segment: same accession once
  '4hhb,C,P69905,1,141,1,141,2,142\n' +
  '4hhb,D,P68871,1,146,1,146,2,147\n' +
  '4hhb,D,Q00001,1,10,1,10,1,10\n' + // a chimera: two accessions on one chain
  '4hhb,E,P12345,1,10,1,10,1,10\n' + // a chain the entry does not have
  '4hhb,A,not-an-accession,1,1,1,1,1,1\n' +
  '4hhb,A,P69905\n' +
  '?bad,A,P69905,1,1,1,1,1,1\n';

describe('loadSiftsUniprotEnricher', () => {
  it('adds accessions, reference sequence identifiers and UniProt groups to each entity through its chains', async () => {
    for (const name of ['pdb_chain_uniprot.csv', 'pdb_chain_uniprot.csv.gz']) {
      const enricher = await loadSiftsUniprotEnricher(await folder.write(name, UNIPROT));
      const docs = entryDocuments('4HHB', { '1': ['A', 'C'], '2': ['B', 'D'] });
      enricher.enrich(docs);
      const [alpha, beta] = docs.polymer_entity;
      expect(alpha?.['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual(['P69905']);
      expect(beta?.['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual(['P68871', 'Q00001']);
      expect(alpha?.['rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers']).toEqual([
        { database_name: 'UniProt', database_accession: 'P69905' },
      ]);
      expect(beta?.['rcsb_polymer_entity_group_membership']).toEqual([
        { group_id: 'P68871', aggregation_method: 'matching_uniprot_accession' },
        { group_id: 'Q00001', aggregation_method: 'matching_uniprot_accession' },
      ]);
      expect(enricher.sources[0]).toMatchObject({ lines: 10, malformed: 3 });
      expect(enricher.sources[0]?.examples).toEqual([
        expect.stringMatching(/^line 10: not a UniProt accession/),
        expect.stringMatching(/^line 11: 3 fields instead of 9/),
        expect.stringMatching(/^line 12: not a PDB id/),
      ]);
    }
  });

  it('maps SIFTS chains by author chain id, not label asym id', async () => {
    const enricher = await loadSiftsUniprotEnricher(await folder.write('u1.csv', UNIPROT));
    const docs = entryDocuments('4HHB', { '1': ['X'], '2': ['Y'] });
    // label asym ids A and B, author chain ids B and A: entity 1 is chain B for SIFTS
    docs.polymer_instance[0]!['rcsb_polymer_entity_instance_container_identifiers.asym_id'] = 'A';
    docs.polymer_instance[0]!['rcsb_polymer_entity_instance_container_identifiers.auth_asym_id'] = 'B';
    docs.polymer_instance[1]!['rcsb_polymer_entity_instance_container_identifiers.asym_id'] = 'B';
    docs.polymer_instance[1]!['rcsb_polymer_entity_instance_container_identifiers.auth_asym_id'] = 'A';
    enricher.enrich(docs);
    expect(docs.polymer_entity[0]?.['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual([
      'P68871',
    ]);
    expect(docs.polymer_entity[1]?.['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual([
      'P69905',
    ]);
  });

  it('keeps what the mmCIF file gave and adds each accession once', async () => {
    const enricher = await loadSiftsUniprotEnricher(await folder.write('u2.csv', UNIPROT));
    const docs = entryDocuments('4HHB', { '1': ['A', 'C'] });
    const entity = docs.polymer_entity[0]!;
    entity['rcsb_polymer_entity_container_identifiers.uniprot_ids'] = ['P69905'];
    entity['rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers'] = [
      { database_name: 'UniProt', database_accession: 'P69905' },
    ];
    enricher.enrich(docs);
    enricher.enrich(docs);
    expect(entity['rcsb_polymer_entity_container_identifiers.uniprot_ids']).toEqual(['P69905']);
    expect(entity['rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers']).toEqual([
      { database_name: 'UniProt', database_accession: 'P69905' },
    ]);
    expect(entity['rcsb_polymer_entity_group_membership']).toHaveLength(1);
  });

  it('leaves entries the file does not list alone', async () => {
    const enricher = await loadSiftsUniprotEnricher(await folder.write('u3.csv', UNIPROT));
    const docs = entryDocuments('1ABC', { '1': ['A'] });
    enricher.enrich(docs);
    expect(Object.keys(docs.polymer_entity[0]!)).toHaveLength(3);
  });

  it('says which file is missing or not a SIFTS UniProt file', async () => {
    await expect(loadSiftsUniprotEnricher(`${folder.dir}/missing/pdb_chain_uniprot.csv.gz`)).rejects.toThrow(
      /pdb_chain_uniprot\.csv\.gz: file not found/,
    );
    const enzyme = await folder.write(
      'wrong.csv',
      STAMP + 'PDB,CHAIN,ACCESSION,EC_NUMBER\n102l,A,P00720,3.2.1.17\n',
    );
    await expect(loadSiftsUniprotEnricher(enzyme)).rejects.toThrow(
      /wrong\.csv: not a SIFTS UniProt file: its header line should name the columns PDB, CHAIN, SP_PRIMARY/,
    );
    const empty = await folder.write('empty.csv.gz', STAMP);
    await expect(loadSiftsUniprotEnricher(empty)).rejects.toThrow(
      /empty\.csv\.gz: not a SIFTS UniProt file: no header line/,
    );
  });
});

const ENZYME =
  STAMP +
  'PDB,CHAIN,ACCESSION,EC_NUMBER\n' +
  '1abc,A,P00720,3.4.21.4\n' +
  '1abc,B,P00720,3.4.21.4\n' +
  '1abc,B,P00721,3.1.-.-\n' +
  '1abc,C,P00722,2.7.11.1\n' +
  '1abc,C,P00722,EC 2.7\n';

describe('loadSiftsEnzymeEnricher', () => {
  it('adds EC numbers, lineage ids of every depth and combined classes where the entity has none', async () => {
    const enricher = await loadSiftsEnzymeEnricher(await folder.write('pdb_chain_enzyme.csv.gz', ENZYME));
    const docs = entryDocuments('1ABC', { '1': ['A', 'B'], '2': ['C'] });
    docs.polymer_entity[1]!['rcsb_polymer_entity.pdbx_ec'] = '2.7.11.22';
    enricher.enrich(docs);
    const [first, second] = docs.polymer_entity;
    expect(first?.['rcsb_polymer_entity.pdbx_ec']).toBe('3.4.21.4,3.1.-.-');
    expect(first?.['rcsb_polymer_entity.rcsb_ec_lineage']).toEqual([
      { id: '3', depth: 1 },
      { id: '3.4', depth: 2 },
      { id: '3.4.21', depth: 3 },
      { id: '3.4.21.4', depth: 4 },
      { id: '3.1', depth: 2 },
    ]);
    expect(first?.['rcsb_polymer_entity.rcsb_enzyme_class_combined']).toEqual([
      { ec: '3.4.21.4', depth: 4, provenance_source: 'UniProt' },
      { ec: '3.1.-.-', depth: 2, provenance_source: 'UniProt' },
    ]);
    // The mmCIF file's EC number wins: nothing added.
    expect(second?.['rcsb_polymer_entity.pdbx_ec']).toBe('2.7.11.22');
    expect(second).not.toHaveProperty('rcsb_polymer_entity.rcsb_ec_lineage');
    expect(enricher.sources[0]).toMatchObject({ lines: 5, malformed: 1 });
    expect(enricher.sources[0]?.examples[0]).toMatch(/^line 7: not an EC number/);
  });

  it('says which file is missing or not a SIFTS enzyme file', async () => {
    await expect(loadSiftsEnzymeEnricher(`${folder.dir}/nope.csv`)).rejects.toThrow(
      /nope\.csv: file not found/,
    );
    const uniprot = await folder.write('u4.csv', UNIPROT);
    await expect(loadSiftsEnzymeEnricher(uniprot)).rejects.toThrow(/u4\.csv: not a SIFTS enzyme file/);
  });
});
