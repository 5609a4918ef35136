import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, findAttribute, type CatalogueAttribute } from '@pdb-stats/search-model';
import { sharedPath } from '../../../../test-support/shared-files.ts';
import { DocumentFlattener } from './flatten.ts';
import { planDataApi, selectionOf } from './query.ts';

/** A small schema of the Data API's shape: enough levels and relations to plan and flatten. */
const SMALL_SDL = `
scalar Date
type Query {
  entries(entry_ids: [String!]!): [CoreEntry]
  chem_comps(comp_ids: [String]!): [CoreChemComp]
}
type CoreEntry {
  rcsb_id: String!
  rcsb_accession_info: Info
  rcsb_entry_info: EntryInfo
  citation: [Citation]
  pubmed: CorePubmed
  polymer_entities: [CorePolymerEntity]
  nonpolymer_entities: [CoreNonpolymerEntity]
  branched_entities: [CoreBranchedEntity]
  assemblies: [CoreAssembly]
}
type Info { initial_release_date: Date, revision_date: Date, deposit_date: Date }
type EntryInfo { resolution_combined: [Float], experimental_method: String, deposited_atom_count: Int }
type Citation { id: String, year: Int, rcsb_authors: [String] }
type CorePubmed { rcsb_pubmed_container_identifiers: PubmedIds }
type PubmedIds { pubmed_id: Int }
type CorePolymerEntity {
  rcsb_id: String!
  rcsb_polymer_entity_container_identifiers: EntityIds
  rcsb_polymer_entity_annotation: [Annotation]
  polymer_entity_instances: [CorePolymerEntityInstance]
}
type EntityIds { entity_id: String }
type Annotation { type: String, annotation_id: String, annotation_lineage: [Lineage] }
type Lineage { id: String, name: String, depth: Int }
type CorePolymerEntityInstance { rcsb_id: String!, rcsb_polymer_entity_instance_container_identifiers: InstanceIds }
type InstanceIds { entity_id: String, asym_id: String }
type CoreNonpolymerEntity {
  rcsb_id: String!
  rcsb_nonpolymer_entity_container_identifiers: NonpolymerIds
  nonpolymer_entity_instances: [CoreNonpolymerEntityInstance]
}
type NonpolymerIds { nonpolymer_comp_id: String }
type CoreNonpolymerEntityInstance { rcsb_id: String!, rcsb_nonpolymer_entity_instance_container_identifiers: NpInstanceIds }
type NpInstanceIds { asym_id: String }
type CoreBranchedEntity { rcsb_id: String!, rcsb_branched_entity: Branched, branched_entity_instances: [CoreBranchedEntityInstance] }
type Branched { pdbx_description: String }
type CoreBranchedEntityInstance { rcsb_id: String! }
type CoreAssembly { rcsb_id: String!, rcsb_struct_symmetry: [Symmetry] }
type Symmetry { kind: String, symbol: String }
type CoreChemComp { rcsb_id: String!, chem_comp: ChemComp }
type ChemComp { id: String, formula_weight: Float, type: String }
`;

const attribute = (path: string, level: CatalogueAttribute['level']) => {
  const found = findAttribute(path, level);
  if (!found) throw new Error(`${path} is not in the catalogue`);
  return found;
};

const ATTRIBUTES = [
  ...CATALOGUE.filter((a) => a.path === 'rcsb_id'),
  attribute('rcsb_accession_info.initial_release_date', 'entry'),
  attribute('rcsb_entry_info.resolution_combined', 'entry'),
  attribute('rcsb_entry_info.experimental_method', 'entry'),
  attribute('rcsb_entry_info.deposited_atom_count', 'entry'),
  attribute('citation.year', 'entry'),
  attribute('rcsb_pubmed_container_identifiers.pubmed_id', 'entry'),
  attribute('rcsb_polymer_entity_container_identifiers.entity_id', 'polymer_entity'),
  attribute('rcsb_polymer_entity_annotation.type', 'polymer_entity'),
  attribute('rcsb_polymer_entity_annotation.annotation_lineage.name', 'polymer_entity'),
  attribute('rcsb_polymer_entity_instance_container_identifiers.asym_id', 'polymer_instance'),
  attribute('rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id', 'non_polymer_entity'),
  attribute('rcsb_nonpolymer_entity_instance_container_identifiers.asym_id', 'non_polymer_entity'),
  attribute('rcsb_branched_entity.pdbx_description', 'entry'),
  attribute('rcsb_struct_symmetry.symbol', 'assembly'),
  attribute('chem_comp.formula_weight', 'mol_definition'),
  // Not in the small schema: planned out, and said so.
  attribute('rcsb_entry_info.molecular_weight', 'entry'),
];

describe('planning the queries from the server schema', () => {
  const plan = planDataApi(buildSchema(SMALL_SDL), ATTRIBUTES);

  it('selects the catalogue attributes the schema serves, through relations where it serves them so', () => {
    expect(validate(buildSchema(SMALL_SDL), parse(plan.entriesQuery))).toEqual([]);
    expect(validate(buildSchema(SMALL_SDL), parse(plan.chemCompsQuery))).toEqual([]);
    expect(plan.entriesQuery).toContain(
      'pubmed {\n      rcsb_pubmed_container_identifiers {\n        pubmed_id',
    );
    expect(plan.unavailable.map((a) => a.path)).toEqual(['rcsb_entry_info.molecular_weight']);
    expect(plan.levels.get('polymer_entity')?.paths).toEqual([
      'rcsb_id',
      'rcsb_polymer_entity_container_identifiers.entity_id',
      'rcsb_polymer_entity_annotation.type',
      'rcsb_polymer_entity_annotation.annotation_lineage.name',
    ]);
  });

  it('writes a selection as nested fields', () => {
    expect(selectionOf(['a.b', 'a.c.d', 'e'])).toBe('  a {\n    b\n    c {\n      d\n    }\n  }\n  e');
  });

  it('flattens a document into the rows of each level, values typed as their attributes', () => {
    const flattener = new DocumentFlattener(plan);
    const docs = flattener.entry({
      rcsb_id: '1ABC',
      rcsb_accession_info: { initial_release_date: '2001-02-03T00:00:00Z' },
      rcsb_entry_info: {
        resolution_combined: [1.9],
        experimental_method: 'X-ray',
        deposited_atom_count: 'many',
      },
      citation: [{ year: 2000 }, { year: 2001 }],
      pubmed: { rcsb_pubmed_container_identifiers: { pubmed_id: 123 } },
      polymer_entities: [
        {
          rcsb_id: '1ABC_1',
          rcsb_polymer_entity_container_identifiers: { entity_id: '1' },
          rcsb_polymer_entity_annotation: [
            { type: 'SCOP', annotation_lineage: [{ name: 'All alpha' }, { name: 'Globin-like' }] },
            { type: 'Pfam', annotation_lineage: null },
          ],
          polymer_entity_instances: [
            { rcsb_id: '1ABC.A', rcsb_polymer_entity_instance_container_identifiers: { asym_id: 'A' } },
          ],
        },
      ],
      nonpolymer_entities: [
        {
          rcsb_id: '1ABC_2',
          rcsb_nonpolymer_entity_container_identifiers: { nonpolymer_comp_id: 'HEM' },
          nonpolymer_entity_instances: [
            { rcsb_nonpolymer_entity_instance_container_identifiers: { asym_id: 'C' } },
            { rcsb_nonpolymer_entity_instance_container_identifiers: { asym_id: 'D' } },
          ],
        },
      ],
      branched_entities: [
        { rcsb_id: '1ABC_3', rcsb_branched_entity: { pdbx_description: 'sugar one' } },
        { rcsb_id: '1ABC_4', rcsb_branched_entity: { pdbx_description: 'sugar two' } },
      ],
      assemblies: [{ rcsb_id: '1ABC-1', rcsb_struct_symmetry: [{ symbol: 'C2' }] }],
    });
    expect(docs.entry).toMatchObject({
      rcsb_id: '1ABC',
      'rcsb_accession_info.initial_release_date': '2001-02-03',
      'rcsb_entry_info.resolution_combined': [1.9],
      'rcsb_entry_info.experimental_method': 'X-ray',
      'rcsb_pubmed_container_identifiers.pubmed_id': 123,
      // Branched entities are held by the entry, as lists.
      'rcsb_branched_entity.pdbx_description': ['sugar one', 'sugar two'],
    });
    expect(Object.keys(docs.entry)).not.toContain('rcsb_entry_info.deposited_atom_count');
    expect(flattener.invalid.get('rcsb_entry_info.deposited_atom_count')).toBe(1);
    expect(docs.polymer_entity[0]?.rcsb_polymer_entity_annotation).toEqual([
      { type: 'SCOP', annotation_lineage: [{ name: 'All alpha' }, { name: 'Globin-like' }] },
      { type: 'Pfam', annotation_lineage: [] },
    ]);
    expect(docs.polymer_instance).toEqual([
      {
        rcsb_id: '1ABC.A',
        'rcsb_polymer_entity_instance_container_identifiers.asym_id': 'A',
        // The link to the entity comes from where the instance is listed.
        'rcsb_polymer_entity_instance_container_identifiers.entity_id': '1',
      },
    ]);
    expect(docs.non_polymer_entity[0]).toMatchObject({
      'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id': 'HEM',
      'rcsb_nonpolymer_entity_instance_container_identifiers.asym_id': ['C', 'D'],
    });
    expect(docs.assembly[0]).toMatchObject({ rcsb_id: '1ABC-1' });
    expect(flattener.component({ rcsb_id: 'HEM', chem_comp: { formula_weight: 616.487 } })).toEqual({
      rcsb_id: 'HEM',
      'chem_comp.formula_weight': 616.487,
    });
  });
});

const SDL = sharedPath('real-data/data-api/schema.graphql', 'the Data API query plan');

describe.skipIf(!SDL)('the queries of the whole catalogue against the official Data API schema', () => {
  it('validate, and ask for nearly every attribute', () => {
    const schema = buildSchema(readFileSync(SDL as string, 'utf8'));
    const plan = planDataApi(schema, CATALOGUE);
    expect(validate(schema, parse(plan.entriesQuery))).toEqual([]);
    expect(validate(schema, parse(plan.chemCompsQuery))).toEqual([]);
    const planned = [...plan.levels.values()].reduce((sum, level) => sum + level.attributes.length, 0);
    // The schema of August 2024 predates a few attributes of the catalogue (validation-report
    // summaries, holdings content types, integrative-structure collections).
    expect(planned).toBeGreaterThan(CATALOGUE.length - 40);
    expect(plan.unavailable.map((a) => a.path)).not.toContain('rcsb_cluster_membership.identity');
    expect(plan.unavailable.map((a) => a.path)).not.toContain('rcsb_uniprot_protein.name.value');
    expect(plan.unavailable.map((a) => a.path)).not.toContain('drugbank_info.drug_groups');
  });
});
