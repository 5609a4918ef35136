import type { SnapshotRows } from './tiny-snapshot.ts';

/**
 * A hand-made archive small enough to work every answer out by hand. Entry 4 is a computed model:
 * the default content type (experimental) leaves it out.
 *
 * entry  id      released    method  methodology    resolution  weight  atoms  R-free
 *   0    1ABC    2010-05-01  X-ray   experimental   [1.5]        50.0    4000  [0.2]
 *   1    2DEF    2012-03-15  EM      experimental   [3.2]       250.5   30000  []
 *   2    3GHI    2012-11-30  NMR     experimental   null         12.25   1500  null
 *   3    4JKL    2015-01-01  X-ray   integrative    [1.0, 2.1]   95.0    8000  [0.25, 0.18]
 *   4    AF_X1   2021-07-01  null    computational  null         30.0    2000  null
 */
const ENTRIES = [
  {
    rcsb_id: '1ABC',
    'rcsb_accession_info.initial_release_date': '2010-05-01',
    'rcsb_entry_info.experimental_method': 'X-ray',
    'exptl.method': ['X-RAY DIFFRACTION'],
    'rcsb_entry_info.structure_determination_methodology': 'experimental',
    'rcsb_entry_info.resolution_combined': [1.5],
    'rcsb_entry_info.molecular_weight': 50.0,
    'rcsb_entry_info.deposited_atom_count': 4000,
    'refine.ls_R_factor_R_free': [0.2],
    'struct.title': 'Actin-binding protein complex',
    'audit_author.name': ['Smith, J.', 'Doe, A.'],
    'rcsb_entry_info.software_programs_combined': ['PHENIX', 'COOT'],
    'symmetry.space_group_name_H_M': 'P 1 21 1',
    rcsb_binding_affinity: [
      { comp_id: 'ATP', type: 'Kd', value: 0.5, unit: 'nM' },
      { comp_id: 'MG', type: 'Ki', value: 50, unit: 'nM' },
    ],
  },
  {
    rcsb_id: '2DEF',
    'rcsb_accession_info.initial_release_date': '2012-03-15',
    'rcsb_entry_info.experimental_method': 'EM',
    'exptl.method': ['ELECTRON MICROSCOPY'],
    'rcsb_entry_info.structure_determination_methodology': 'experimental',
    'rcsb_entry_info.resolution_combined': [3.2],
    'rcsb_entry_info.molecular_weight': 250.5,
    'rcsb_entry_info.deposited_atom_count': 30000,
    'refine.ls_R_factor_R_free': [],
    'struct.title': 'Cryo-EM structure of the ribosome',
    'audit_author.name': ['Lee, K.'],
    'rcsb_entry_info.software_programs_combined': ['RELION'],
    rcsb_binding_affinity: [
      { comp_id: 'HEM', type: 'Kd', value: 200, unit: 'nM' },
      { comp_id: 'HEM', type: 'Ki', value: 0.1, unit: 'nM' },
    ],
  },
  {
    rcsb_id: '3GHI',
    'rcsb_accession_info.initial_release_date': '2012-11-30',
    'rcsb_entry_info.experimental_method': 'NMR',
    'exptl.method': ['SOLUTION NMR'],
    'rcsb_entry_info.structure_determination_methodology': 'experimental',
    'rcsb_entry_info.molecular_weight': 12.25,
    'rcsb_entry_info.deposited_atom_count': 1500,
    'struct.title': 'Solution structure of a binding domain',
    'audit_author.name': ['Smith, J.'],
    'symmetry.space_group_name_H_M': 'P 1',
  },
  {
    rcsb_id: '4JKL',
    'rcsb_accession_info.initial_release_date': '2015-01-01',
    'rcsb_entry_info.experimental_method': 'X-ray',
    'exptl.method': ['X-RAY DIFFRACTION', 'NEUTRON DIFFRACTION'],
    'rcsb_entry_info.structure_determination_methodology': 'integrative',
    'rcsb_entry_info.resolution_combined': [1.0, 2.1],
    'rcsb_entry_info.molecular_weight': 95.0,
    'rcsb_entry_info.deposited_atom_count': 8000,
    'refine.ls_R_factor_R_free': [0.25, 0.18],
    'struct.title': 'Protein binding actin filaments',
    'rcsb_entry_info.software_programs_combined': ['PHENIX'],
    'symmetry.space_group_name_H_M': 'P 1 21 1',
    rcsb_binding_affinity: [{ comp_id: 'ATP', type: 'Kd', value: 0.9, unit: 'nM' }],
  },
  {
    rcsb_id: 'AF_X1',
    'rcsb_accession_info.initial_release_date': '2021-07-01',
    'exptl.method': [],
    'rcsb_entry_info.structure_determination_methodology': 'computational',
    'rcsb_entry_info.molecular_weight': 30.0,
    'rcsb_entry_info.deposited_atom_count': 2000,
    'struct.title': 'Computed model of an actin binding protein',
  },
];

const uniprot = (id: string) => ({ group_id: id, aggregation_method: 'matching_uniprot_accession' });
const cluster = (id: string, cutoff: number) => ({
  group_id: id,
  aggregation_method: 'sequence_identity',
  similarity_cutoff: cutoff,
});

/**
 * polymer entity  entry  organisms               type     weight  EC (depth 1 / 2)             groups
 *   0  1ABC_1       0    Homo sapiens (natural)  Protein   25.0   Hydrolases / peptide bonds    P12345, C100_95
 *   1  1ABC_2       0    E. coli (engineered)    Protein   12.5   Transferases                  Q99999, C200_95
 *   2  2DEF_1       1    Homo sapiens + E. coli  RNA      500.0   —                             C100_95
 *   3  3GHI_1       2    Mus musculus (natural)  Protein    8.0   Hydrolases / ester bonds      P12345
 *   4  4JKL_1       3    —                       DNA        6.0   —                             R11111
 *   5  AF_X1_1      4    Homo sapiens            Protein   30.0   —                             P54321
 */
const POLYMER_ENTITIES = [
  {
    _entry_key: 0,
    rcsb_id: '1ABC_1',
    'entity_poly.rcsb_entity_polymer_type': 'Protein',
    'rcsb_polymer_entity.formula_weight': 25.0,
    'rcsb_entity_source_organism.ncbi_scientific_name': ['Homo sapiens'],
    'rcsb_entity_source_organism.ncbi_parent_scientific_name': ['Eukaryota'],
    'rcsb_entity_source_organism.source_type': ['natural'],
    'rcsb_entity_host_organism.ncbi_scientific_name': ['Escherichia coli'],
    'rcsb_polymer_entity.rcsb_ec_lineage': [
      { id: '3', name: 'Hydrolases', depth: 1 },
      { id: '3.4', name: 'Acting on peptide bonds', depth: 2 },
    ],
    rcsb_polymer_entity_group_membership: [uniprot('P12345'), cluster('C100_95', 95)],
  },
  {
    _entry_key: 0,
    rcsb_id: '1ABC_2',
    'entity_poly.rcsb_entity_polymer_type': 'Protein',
    'rcsb_polymer_entity.formula_weight': 12.5,
    'rcsb_entity_source_organism.ncbi_scientific_name': ['Escherichia coli'],
    'rcsb_entity_source_organism.ncbi_parent_scientific_name': ['Bacteria'],
    'rcsb_entity_source_organism.source_type': ['genetically engineered'],
    'rcsb_polymer_entity.rcsb_ec_lineage': [{ id: '2', name: 'Transferases', depth: 1 }],
    rcsb_polymer_entity_group_membership: [uniprot('Q99999'), cluster('C200_95', 95)],
  },
  {
    _entry_key: 1,
    rcsb_id: '2DEF_1',
    'entity_poly.rcsb_entity_polymer_type': 'RNA',
    'rcsb_polymer_entity.formula_weight': 500.0,
    'rcsb_entity_source_organism.ncbi_scientific_name': ['Homo sapiens', 'Escherichia coli'],
    'rcsb_entity_source_organism.ncbi_parent_scientific_name': ['Eukaryota', 'Bacteria'],
    'rcsb_entity_source_organism.source_type': ['genetically engineered'],
    'rcsb_polymer_entity.rcsb_ec_lineage': [],
    rcsb_polymer_entity_group_membership: [cluster('C100_95', 95)],
  },
  {
    _entry_key: 2,
    rcsb_id: '3GHI_1',
    'entity_poly.rcsb_entity_polymer_type': 'Protein',
    'rcsb_polymer_entity.formula_weight': 8.0,
    'rcsb_entity_source_organism.ncbi_scientific_name': ['Mus musculus'],
    'rcsb_entity_source_organism.ncbi_parent_scientific_name': ['Eukaryota'],
    'rcsb_entity_source_organism.source_type': ['natural'],
    'rcsb_polymer_entity.rcsb_ec_lineage': [
      { id: '3', name: 'Hydrolases', depth: 1 },
      { id: '3.1', name: 'Acting on ester bonds', depth: 2 },
    ],
    rcsb_polymer_entity_group_membership: [uniprot('P12345')],
  },
  {
    _entry_key: 3,
    rcsb_id: '4JKL_1',
    'entity_poly.rcsb_entity_polymer_type': 'DNA',
    'rcsb_polymer_entity.formula_weight': 6.0,
    rcsb_polymer_entity_group_membership: [uniprot('R11111')],
  },
  {
    _entry_key: 4,
    rcsb_id: 'AF_X1_1',
    'entity_poly.rcsb_entity_polymer_type': 'Protein',
    'rcsb_polymer_entity.formula_weight': 30.0,
    'rcsb_entity_source_organism.ncbi_scientific_name': ['Homo sapiens'],
    rcsb_polymer_entity_group_membership: [uniprot('P54321')],
  },
];

const lineage = (...items: [string, string, number][]) =>
  items.map(([id, name, depth]) => ({ id, name, depth }));

/**
 * polymer instance  entity  annotations (type: lineage names by depth)
 *   0  1ABC.A          0    SCOP: All alpha(1), Globin-like(2); CATH: Mainly Alpha(1)
 *   1  1ABC.B          0    CATH: Mainly Alpha(1), Orthogonal Bundle(2)
 *   2  1ABC.C          1    SCOP: All beta(1)
 *   3  2DEF.A          2    ECOD: All alpha(1); SCOP: Alpha and beta(1), All alpha(2)
 *   4  3GHI.A          3    —
 */
const POLYMER_INSTANCES = [
  {
    _entry_key: 0,
    _entity_key: 0,
    rcsb_id: '1ABC.A',
    rcsb_polymer_instance_annotation: [
      {
        type: 'SCOP',
        annotation_id: 'd1',
        annotation_lineage: lineage(['s1', 'All alpha', 1], ['s2', 'Globin-like', 2]),
      },
      { type: 'CATH', annotation_id: 'c-a', annotation_lineage: lineage(['c1', 'Mainly Alpha', 1]) },
    ],
  },
  {
    _entry_key: 0,
    _entity_key: 0,
    rcsb_id: '1ABC.B',
    rcsb_polymer_instance_annotation: [
      {
        type: 'CATH',
        annotation_id: 'c-b',
        annotation_lineage: lineage(['c1', 'Mainly Alpha', 1], ['c2', 'Orthogonal Bundle', 2]),
      },
    ],
  },
  {
    _entry_key: 0,
    _entity_key: 1,
    rcsb_id: '1ABC.C',
    rcsb_polymer_instance_annotation: [
      { type: 'SCOP', annotation_id: 'd2', annotation_lineage: lineage(['s3', 'All beta', 1]) },
    ],
  },
  {
    _entry_key: 1,
    _entity_key: 2,
    rcsb_id: '2DEF.A',
    rcsb_polymer_instance_annotation: [
      { type: 'ECOD', annotation_id: 'e-a', annotation_lineage: lineage(['e1', 'All alpha', 1]) },
      {
        type: 'SCOP',
        annotation_id: 'd3',
        annotation_lineage: lineage(['s4', 'Alpha and beta', 1], ['s1', 'All alpha', 2]),
      },
    ],
  },
  { _entry_key: 2, _entity_key: 3, rcsb_id: '3GHI.A' },
];

/** non-polymer entity: 1ABC_3 (ATP), 1ABC_4 (MG), 2DEF_2 (HEM), 4JKL_2 (ATP). */
const NON_POLYMER_ENTITIES = [
  { _entry_key: 0, _chem_key: 0, rcsb_id: '1ABC_3', 'pdbx_entity_nonpoly.comp_id': 'ATP' },
  { _entry_key: 0, _chem_key: 1, rcsb_id: '1ABC_4', 'pdbx_entity_nonpoly.comp_id': 'MG' },
  { _entry_key: 1, _chem_key: 2, rcsb_id: '2DEF_2', 'pdbx_entity_nonpoly.comp_id': 'HEM' },
  { _entry_key: 3, _chem_key: 0, rcsb_id: '4JKL_2', 'pdbx_entity_nonpoly.comp_id': 'ATP' },
];

/** chemical components: ATP, MG, HEM, and PRD_000154 that no entry contains. */
const MOL_DEFINITIONS = [
  {
    rcsb_id: 'ATP',
    'chem_comp.name': "ADENOSINE-5'-TRIPHOSPHATE",
    'chem_comp.formula_weight': 507.181,
    'rcsb_chem_comp_info.initial_release_date': '1999-07-08',
  },
  {
    rcsb_id: 'MG',
    'chem_comp.name': 'MAGNESIUM ION',
    'chem_comp.formula_weight': 24.305,
    'rcsb_chem_comp_info.initial_release_date': '1999-07-08',
  },
  {
    rcsb_id: 'HEM',
    'chem_comp.name': 'PROTOPORPHYRIN IX CONTAINING FE',
    'chem_comp.formula_weight': 616.487,
    'rcsb_chem_comp_info.initial_release_date': '2000-01-01',
  },
  {
    rcsb_id: 'PRD_000154',
    'chem_comp.name': 'Cyclosporin A',
    'chem_comp.formula_weight': 1202.6,
    'rcsb_chem_comp_info.initial_release_date': '2010-01-01',
  },
];

const symmetry = (kind: string, type: string, symbol: string) => ({
  kind: `${kind} Symmetry`,
  type,
  symbol,
});

/**
 * assembly  entry  symmetry (kind type)                      oligomeric count
 *   0 1ABC-1   0    Global Cyclic; Local Dihedral             2
 *   1 1ABC-2   0    Global Asymmetric                         1
 *   2 2DEF-1   1    Global Icosahedral; Pseudo Cyclic         60
 *   3 3GHI-1   2    Global Asymmetric                         1
 *   4 4JKL-1   3    —                                         —
 *   5 AF_X1-1  4    Global Asymmetric                         1
 */
const ASSEMBLIES = [
  {
    _entry_key: 0,
    rcsb_id: '1ABC-1',
    'pdbx_struct_assembly.oligomeric_count': 2,
    rcsb_struct_symmetry: [symmetry('Global', 'Cyclic', 'C2'), symmetry('Local', 'Dihedral', 'D2')],
  },
  {
    _entry_key: 0,
    rcsb_id: '1ABC-2',
    'pdbx_struct_assembly.oligomeric_count': 1,
    rcsb_struct_symmetry: [symmetry('Global', 'Asymmetric', 'C1')],
  },
  {
    _entry_key: 1,
    rcsb_id: '2DEF-1',
    'pdbx_struct_assembly.oligomeric_count': 60,
    rcsb_struct_symmetry: [symmetry('Global', 'Icosahedral', 'I'), symmetry('Pseudo', 'Cyclic', 'C5')],
  },
  {
    _entry_key: 2,
    rcsb_id: '3GHI-1',
    'pdbx_struct_assembly.oligomeric_count': 1,
    rcsb_struct_symmetry: [symmetry('Global', 'Asymmetric', 'C1')],
  },
  { _entry_key: 3, rcsb_id: '4JKL-1' },
  {
    _entry_key: 4,
    rcsb_id: 'AF_X1-1',
    'pdbx_struct_assembly.oligomeric_count': 1,
    rcsb_struct_symmetry: [symmetry('Global', 'Asymmetric', 'C1')],
  },
];

export const FIXTURE_ARCHIVE: SnapshotRows = {
  entry: ENTRIES,
  polymer_entity: POLYMER_ENTITIES,
  polymer_instance: POLYMER_INSTANCES,
  non_polymer_entity: NON_POLYMER_ENTITIES,
  mol_definition: MOL_DEFINITIONS,
  assembly: ASSEMBLIES,
};
