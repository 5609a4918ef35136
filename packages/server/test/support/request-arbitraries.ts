import fc from 'fast-check';

/**
 * Generators of search requests shared by the property tests (properties.test.ts) and the
 * engine conformance suite (conformance/).
 */

export const text = (parameters: object) => ({ type: 'terminal', service: 'text', parameters });
export const and = (node: object) => ({ type: 'group', logical_operator: 'and', nodes: [node] });
export const METHODS = ['X-ray', 'EM', 'NMR', 'Integrative', 'Multiple methods', 'Neutron', 'Other'];

/** Conditions over several types and levels, with optional negation. */
export const terminal = fc
  .oneof(
    fc.constantFrom(...METHODS, 'x-ray', 'nothing').map((value) => ({
      attribute: 'rcsb_entry_info.experimental_method',
      operator: 'exact_match',
      value,
    })),
    fc
      .record({
        from: fc.double({ min: 0, max: 6, noNaN: true }),
        width: fc.double({ min: 0, max: 3, noNaN: true }),
      })
      .map(({ from, width }) => ({
        attribute: 'rcsb_entry_info.resolution_combined',
        operator: 'range',
        value: { from, to: from + width, include_lower: true },
      })),
    fc
      .integer({ min: 0, max: 400 })
      .map((value) => ({ attribute: 'rcsb_entry_info.molecular_weight', operator: 'less', value })),
    fc.date({ min: new Date('1975-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }).map((d) => ({
      attribute: 'rcsb_accession_info.initial_release_date',
      operator: 'greater_or_equal',
      value: d.toISOString().slice(0, 10),
    })),
    fc.constantFrom('Homo sapiens', 'Escherichia coli', 'Mus musculus').map((value) => ({
      attribute: 'rcsb_entity_source_organism.ncbi_scientific_name',
      operator: 'exact_match',
      value,
    })),
    fc
      .constantFrom(
        'refine.ls_R_factor_R_free',
        'pdbx_SG_project.full_name_of_center',
        'rcsb_binding_affinity.value',
      )
      .map((attribute) => ({ attribute, operator: 'exists' })),
    fc
      .constantFrom('Cyclic', 'Dihedral', 'Asymmetric')
      .map((value) => ({ attribute: 'rcsb_struct_symmetry.type', operator: 'exact_match', value })),
  )
  .chain((parameters) => fc.boolean().map((negation) => text({ ...parameters, negation })));

export const query: fc.Arbitrary<object> = fc.letrec<{ node: object }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    terminal,
    fc.record({
      type: fc.constant('group'),
      logical_operator: fc.constantFrom('and', 'or'),
      nodes: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
    }),
  ),
})).node;
