import { describe, expect, it } from 'vitest';
import type { Criterion } from '@pdb-stats/search-model';
import { and, facets, not, or, text } from '../testing/requests.ts';
import { needsAnItem, splitForItems } from './record-items.ts';

const criterion = (filter: object): Criterion =>
  (
    facets([{ filter, facets: [{ name: 'x', aggregation_type: 'terms', attribute: 'exptl.method' }] }])
      .facets[0] as { filter: Criterion }
  ).filter;
const TYPE = text('rcsb_polymer_instance_annotation.type', 'exact_match', 'SCOP');
const ID = text('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', '51349');
const DEPTH = text('rcsb_polymer_instance_annotation.annotation_lineage.depth', 'equals', 2);
const paths = (criteria: readonly Criterion[] | undefined) =>
  criteria?.map(function names(c): unknown {
    return c.kind === 'condition'
      ? c.attribute.path.split('.').at(-1)
      : { [c.logicalOperator]: c.nodes.map(names) };
  });

describe(`${splitForItems.name}`, () => {
  it('a level of a lineage: the record condition selects the records, the rest reads their items', () => {
    const split = splitForItems([criterion(and(TYPE, ID)), criterion(DEPTH)], true)!;
    expect(split.inner).toBe('annotation_lineage');
    expect(paths(split.records)).toEqual(['type']);
    // The id holds on some item of the annotation (the group spans the record and its items)...
    expect(paths(split.onRecord)).toEqual([{ and: ['id'] }]);
    // ...the depth on the item counted.
    expect(paths(split.onItem)).toEqual(['depth']);
  });

  it('with the record in scope, conditions on items hold on some item', () => {
    const split = splitForItems([criterion(and(TYPE, ID, DEPTH))], false)!;
    expect(paths(split.onRecord)).toEqual([{ and: ['id', 'depth'] }]);
    expect(split.onItem).toEqual([]);
  });

  it('an and without conditions of its own on the record reads its groups on the item in scope', () => {
    const split = splitForItems([criterion(and(TYPE, or(ID, DEPTH)))], true)!;
    expect(paths(split.records)).toEqual(['type']);
    expect(paths(split.onItem)).toEqual([{ or: ['id', 'depth'] }]);
  });

  it('does not split an or of the record and its items, nor filters that select no records', () => {
    expect(splitForItems([criterion(or(TYPE, ID))], true)).toBeUndefined();
    expect(splitForItems([criterion(and(TYPE, or(TYPE, ID)))], true)).toBeUndefined();
    expect(splitForItems([criterion(ID), criterion(DEPTH)], true)).toBeUndefined();
  });
});

describe(`${needsAnItem.name}`, () => {
  it('a condition on items, or an and of them, needs an item; a negated one or an or of them does not', () => {
    const onRecord = (filter: object) => splitForItems([criterion(and(TYPE, filter))], false)!.onRecord[0]!;
    expect(needsAnItem(onRecord(ID))).toBe(true);
    // In the group, a negated condition says that some item fails it.
    expect(
      needsAnItem(
        onRecord(not('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', '1')),
      ),
    ).toBe(true);
    expect(
      needsAnItem(
        criterion(not('rcsb_polymer_instance_annotation.annotation_lineage.id', 'exact_match', '1')),
      ),
    ).toBe(false);
    expect(needsAnItem(onRecord(or(ID, DEPTH)))).toBe(false);
  });
});
