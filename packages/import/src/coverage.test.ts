import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@pdb-stats/search-model';
import { Coverage } from './coverage.ts';

describe('the attributes an import filled', () => {
  it('counts plain columns, record fields and inner-list fields that received a value', () => {
    const coverage = new Coverage(CATALOGUE);
    coverage.add('polymer_entity', [
      {
        rcsb_id: '1ABC_1',
        'rcsb_polymer_entity_container_identifiers.uniprot_ids': [],
        'rcsb_polymer_entity.rcsb_ec_lineage': [{ id: '3', depth: 1, name: null }],
      },
    ]);
    coverage.add('polymer_instance', [
      { rcsb_polymer_instance_annotation: [{ type: 'SCOP', annotation_lineage: [{ name: 'all-alpha' }] }] },
    ]);
    expect(
      coverage
        .filledAttributes()
        .map((a) => `${a.level} ${a.path}`)
        .sort(),
    ).toEqual([
      'polymer_entity rcsb_id',
      'polymer_entity rcsb_polymer_entity.rcsb_ec_lineage.depth',
      'polymer_entity rcsb_polymer_entity.rcsb_ec_lineage.id',
      'polymer_instance rcsb_polymer_instance_annotation.annotation_lineage.name',
      'polymer_instance rcsb_polymer_instance_annotation.type',
    ]);
  });
});
