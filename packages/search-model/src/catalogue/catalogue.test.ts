import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../test-support/shared-files.ts';
import {
  allowedOperators,
  CATALOGUE,
  FULL_CATALOGUE,
  heldAttributes,
  metadataCounts,
  snapshotColumns,
  structFields,
  type CatalogueAttribute,
} from './index.ts';

const find = (path: string, level = 'entry') =>
  CATALOGUE.find((a) => a.path === path && a.level === level) as CatalogueAttribute;

describe('the catalogue', () => {
  it('holds every searchable attribute of both public metadata schemas', () => {
    const structure = CATALOGUE.filter((a) => a.metadata.includes('structure'));
    const chemical = CATALOGUE.filter((a) => a.metadata.includes('chemical'));
    // rcsb_id counts once per level here, once per schema in the public metadata.
    expect(new Set(structure.map((a) => a.path)).size).toBeGreaterThanOrEqual(657);
    expect(new Set(chemical.map((a) => a.path)).size).toBeGreaterThanOrEqual(50);
  });

  it('puts each attribute on the level of its root', () => {
    expect(find('refine.ls_R_factor_R_free').level).toBe('entry');
    expect(find('entity_poly.rcsb_entity_polymer_type', 'polymer_entity')).toBeDefined();
    expect(find('rcsb_struct_symmetry.symbol', 'assembly')).toBeDefined();
    expect(find('chem_comp.formula_weight', 'mol_definition')).toBeDefined();
    expect(find('rcsb_polymer_instance_annotation.type', 'polymer_instance')).toBeDefined();
    // Levels without a table of their own: held as lists by the level that contains them.
    const branched = CATALOGUE.find((a) => a.path.startsWith('rcsb_branched_entity.'));
    expect(branched).toMatchObject({ level: 'entry', multi: true });
    const ligandScore = CATALOGUE.find((a) =>
      a.path.startsWith('rcsb_nonpolymer_instance_validation_score.'),
    );
    expect(ligandScore).toMatchObject({ level: 'non_polymer_entity', multi: true });
    expect(CATALOGUE.filter((a) => a.path === 'rcsb_id').map((a) => a.level)).toHaveLength(6);
  });

  it('knows lists, nested records and their inner lists', () => {
    expect(find('rcsb_entry_info.resolution_combined')).toMatchObject({ type: 'number', multi: true });
    expect(find('struct.title')).toMatchObject({ multi: false, contexts: ['full-text', 'suggest'] });
    expect(find('citation.year').nested).toEqual({ root: 'citation' });
    expect(
      find('rcsb_polymer_instance_annotation.annotation_lineage.name', 'polymer_instance').nested,
    ).toEqual({
      root: 'rcsb_polymer_instance_annotation',
      inner: 'annotation_lineage',
    });
    expect(find('rcsb_ma_qa_metric_global.ma_qa_metric_global.value').nested).toEqual({
      root: 'rcsb_ma_qa_metric_global.ma_qa_metric_global',
    });
    // A list of strings inside a record cannot be a struct field: a plain list of the object.
    expect(find('citation.rcsb_authors').multi).toBe(true);
    expect(find('citation.rcsb_authors').nested).toBeUndefined();
    expect(find('rcsb_accession_info.initial_release_date').type).toBe('date');
  });

  it('allows the operators of each type', () => {
    expect(allowedOperators(find('rcsb_accession_info.initial_release_date'))).toContain('range');
    expect(allowedOperators(find('exptl.method'))).toEqual(['exact_match', 'in', 'exists']);
    expect(allowedOperators(find('struct.title'))).toEqual(['contains_words', 'contains_phrase', 'exists']);
    expect(allowedOperators(find('audit_author.name'))).toContain('contains_phrase');
  });
});

describe('what an archive holds', () => {
  const attributes = [
    find('rcsb_id'),
    find('exptl.method'),
    find('citation.year'),
    find('citation.title'),
    find('rcsb_polymer_instance_annotation.type', 'polymer_instance'),
    find('rcsb_polymer_instance_annotation.annotation_lineage.name', 'polymer_instance'),
  ];

  it('reads struct fields back from the SQL types the columns are written with', () => {
    const [citation] = snapshotColumns('entry', [], attributes).filter((c) => c.name === 'citation');
    expect([...structFields(citation!.sqlType).keys()]).toEqual(['year', 'title']);
    const [annotation] = snapshotColumns('polymer_instance', [], attributes).filter(
      (c) => c.name === 'rcsb_polymer_instance_annotation',
    );
    expect(structFields(annotation!.sqlType)).toEqual(
      new Map([
        ['type', new Set()],
        ['annotation_lineage', new Set(['name'])],
      ]),
    );
  });

  it('holds the attributes whose columns and fields are there, and no others', () => {
    for (const level of ['entry', 'polymer_instance'] as const) {
      const columns = new Map(snapshotColumns(level, [], attributes).map((c) => [c.name, c.sqlType]));
      const held = heldAttributes(level, columns);
      expect(new Set(held)).toEqual(new Set(attributes.filter((a) => a.level === level)));
    }
    const partial = new Map([
      ['rcsb_id', 'VARCHAR'],
      ['citation', 'STRUCT("year" BIGINT)[]'],
    ]);
    expect(heldAttributes('entry', partial).map((a) => a.path)).toEqual(['rcsb_id', 'citation.year']);
  });
});

const reference = sharedPath('reference', 'the catalogue against the official metadata schemas');

describe.skipIf(!reference)('the catalogue against the official metadata schemas', () => {
  interface Node {
    type?: string;
    format?: string;
    properties?: Record<string, Node>;
    items?: Node;
    rcsb_search_context?: string[];
  }
  function searchable(node: Node, path: string[], out: Map<string, Node>): void {
    if (node.properties)
      for (const [k, v] of Object.entries(node.properties)) searchable(v, [...path, k], out);
    else if (node.type === 'array' && node.items) searchable(node.items, path, out);
    else if (node.rcsb_search_context?.length) out.set(path.join('.'), node);
  }

  it.each(['structure_schema.json', 'chemical_schema.json'])(
    '%s: every searchable leaf, typed alike',
    (file) => {
      const leaves = new Map<string, Node>();
      searchable(JSON.parse(readFileSync(join(reference!, file), 'utf8')) as Node, [], leaves);
      expect(leaves.size).toBeGreaterThan(50);
      for (const [path, node] of leaves) {
        const attribute = FULL_CATALOGUE.find(path, 'entry');
        expect(attribute, path).toBeDefined();
        const type = node.format?.startsWith('date') ? 'date' : node.type;
        expect(attribute!.type, path).toBe(type);
        expect([...attribute!.contexts].sort(), path).toEqual([...node.rcsb_search_context!].sort());
      }
    },
  );
});

describe('counting attributes of the public metadata', () => {
  it('counts distinct paths, rcsb_id once, and leaves out the document fields', () => {
    expect(metadataCounts(CATALOGUE)).toEqual({ structure: 677, chemical: 57 });
  });
});
