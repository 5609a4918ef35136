import { describe, expect, it } from 'vitest';
import type { Criterion } from '@pdb-stats/search-model';
import type { Predicate } from '../nodes.ts';
import { plan, text } from '../testing/requests.ts';
import { sameRecordRoot, toPredicate } from './to-predicate.ts';

const and = (...nodes: object[]) => ({ type: 'group', logical_operator: 'and', nodes });
const or = (...nodes: object[]) => ({ type: 'group', logical_operator: 'or', nodes });
const criterion = (query: object, returnType = 'entry'): Criterion =>
  plan({
    return_type: returnType,
    query,
    request_options: { results_content_type: ['experimental', 'computational'] },
  }).query!;

/** A predicate tree in short: kinds, attribute paths and levels. */
function outline(node: Predicate): unknown {
  switch (node.kind) {
    case 'test':
      return `test ${node.attribute.path}`;
    case 'record':
      return `record ${node.root} @${node.level}`;
    case 'not':
      return { not: outline(node.node) };
    case 'and':
    case 'or':
      return { [node.kind]: node.nodes.map(outline) };
    case 'mapped':
      return { [`${node.from} -> ${node.to}`]: outline(node.node) };
  }
}

const kd = text('rcsb_binding_affinity.type', 'exact_match', 'Kd');
const strong = text('rcsb_binding_affinity.value', 'less', 1);
const method = text('rcsb_entry_info.experimental_method', 'exact_match', 'X-ray');

describe(`${sameRecordRoot.name}`, () => {
  it('an and-group of conditions on one nested record', () => {
    expect(sameRecordRoot(criterion(and(kd, strong)))).toBe('rcsb_binding_affinity');
    const scop = text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP');
    const lineage = text('rcsb_polymer_instance_annotation.annotation_lineage.name', 'exact_match', 'x');
    expect(sameRecordRoot(criterion(and(scop, lineage)))).toBe('rcsb_polymer_instance_annotation');
  });

  it('not with another condition, a sub-group, an or, or plain attributes', () => {
    expect(sameRecordRoot(criterion(and(kd, strong, method)))).toBeUndefined();
    expect(sameRecordRoot(criterion(and(and(kd), strong)))).toBeUndefined();
    expect(sameRecordRoot(criterion(or(kd, strong)))).toBeUndefined();
    expect(sameRecordRoot(criterion(and(method, text('exptl.method', 'exists'))))).toBeUndefined();
  });
});

describe(`${toPredicate.name}`, () => {
  it('conditions at the return level are tested in place; negation wraps the test', () => {
    expect(outline(toPredicate(criterion(method), 'entry'))).toBe('test rcsb_entry_info.experimental_method');
    expect(
      outline(toPredicate(criterion(text('exptl.method', 'exists', undefined, { negation: true })), 'entry')),
    ).toEqual({
      not: 'test exptl.method',
    });
  });

  it('conditions of other levels are mapped one by one', () => {
    const human = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Homo sapiens');
    const coli = text('rcsb_entity_source_organism.ncbi_scientific_name', 'exact_match', 'Escherichia coli');
    expect(outline(toPredicate(criterion(and(human, coli)), 'entry'))).toEqual({
      and: [
        { 'polymer_entity -> entry': 'test rcsb_entity_source_organism.ncbi_scientific_name' },
        { 'polymer_entity -> entry': 'test rcsb_entity_source_organism.ncbi_scientific_name' },
      ],
    });
    expect(outline(toPredicate(criterion(method, 'assembly'), 'assembly'))).toEqual({
      'entry -> assembly': 'test rcsb_entry_info.experimental_method',
    });
  });

  it('one record predicate for a same-record group, one per condition otherwise', () => {
    expect(outline(toPredicate(criterion(and(kd, strong)), 'polymer_entity'))).toEqual({
      'entry -> polymer_entity': 'record rcsb_binding_affinity @entry',
    });
    expect(outline(toPredicate(criterion(and(kd, strong, method)), 'entry'))).toEqual({
      and: [
        'record rcsb_binding_affinity @entry',
        'record rcsb_binding_affinity @entry',
        'test rcsb_entry_info.experimental_method',
      ],
    });
  });

  it('a negated nested condition: no record matches', () => {
    const predicate = toPredicate(
      criterion(text('rcsb_binding_affinity.type', 'exact_match', 'Kd', { negation: true })),
      'entry',
    );
    expect(outline(predicate)).toEqual({ not: 'record rcsb_binding_affinity @entry' });
    expect(predicate).toMatchObject({ node: { criterion: { negation: false } } });
  });
});
