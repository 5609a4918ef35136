import { describe, expect, it } from 'vitest';
import type { QueryNode } from '@pdb-stats/search-model';
import { ALL_HELD, missingAttributes, missingInRequest, schemaAttributePaths } from './held-attributes.ts';

/** The shape of `GET /rcsbsearch/v2/metadata/schema`: objects, nested-indexed arrays, lists. */
const SCHEMA = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  type: 'object',
  properties: {
    rcsb_id: { type: 'string' },
    rcsb_entry_info: { type: 'object', properties: { resolution_combined: { type: 'number' } } },
    rcsb_struct_symmetry: {
      type: 'array',
      rcsb_nested_indexing: true,
      items: { type: 'object', properties: { kind: { type: 'string' }, type: { type: 'string' } } },
    },
    rcsb_entry_container_identifiers: {
      type: 'object',
      properties: { pubmed_ids: { type: 'array', items: { type: 'integer' } } },
    },
  },
};

describe(`${schemaAttributePaths.name}`, () => {
  it('lists the dotted paths of the leaves through objects and arrays', () => {
    expect([...schemaAttributePaths(SCHEMA)].sort()).toEqual([
      'rcsb_entry_container_identifiers.pubmed_ids',
      'rcsb_entry_info.resolution_combined',
      'rcsb_id',
      'rcsb_struct_symmetry.kind',
      'rcsb_struct_symmetry.type',
    ]);
  });

  it('rejects a body that lists no attributes', () => {
    expect(() => schemaAttributePaths({ message: 'not found' })).toThrow(/no "properties"/);
    expect(() => schemaAttributePaths(null)).toThrow(/no "properties"/);
  });
});

describe(`${missingAttributes.name}`, () => {
  const held = { structure: schemaAttributePaths(SCHEMA), chemical: 'all' } as const;

  it('names the attributes the schema of that kind lacks', () => {
    expect(
      missingAttributes(
        ['rcsb_struct_symmetry.kind', 'rcsb_entity_source_organism.taxonomy_lineage.name'],
        'structure',
        held,
      ),
    ).toEqual(['rcsb_entity_source_organism.taxonomy_lineage.name']);
  });

  it('finds nothing missing where everything is held, or while it is unknown', () => {
    expect(missingAttributes(['anything.at_all'], 'chemical', held)).toEqual([]);
    expect(missingAttributes(['anything.at_all'], 'structure', ALL_HELD)).toEqual([]);
    expect(missingAttributes(['anything.at_all'], 'structure', undefined)).toEqual([]);
  });
});

describe(`${missingInRequest.name}`, () => {
  const held = {
    structure: new Set(['rcsb_entry_info.resolution_combined', 'exptl.method']),
    chemical: new Set(['chem_comp.formula_weight', 'chem_comp.type']),
  };
  const condition = (attribute: string, service: 'text' | 'text_chem' = 'text'): QueryNode => ({
    type: 'terminal',
    service,
    parameters: { attribute, operator: 'exists' },
  });

  it('finds a scope of structure attributes held when counting small molecules', () => {
    const query: QueryNode = {
      type: 'group',
      logical_operator: 'and',
      nodes: [condition('exptl.method'), condition('rcsb_entry_info.resolution_combined')],
    };
    expect(missingInRequest({ query, return_type: 'mol_definition' }, held)).toEqual([]);
  });

  it('reads a text_chem condition on the chemical schema, whatever the return type', () => {
    expect(
      missingInRequest({ query: condition('chem_comp.type', 'text_chem'), return_type: 'entry' }, held),
    ).toEqual([]);
    expect(
      missingInRequest({ query: condition('exptl.method', 'text_chem'), return_type: 'entry' }, held),
    ).toEqual(['exptl.method']);
  });

  it('reads facets on the return type’s schema, and names what no schema holds', () => {
    expect(
      missingInRequest(
        {
          query: condition('rcsb_entity_source_organism.taxonomy_lineage.name'),
          return_type: 'mol_definition',
          request_options: {
            facets: [
              { name: 'w', aggregation_type: 'terms', attribute: 'chem_comp.formula_weight' },
              { name: 'm', aggregation_type: 'terms', attribute: 'exptl.method' },
            ],
          },
        },
        held,
      ),
    ).toEqual(['exptl.method', 'rcsb_entity_source_organism.taxonomy_lineage.name']);
  });

  it('finds nothing missing while the holdings are unknown', () => {
    expect(missingInRequest({ query: condition('any.thing'), return_type: 'entry' }, undefined)).toEqual([]);
  });
});
