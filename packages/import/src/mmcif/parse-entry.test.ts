import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@pdb-stats/search-model';
import { MmcifError, parseEntry, type AttributeSpec } from './parse-entry.ts';
import { operatorCount } from './assembly-rules.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const parse = (name: string, kind: 'pdb' | 'ihm' | 'csm' = 'pdb') =>
  parseEntry(fixture(name), { kind, attributes: CATALOGUE, source: name });

describe('parseEntry on an X-ray entry', async () => {
  const docs = await parse('xray-entry.cif');
  const entry = docs.entry;

  it('names every object as RCSB does', () => {
    expect(entry.rcsb_id).toBe('1ABC');
    expect(docs.polymer_entity.map((r) => r.rcsb_id)).toEqual(['1ABC_1', '1ABC_2', '1ABC_3']);
    expect(docs.polymer_instance.map((r) => r.rcsb_id)).toEqual(['1ABC.A', '1ABC.B', '1ABC.C', '1ABC.D']);
    expect(docs.non_polymer_entity.map((r) => r.rcsb_id)).toEqual(['1ABC_4']);
    expect(docs.assembly.map((r) => r.rcsb_id)).toEqual(['1ABC-1', '1ABC-2']);
  });

  it('takes the dates from the status and the revision history', () => {
    expect(entry['rcsb_accession_info.deposit_date']).toBe('1999-12-01');
    expect(entry['rcsb_accession_info.initial_release_date']).toBe('2000-03-15');
    expect(entry['rcsb_accession_info.revision_date']).toBe('2020-07-29');
    expect(entry['rcsb_accession_info.has_released_experimental_data']).toBe('Y');
  });

  it('classes the method and takes the refinement resolution', () => {
    expect(entry['exptl.method']).toEqual(['X-RAY DIFFRACTION']);
    expect(entry['rcsb_entry_info.experimental_method']).toBe('X-ray');
    expect(entry['rcsb_entry_info.structure_determination_methodology']).toBe('experimental');
    expect(entry['rcsb_entry_info.resolution_combined']).toEqual([1.74]);
    expect(entry['rcsb_entry_info.diffrn_resolution_high.value']).toBe(1.7);
    expect(entry['refine.ls_R_factor_R_free']).toEqual([0.231]);
  });

  it('reads catalogue attributes generically, with the catalogue spelling of odd item names', () => {
    expect(entry['cell.length_a']).toBe(63.15);
    expect(entry['cell.length_b']).toBeUndefined(); // 'abc' is not a number
    expect(entry['symmetry.space_group_name_H_M']).toBe('P 21 21 21');
  });

  it('counts entities by type and names the composition', () => {
    expect(entry['rcsb_entry_info.polymer_entity_count']).toBe(3);
    expect(entry['rcsb_entry_info.polymer_entity_count_protein']).toBe(2);
    expect(entry['rcsb_entry_info.polymer_entity_count_DNA']).toBe(1);
    expect(entry['rcsb_entry_info.polymer_entity_count_nucleic_acid']).toBe(1);
    expect(entry['rcsb_entry_info.nonpolymer_entity_count']).toBe(1);
    expect(entry['rcsb_entry_info.assembly_count']).toBe(2);
    expect(entry['rcsb_entry_info.polymer_composition']).toBe('protein/NA');
    expect(entry['rcsb_entry_info.selected_polymer_entity_types']).toBe('Protein/NA');
    expect(entry['rcsb_entry_info.na_polymer_entity_types']).toBe('Other');
  });

  it('derives weights and deposited counts', () => {
    // 2 × 20 kDa + 10 + 3 + 0.616 kDa; water left out.
    expect(entry['rcsb_entry_info.molecular_weight']).toBe(53.62);
    expect(entry['rcsb_entry_info.deposited_atom_count']).toBe(8); // the hydrogen left out
    expect(entry['rcsb_entry_info.deposited_model_count']).toBe(1);
    // 3 + 3 (entity 1, two chains) + 2 (entity 2, microheterogeneity counted once) + 4 (DNA)
    expect(entry['rcsb_entry_info.deposited_polymer_monomer_count']).toBe(12);
    expect(entry['rcsb_entry_info.deposited_modeled_polymer_monomer_count']).toBe(11);
  });

  it('lists software upper-case and marks the primary citation', () => {
    expect(entry['rcsb_entry_info.software_programs_combined']).toEqual(['PHASER', 'REFMAC', 'XDS']);
    expect(entry['rcsb_primary_citation.title']).toBe('A test structure.');
    expect(entry['rcsb_primary_citation.year']).toBe(2000);
    expect(entry['rcsb_primary_citation.rcsb_authors']).toEqual(['First, A.', 'Second, B.']);
    expect(entry['rcsb_primary_citation.rcsb_journal_abbrev']).toBeUndefined();
    const citations = entry.citation as Record<string, unknown>[];
    expect(citations.map((c) => [c.title, c.year, c.rcsb_is_primary])).toEqual([
      ['A test structure.', 2000, 'Y'],
      ['An earlier paper.', 1998, 'N'],
    ]);
  });

  it('describes polymer entities with kDa weights, EC lineage and sources', () => {
    const [kinase, binder, dna] = docs.polymer_entity;
    expect(kinase!['entity_poly.rcsb_entity_polymer_type']).toBe('Protein');
    expect(kinase!['entity_poly.rcsb_sample_sequence_length']).toBe(3);
    expect(kinase!['rcsb_polymer_entity.formula_weight']).toBe(20);
    expect(kinase!['rcsb_polymer_entity.pdbx_description']).toBe('Kinase alpha');
    expect(kinase!['rcsb_polymer_entity.pdbx_number_of_molecules']).toBe(2);
    expect(kinase!['rcsb_polymer_entity.rcsb_ec_lineage']).toEqual([
      { id: '2', depth: 1 },
      { id: '2.7', depth: 2 },
      { id: '2.7.11', depth: 3 },
      { id: '2.7.11.1', depth: 4 },
      { id: '3', depth: 1 },
      { id: '3.1', depth: 2 },
    ]);
    expect(kinase!['rcsb_entity_source_organism.ncbi_taxonomy_id']).toEqual([9606]);
    expect(kinase!['rcsb_entity_source_organism.source_type']).toEqual(['genetically engineered']);
    expect(kinase!['rcsb_entity_source_organism.rcsb_gene_name.value']).toEqual(['KINA', 'KIN1']);
    expect(kinase!['rcsb_entity_host_organism.ncbi_scientific_name']).toEqual(['Escherichia coli']);
    expect(kinase!['rcsb_polymer_entity_container_identifiers.entity_id']).toBe('1');
    expect(kinase!['rcsb_polymer_entity_container_identifiers.chem_comp_monomers']).toEqual([
      'LYS',
      'MET',
      'VAL',
    ]);
    expect(binder!['rcsb_entity_source_organism.source_type']).toEqual(['natural']);
    expect(binder!['rcsb_entity_source_organism.scientific_name']).toEqual(['Bos taurus']);
    expect(binder!['entity_src_nat.tissue']).toEqual(['liver']);
    expect(dna!['rcsb_entity_source_organism.source_type']).toEqual(['synthetic']);
    expect(dna!['entity_poly.rcsb_entity_polymer_type']).toBe('DNA');
  });

  it('links instances and non-polymer entities', () => {
    expect(docs.polymer_instance[2]).toMatchObject({
      'rcsb_polymer_entity_instance_container_identifiers.entry_id': '1ABC',
      'rcsb_polymer_entity_instance_container_identifiers.entity_id': '2',
      'rcsb_polymer_entity_instance_container_identifiers.asym_id': 'C',
      'rcsb_polymer_entity_instance_container_identifiers.auth_asym_id': 'R',
    });
    expect(docs.non_polymer_entity[0]).toMatchObject({
      'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id': 'HEM',
      'rcsb_nonpolymer_entity_instance_container_identifiers.asym_id': ['E'],
      'rcsb_nonpolymer_entity_instance_container_identifiers.auth_asym_id': ['P'],
      'rcsb_nonpolymer_entity.formula_weight': 0.616,
      'pdbx_entity_nonpoly.comp_id': 'HEM',
      'rcsb_nonpolymer_entity_feature.type': ['SUBJECT_OF_INVESTIGATION'],
      rcsb_nonpolymer_entity_feature_summary: [{ type: 'SUBJECT_OF_INVESTIGATION', count: 1 }],
      'rcsb_nonpolymer_instance_validation_score.is_subject_of_investigation': ['Y'],
    });
  });

  it('summarises sequence features, mutations and names', () => {
    const [kinase] = docs.polymer_entity;
    expect(kinase!['entity_poly.rcsb_mutation_count']).toBe(1); // one position, listed twice
    expect(kinase!['rcsb_polymer_entity_feature_summary']).toEqual([
      { type: 'mutation', count: 1, coverage: 0.33, minimum_length: 1, maximum_length: 1 },
      { type: 'artifact', count: 1, coverage: 0.33, minimum_length: 1, maximum_length: 1 },
      { type: 'modified_monomer', count: 1, coverage: 0.33, minimum_length: 1, maximum_length: 1 },
    ]);
    expect(kinase!['rcsb_polymer_entity_name_com.name']).toEqual(['KA', 'Kinase A']);
    expect(kinase!['rcsb_polymer_entity.rcsb_macromolecular_names_combined.name']).toEqual([
      'Kinase alpha',
      'KA',
      'Kinase A',
    ]);
    expect(kinase!['rcsb_polymer_entity_container_identifiers.reference_sequence_identifiers']).toEqual([
      { database_name: 'UniProt', database_accession: 'P00001' },
    ]);
    const features = docs.polymer_instance[0]!['rcsb_polymer_instance_feature_summary'];
    expect(features).toEqual([
      { type: 'HELIX_P', count: 1, coverage: 0.67, minimum_length: 2, maximum_length: 2 },
      { type: 'UNOBSERVED_RESIDUE_XYZ', count: 1, coverage: 0.33, minimum_length: 1, maximum_length: 1 },
    ]);
    expect(docs.polymer_instance[0]!['rcsb_polymer_struct_conn.connect_type']).toEqual([
      'disulfide bridge',
      'covalent bond',
      'metal coordination',
      'metal coordination',
    ]);
    expect(entry['rcsb_entry_info.disulfide_bond_count']).toBe(1);
    expect(entry['rcsb_entry_info.inter_mol_covalent_bond_count']).toBe(1);
    expect(entry['rcsb_entry_info.inter_mol_metalic_bond_count']).toBe(1);
  });

  it('finds the polymer residues within 5 Å of each ligand', () => {
    // FE at the origin: MET 1 of A at 3 Å (bonded by struct_conn metalc1), MET 1 of B at 4 Å,
    // DA 1 of D at 4.5 Å; LYS 2 of A (10 Å), GLY of C (20 Å), the hydrogen and the water are left out.
    expect(docs.non_polymer_entity[0]!['rcsb_target_neighbors']).toBeUndefined(); // not nested: lists
    expect(docs.non_polymer_entity[0]).toMatchObject({
      'rcsb_target_neighbors.target_asym_id': ['A', 'B', 'D'],
      'rcsb_target_neighbors.target_comp_id': ['MET', 'MET', 'DA'],
      'rcsb_target_neighbors.target_entity_id': ['1', '1', '3'],
      'rcsb_target_neighbors.target_is_bound': ['Y', 'N', 'N'],
      'rcsb_target_neighbors.distance': [3, 4, 4.5],
    });
    expect(docs.polymer_instance[0]).toMatchObject({
      'rcsb_ligand_neighbors.ligand_asym_id': ['E'],
      'rcsb_ligand_neighbors.ligand_comp_id': ['HEM'],
      'rcsb_ligand_neighbors.ligand_entity_id': ['4'],
      'rcsb_ligand_neighbors.ligand_is_bound': ['Y'],
      'rcsb_ligand_neighbors.distance': [3],
    });
    expect(docs.polymer_instance[2]!['rcsb_ligand_neighbors.ligand_asym_id']).toBeUndefined();
  });

  it('counts what each assembly generates', () => {
    const [first, second] = docs.assembly;
    expect(first).toMatchObject({
      'pdbx_struct_assembly.oligomeric_count': 4,
      'pdbx_struct_assembly.oligomeric_details': 'tetrameric',
      'pdbx_struct_assembly_auth_evidence.experimental_support': ['gel filtration'],
      'rcsb_assembly_info.polymer_entity_instance_count': 4,
      'rcsb_assembly_info.polymer_entity_instance_count_protein': 3,
      'rcsb_assembly_info.polymer_entity_instance_count_DNA': 1,
      'rcsb_assembly_info.nonpolymer_entity_instance_count': 1,
      'rcsb_assembly_info.polymer_composition': 'protein/NA',
      'rcsb_assembly_info.solvent_entity_instance_count': 1,
      'pdbx_struct_assembly.rcsb_details': 'author_defined_assembly',
    });
    expect(second).toMatchObject({
      'rcsb_assembly_info.polymer_entity_instance_count': 2,
      'rcsb_assembly_info.polymer_entity_count': 1,
      'rcsb_assembly_info.polymer_composition': 'homomeric protein',
    });
  });
});

describe('parseEntry on other methods and sources', () => {
  it('reads an NMR entry: several models, no resolution, no citation, no assemblies', async () => {
    const docs = await parse('nmr-entry.cif');
    expect(docs.entry['rcsb_entry_info.experimental_method']).toBe('NMR');
    expect(docs.entry['rcsb_entry_info.deposited_model_count']).toBe(2);
    expect(docs.entry['rcsb_entry_info.deposited_atom_count']).toBe(2); // first model, no hydrogen
    expect(docs.entry['rcsb_entry_info.resolution_combined']).toBeUndefined();
    expect(docs.entry['rcsb_primary_citation.title']).toBeUndefined();
    expect(docs.entry['rcsb_entry_info.assembly_count']).toBe(0);
    expect(docs.entry['rcsb_entry_info.polymer_composition']).toBe('RNA');
    expect(docs.entry['rcsb_entry_info.na_polymer_entity_types']).toBe('RNA (only)');
    expect(docs.entry['rcsb_entry_info.software_programs_combined']).toEqual(['CYANA', 'X-PLOR NIH']);
    expect(docs.assembly).toEqual([]);
    expect(docs.polymer_instance[0]!['rcsb_polymer_entity_instance_container_identifiers.auth_asym_id']).toBe(
      'X',
    );
  });

  it('reads an EM entry: the FSC 0.143 resolution, EMDB maps, software', async () => {
    const docs = await parse('em-entry.cif');
    expect(docs.entry['rcsb_entry_info.experimental_method']).toBe('EM');
    expect(docs.entry['rcsb_entry_info.resolution_combined']).toEqual([4.2]);
    expect(docs.entry['rcsb_entry_container_identifiers.emdb_ids']).toEqual(['EMD-1234']);
    expect(docs.entry['rcsb_entry_container_identifiers.related_emdb_ids']).toEqual(['EMD-5678']);
    expect(docs.entry['rcsb_entry_info.software_programs_combined']).toEqual(['RELION']);
    expect((docs.entry.pdbx_database_related as unknown[]).length).toBe(3);
    // Without entity_poly_seq the one-letter sequence gives the length.
    expect(docs.polymer_entity[0]!['entity_poly.rcsb_sample_sequence_length']).toBe(6);
  });

  it('calls an entry with several methods Multiple methods, one resolution per method', async () => {
    const text = fixture('xray-entry.cif')
      .replace(
        "_exptl.entry_id 1ABC\n_exptl.method   'X-RAY DIFFRACTION'",
        "loop_\n_exptl.method\n'X-RAY DIFFRACTION'\n'NEUTRON DIFFRACTION'",
      )
      .replace(
        /_refine\.entry_id[\s\S]*?0\.231\n/,
        "loop_\n_refine.pdbx_refine_id\n_refine.ls_d_res_high\n'X-RAY DIFFRACTION' 1.74\n'NEUTRON DIFFRACTION' 2.20\n",
      );
    const docs = await parseEntry(text, { kind: 'pdb', attributes: CATALOGUE });
    expect(docs.entry['rcsb_entry_info.experimental_method']).toBe('Multiple methods');
    expect(docs.entry['rcsb_entry_info.experimental_method_count']).toBe(2);
    expect(docs.entry['rcsb_entry_info.resolution_combined']).toEqual([1.74, 2.2]);
  });

  it('reads a neutron entry as Neutron', async () => {
    const text = fixture('xray-entry.cif')
      .replaceAll('X-RAY DIFFRACTION', 'NEUTRON DIFFRACTION')
      .replace('HETATM 9 O  O   HOH', 'HETATM 9 D  D1  HOH');
    const docs = await parseEntry(text, { kind: 'pdb', attributes: CATALOGUE });
    expect(docs.entry['rcsb_entry_info.experimental_method']).toBe('Neutron');
    expect(docs.entry['rcsb_entry_info.resolution_combined']).toEqual([1.74]);
    expect(docs.entry['rcsb_entry_info.deposited_deuterated_water_count']).toBe(1);
    expect(docs.assembly[0]!['rcsb_assembly_info.deuterated_water_count']).toBe(1);
  });

  it('reads a PDB-IHM entry: Integrative, and its input data types with counts', async () => {
    const docs = await parse('ihm-entry.cif', 'ihm');
    expect(docs.entry.rcsb_id).toBe('PDBDEV_00000001');
    expect(docs.entry['rcsb_entry_info.experimental_method']).toBe('Integrative');
    expect(docs.entry['rcsb_entry_info.structure_determination_methodology']).toBe('integrative');
    expect(docs.entry['rcsb_ihm_dataset_list.name']).toEqual(['SAS data', 'Crosslinking-MS data']);
    expect(docs.entry.rcsb_ihm_dataset_source_db_reference).toEqual([
      { db_name: 'SASBDB', accession_code: 'SASDB23' },
    ]);
    expect(docs.entry['rcsb_accession_info.initial_release_date']).toBe('2018-01-02');
    expect(docs.entry['rcsb_entry_info.ihm_multi_state_flag']).toBe('N');
    expect(docs.entry['rcsb_entry_info.ihm_multi_scale_flag']).toBe('Y');
  });

  it('trusts the methodology the file states over the archive it came from', async () => {
    const docs = await parse('ihm-entry.cif', 'pdb');
    expect(docs.entry['rcsb_entry_info.experimental_method']).toBe('Integrative');
    expect(docs.entry['rcsb_entry_info.structure_determination_methodology']).toBe('integrative');
  });

  it('falls back to database_PDB_rev in files without a revision history', async () => {
    const text = fixture('xray-entry.cif')
      .replace(/loop_\n_pdbx_audit_revision_history[\s\S]*?2020-07-29\n/, '')
      .replace(
        '_pdbx_database_status.recvd_initial_deposition_date 1999-12-01',
        'loop_\n_database_PDB_rev.num\n_database_PDB_rev.date\n_database_PDB_rev.date_original\n' +
          '2 2003-04-01 ?\n1 1992-01-15 1991-06-30\n',
      );
    const docs = await parseEntry(text, { kind: 'pdb', attributes: CATALOGUE });
    expect(docs.entry['rcsb_accession_info.deposit_date']).toBe('1991-06-30');
    expect(docs.entry['rcsb_accession_info.initial_release_date']).toBe('1992-01-15');
    expect(docs.entry['rcsb_accession_info.revision_date']).toBe('2003-04-01');
  });

  it('reads a computed model: computational, pLDDT and where it comes from', async () => {
    const docs = await parse('csm-entry.cif', 'csm');
    const entry = docs.entry;
    expect(entry.rcsb_id).toBe('AF_AFP12345F1');
    expect(entry['rcsb_entry_info.experimental_method']).toBeUndefined();
    expect(entry['rcsb_entry_info.structure_determination_methodology']).toBe('computational');
    expect(entry['rcsb_ma_qa_metric_global.ma_qa_metric_global']).toEqual([
      { type: 'pLDDT', value: 91.5 },
      { type: 'pTM', value: 0.82 },
    ]);
    expect(entry['rcsb_comp_model_provenance.source_db']).toBe('AlphaFoldDB');
    expect(entry['rcsb_comp_model_provenance.entry_id']).toBe('AF-P12345-F1');
    expect(docs.polymer_entity[0]!['rcsb_entity_source_organism.ncbi_taxonomy_id']).toEqual([9031]);
    expect(docs.assembly.map((a) => a.rcsb_id)).toEqual(['AF_AFP12345F1-deposited']);
  });
});

describe('the generic reader', () => {
  const attributes: AttributeSpec[] = [
    { path: 'software.name', level: 'entry', type: 'string', multi: true },
    { path: 'software.pdbx_ordinal', level: 'entry', type: 'integer', multi: false },
    { path: 'cell.length_b', level: 'entry', type: 'number', multi: false },
    {
      path: 'pdbx_database_status.recvd_initial_deposition_date',
      level: 'entry',
      type: 'date',
      multi: false,
    },
    {
      path: 'entity_src_gen.pdbx_gene_src_ncbi_taxonomy_id',
      level: 'polymer_entity',
      type: 'integer',
      multi: true,
    },
    { path: 'pdbx_struct_assembly.details', level: 'assembly', type: 'string', multi: false },
    { path: 'citation.title', level: 'entry', type: 'string', multi: true, nested: { root: 'citation' } },
    { path: 'citation.year', level: 'entry', type: 'integer', multi: true, nested: { root: 'citation' } },
  ];

  it('fills only the attributes it is given, by level and join key, counting unreadable values', async () => {
    const invalidValues = new Map<string, number>();
    const docs = await parseEntry(fixture('xray-entry.cif'), { kind: 'pdb', attributes, invalidValues });
    expect(docs.entry).toEqual({
      rcsb_id: '1ABC',
      'software.name': ['refmac', 'XDS', 'Phaser'],
      'software.pdbx_ordinal': 1,
      'pdbx_database_status.recvd_initial_deposition_date': '1999-12-01',
      citation: [
        { title: 'A test structure.', year: 2000 },
        { title: 'An earlier paper.', year: 1998 },
      ],
    });
    expect(invalidValues).toEqual(new Map([['cell.length_b', 1]]));
    expect(docs.polymer_entity.map((r) => r['entity_src_gen.pdbx_gene_src_ncbi_taxonomy_id'])).toEqual([
      [9606],
      undefined,
      undefined,
    ]);
    expect(docs.assembly.map((r) => r['pdbx_struct_assembly.details'])).toEqual([
      'author_defined_assembly',
      'software_defined_assembly',
    ]);
    // The link columns are kept even when the attribute list lacks them.
    expect(docs.polymer_instance[0]!['rcsb_polymer_entity_instance_container_identifiers.entity_id']).toBe(
      '1',
    );
    expect(
      docs.non_polymer_entity[0]!['rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id'],
    ).toBe('HEM');
  });
});

describe('operator expressions', () => {
  it('counts lists, ranges and products of parenthesised groups', () => {
    expect(operatorCount('1')).toBe(1);
    expect(operatorCount('1,2,5')).toBe(3);
    expect(operatorCount('(1-60)')).toBe(60);
    expect(operatorCount('(1-5)(6-10)')).toBe(25);
    expect(operatorCount('(X0)(1-3,7)')).toBe(4);
  });
});

describe('bad files', () => {
  const options = { kind: 'pdb' as const, attributes: CATALOGUE, source: 'bad.cif' };
  it('rejects data that is not CIF', async () => {
    await expect(parseEntry('<html>not found</html>', options)).rejects.toThrow(MmcifError);
    await expect(parseEntry('<html>not found</html>', options)).rejects.toThrow(/bad\.cif: not a CIF file/);
  });
  it('rejects a file without a data block', async () => {
    await expect(parseEntry('# only a comment\n', options)).rejects.toThrow(/not a CIF file|no data block/);
  });
  it('rejects an entry without entry.id', async () => {
    await expect(parseEntry('data_X\n_exptl.method NMR\n', options)).rejects.toThrow(
      /bad\.cif: no entry\.id/,
    );
  });
  it('rejects CIF the reader cannot parse', async () => {
    const broken = 'data_X\n_entry.id X\nloop_\n_a.b\n_a.c\n1\n';
    await expect(parseEntry(broken, options)).rejects.toThrow(
      /bad\.cif: not a readable CIF file \(The number of values/,
    );
  });
});

describe('BinaryCIF', () => {
  it('gives the same rows as the text file it was encoded from', async () => {
    const { convert } = await import('molstar/lib/cli/cif2bcif/converter.js');
    const path = new URL('./fixtures/xray-entry.cif', import.meta.url).pathname;
    const binary = await convert(path);
    expect(binary[0]).toBeGreaterThanOrEqual(0x80); // MessagePack, not text
    const fromBinary = await parseEntry(binary, { kind: 'pdb', attributes: CATALOGUE });
    const fromText = await parse('xray-entry.cif');
    expect(fromBinary).toEqual(fromText);
  });
});
