import { describe, expect, it } from 'vitest';
import { ALL_HELD, missingAttributes, schemaAttributePaths } from './held-attributes.ts';

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
