import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtureEngine, type FixtureEngine } from './testing/fixture-engine.ts';
import { and, chem, or, text } from '../planner/testing/requests.ts';

/** Level mapping and nested records over the fixture archive. */
let fixture: FixtureEngine;
beforeAll(async () => {
  fixture = await openFixtureEngine();
});
afterAll(() => fixture?.close());
const found = (query: object | undefined, returnType = 'entry', options: object = {}) =>
  fixture.found(query, returnType, options);

describe('level mapping for every return type', () => {
  const human = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens');

  it('an entity condition: up to entries, down to instances, through the entry elsewhere', async () => {
    expect(await found(human, 'polymer_entity')).toEqual(['1ABC_1', '2DEF_1']);
    expect(await found(human, 'entry')).toEqual(['1ABC', '2DEF']);
    expect(await found(human, 'polymer_instance')).toEqual(['1ABC.A', '1ABC.B', '2DEF.A']);
    // Assemblies contain no entities: every assembly of a matching entry.
    expect(await found(human, 'assembly')).toEqual(['1ABC-1', '1ABC-2', '2DEF-1']);
    expect(await found(human, 'non_polymer_entity')).toEqual(['1ABC_3', '1ABC_4', '2DEF_2']);
    // An entry contains the components of its non-polymer entities.
    expect(await found(human, 'mol_definition')).toEqual(['ATP', 'HEM', 'MG']);
  });

  it('an entry condition reaches every level', async () => {
    const em = text('rcsb_entry_info.experimental_method', 'exact_match', 'EM');
    expect(await found(em, 'entry')).toEqual(['2DEF']);
    expect(await found(em, 'polymer_entity')).toEqual(['2DEF_1']);
    expect(await found(em, 'polymer_instance')).toEqual(['2DEF.A']);
    expect(await found(em, 'assembly')).toEqual(['2DEF-1']);
    expect(await found(em, 'non_polymer_entity')).toEqual(['2DEF_2']);
    expect(await found(em, 'mol_definition')).toEqual(['HEM']);
  });

  it('an instance condition maps up to its entity and entry', async () => {
    const cath = text('rcsb_polymer_instance_annotation.type', 'exact_match', 'CATH');
    expect(await found(cath, 'polymer_instance')).toEqual(['1ABC.A', '1ABC.B']);
    expect(await found(cath, 'polymer_entity')).toEqual(['1ABC_1']);
    expect(await found(cath, 'entry')).toEqual(['1ABC']);
    expect(await found(cath, 'assembly')).toEqual(['1ABC-1', '1ABC-2']);
    expect(await found(cath, 'mol_definition')).toEqual(['ATP', 'MG']);
  });

  it('an assembly condition selects single assemblies', async () => {
    const icosahedral = text('rcsb_struct_symmetry.type', 'exact_match', 'Icosahedral');
    expect(await found(icosahedral, 'assembly')).toEqual(['2DEF-1']);
    expect(await found(icosahedral, 'entry')).toEqual(['2DEF']);
    expect(await found(icosahedral, 'polymer_entity')).toEqual(['2DEF_1']);
    const monomers = text('pdbx_struct_assembly.oligomeric_count', 'equals', 1);
    expect(await found(monomers, 'assembly')).toEqual(['1ABC-2', '3GHI-1']);
  });

  it('chemical components: down to their entities, to the entries containing them', async () => {
    const heavy = chem('chem_comp.formula_weight', 'greater_or_equal', 500);
    const all = { results_content_type: ['experimental', 'computational'] };
    expect(await found(heavy, 'mol_definition', all)).toEqual(['ATP', 'HEM', 'PRD_000154']);
    expect(await found(heavy, 'non_polymer_entity')).toEqual(['1ABC_3', '2DEF_2', '4JKL_2']);
    expect(await found(heavy, 'entry')).toEqual(['1ABC', '2DEF', '4JKL']);
    expect(await found(heavy, 'polymer_entity')).toEqual(['1ABC_1', '1ABC_2', '2DEF_1', '4JKL_1']);
    const magnesium = text('pdbx_entity_nonpoly.comp_id', 'exact_match', 'MG');
    expect(await found(magnesium, 'mol_definition')).toEqual(['MG']);
    expect(await found(magnesium, 'entry')).toEqual(['1ABC']);
  });

  it('content types apply through the entry, to components too', async () => {
    // The default (experimental) leaves out the computed model and what only it contains.
    expect(await found(undefined, 'entry')).toEqual(['1ABC', '2DEF', '3GHI', '4JKL']);
    expect(await found(undefined, 'mol_definition')).toEqual(['ATP', 'HEM', 'MG']);
    expect(await found(undefined, 'entry', { results_content_type: ['computational'] })).toEqual(['AF_X1']);
    expect(await found(undefined, 'polymer_entity', { results_content_type: ['computational'] })).toEqual([
      'AF_X1_1',
    ]);
    const both = { results_content_type: ['computational', 'experimental'] };
    expect(await found(undefined, 'entry', both)).toHaveLength(5);
    expect(await found(undefined, 'mol_definition', both)).toHaveLength(4);
    expect(await found(human, 'polymer_entity', both)).toEqual(['1ABC_1', '2DEF_1', 'AF_X1_1']);
  });

  it('two entity conditions with return type entry may hold on different entities', async () => {
    const coli = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Escherichia coli');
    expect(await found(and(human, coli), 'entry')).toEqual(['1ABC', '2DEF']);
    expect(await found(and(human, coli), 'polymer_entity')).toEqual(['2DEF_1']);
    expect(await found(or(human, coli), 'polymer_entity')).toEqual(['1ABC_1', '1ABC_2', '2DEF_1']);
  });

  it('conditions of different levels combine after mapping', async () => {
    const xray = text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray');
    const dna = text('entity_poly.rcsb_entity_polymer_type', 'exact_match', 'DNA');
    expect(await found(and(xray, dna), 'entry')).toEqual(['4JKL']);
    expect(await found(or(dna, text('rcsb_struct_symmetry.type', 'exact_match', 'Cyclic')), 'entry')).toEqual(
      ['1ABC', '2DEF', '4JKL'],
    );
  });
});

describe('nested records (the binding-affinity example)', () => {
  const kd = text('rcsb_binding_affinity.type', 'exact_match', 'Kd');
  const strong = text('rcsb_binding_affinity.value', 'less', 1);
  const recent = text('rcsb_accession_info.initial_release_date', 'greater', '2011-01-01');

  it('terminals on one nested record alone in a group hold on the same record', async () => {
    // 2DEF has a Kd of 200 and a Ki of 0.1: no single record is a strong Kd.
    expect(await found(and(kd, strong))).toEqual(['1ABC', '4JKL']);
  });

  it('each in its own group: matched independently', async () => {
    expect(await found(and(and(kd), and(strong)))).toEqual(['1ABC', '2DEF', '4JKL']);
  });

  it('next to a condition on another attribute: matched independently', async () => {
    expect(await found(and(kd, strong, recent))).toEqual(['2DEF', '4JKL']);
  });

  it('wrapped in their own group next to another condition: the same record again', async () => {
    expect(await found(and(and(kd, strong), recent))).toEqual(['4JKL']);
  });

  it('a negated terminal in a same-record group is negated within the record', async () => {
    const ki = text('rcsb_binding_affinity.type', 'exact_match', 'Ki');
    const notStrong = text('rcsb_binding_affinity.value', 'less', 1, { negation: true });
    expect(await found(and(ki, notStrong))).toEqual(['1ABC']);
  });

  it('a lineage inside an annotation: the outer annotation is the scope', async () => {
    const type = (t: string) => text('rcsb_polymer_instance_annotation.type', 'exact_match', t);
    const name = (n: string) =>
      text('rcsb_polymer_instance_annotation.annotation_lineage.name', 'exact_match', n);
    const depth = (d: number) =>
      text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', d);
    expect(await found(and(type('SCOP'), name('Mainly Alpha')), 'polymer_instance')).toEqual([]);
    expect(await found(and(and(type('SCOP')), and(name('Mainly Alpha'))), 'polymer_instance')).toEqual([
      '1ABC.A',
    ]);
    expect(await found(and(type('ECOD'), name('All alpha')), 'polymer_instance')).toEqual(['2DEF.A']);
    expect(await found(and(type('SCOP'), name('All alpha')), 'polymer_instance')).toEqual([
      '1ABC.A',
      '2DEF.A',
    ]);
    // Conditions on the lineage hold on one lineage item: 2DEF.A has "All alpha" at depth 2 in SCOP.
    expect(await found(and(type('SCOP'), name('All alpha'), depth(1)), 'polymer_instance')).toEqual([
      '1ABC.A',
    ]);
    expect(await found(and(type('SCOP'), name('All alpha'), depth(1)), 'entry')).toEqual(['1ABC']);
  });

  it('a single nested terminal: some record matches', async () => {
    expect(await found(text('rcsb_binding_affinity.value', 'greater', 100))).toEqual(['2DEF']);
    expect(
      await found(text('rcsb_polymer_entity.rcsb_ec_lineage.name', 'exact_match', 'hydrolases')),
    ).toEqual(['1ABC', '3GHI']);
  });
});
