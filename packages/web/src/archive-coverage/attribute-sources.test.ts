import { describe, expect, it } from 'vitest';
import { attributesNotHeld, explainMissing, missingSentence, sourceOf } from './attribute-sources.ts';

const RCSB_API =
  "an import from the RCSB Data API (npm run import -- rcsb-api), which carries RCSB's own derived attributes";

describe(`${sourceOf.name}`, () => {
  it('names the Data API import for derived attributes', () => {
    expect(sourceOf('rcsb_struct_symmetry.type')).toBe(RCSB_API);
    expect(sourceOf('rcsb_polymer_instance_annotation.annotation_lineage.name')).toBe(RCSB_API);
    expect(sourceOf('rcsb_entity_source_organism.taxonomy_lineage.name')).toBe(RCSB_API);
    expect(sourceOf('rcsb_primary_citation.rcsb_journal_abbrev')).toBe(RCSB_API);
    expect(sourceOf('rcsb_polymer_entity.rcsb_ec_lineage.name')).toBe(RCSB_API);
  });

  it('names the enrichers for group memberships', () => {
    expect(sourceOf('rcsb_polymer_entity_group_membership.group_id')).toBe(
      'the mmCIF import with --clusters (sequence clusters) or --sifts (UniProt)',
    );
  });

  it('matches whole path segments of a root only', () => {
    expect(sourceOf('rcsb_struct_symmetry_extra.type')).toBe(
      'an import that supplies rcsb_struct_symmetry_extra.type',
    );
    expect(sourceOf('rcsb_polymer_entity.rcsb_ec_lineage.depth')).toBe(
      'an import that supplies rcsb_polymer_entity.rcsb_ec_lineage.depth',
    );
  });
});

describe(`${explainMissing.name}`, () => {
  it('groups the attributes by the import that supplies them, in the order given', () => {
    expect(
      explainMissing([
        'rcsb_struct_symmetry.kind',
        'exptl.method',
        'rcsb_struct_symmetry.type',
        'rcsb_polymer_entity.rcsb_ec_lineage.name',
      ]),
    ).toEqual([
      {
        source: RCSB_API,
        attributes: [
          'rcsb_struct_symmetry.kind',
          'rcsb_struct_symmetry.type',
          'rcsb_polymer_entity.rcsb_ec_lineage.name',
        ],
      },
      { source: 'an import that supplies exptl.method', attributes: ['exptl.method'] },
    ]);
  });

  it('says one sentence for a title', () => {
    expect(missingSentence(['rcsb_struct_symmetry.kind'])).toBe(
      `Not in this archive: rcsb_struct_symmetry.kind (from ${RCSB_API}).`,
    );
  });
});

describe(`${attributesNotHeld.name}`, () => {
  it('reads the quoted attribute of the service message', () => {
    expect(
      attributesNotHeld(
        '400 request_options.facets[0].facets[0].attribute: attribute "rcsb_struct_symmetry.kind" is part of the Search API vocabulary but not held by this archive (see GET /rcsbsearch/v2/metadata/schema)',
      ),
    ).toEqual(['rcsb_struct_symmetry.kind']);
  });

  it('is empty for any other 400', () => {
    expect(attributesNotHeld('400 query.parameters.attribute: attribute "foo.bar" is unknown')).toEqual([]);
  });
});
