import type { Condition, Criterion } from '@pdb-stats/search-model';
import { conditionsOf, isCondition } from '../nodes.ts';

/**
 * Filters on a nested record with an inner list (an annotation and its lineage), split so that one
 * table of the items of the records they select can stand in for unnesting every record in each
 * relation: the drill-down levels of a classification all read the items of the same records.
 */
export interface ItemsSplit {
  /** The inner list the criteria on items name (none when all lie on the record's own fields). */
  inner?: string;
  /** Criteria on the record's own fields alone: they select the records whose items are kept. */
  records: Criterion[];
  /** Criteria read with the record in scope: their conditions hold on some item of the record. */
  onRecord: Criterion[];
  /** Criteria read with an item in scope: their conditions hold on that item. */
  onItem: Criterion[];
}

const onInner = (c: Condition) => !!c.attribute.nested?.inner;

/** An `and` group whose own conditions lie both on a nested record and on its inner list. */
export function spansOuterAndInner(criterion: Criterion): boolean {
  if (isCondition(criterion) || criterion.logicalOperator !== 'and') return false;
  const conditions = criterion.nodes.filter(isCondition);
  return conditions.some((c) => !onInner(c)) && conditions.some(onInner);
}

/**
 * Splits `filters` (each read with an item in scope when `itemScoped`, else with the record in
 * scope, as `recordCriterion` reads them) into the records' part and the rest, read the same way
 * as before. Undefined when no criterion lies on the record's own fields alone (the table would
 * hold every item of the archive), or when a criterion mixes the record's fields and the items'
 * in a way that cannot be taken apart (an `or`), or the items of two inner lists are named.
 */
export function splitForItems(filters: readonly Criterion[], itemScoped: boolean): ItemsSplit | undefined {
  const split: Omit<ItemsSplit, 'inner'> = { records: [], onRecord: [], onItem: [] };
  const inners = new Set<string>();
  const rest = (criterion: Criterion, recordScoped: boolean) => {
    for (const c of conditionsOf(criterion)) inners.add(c.attribute.nested!.inner!);
    (recordScoped ? split.onRecord : split.onItem).push(criterion);
  };
  for (const filter of filters) {
    const conditions = conditionsOf(filter);
    if (!conditions.some(onInner)) {
      split.records.push(filter);
    } else if (conditions.every(onInner)) {
      rest(filter, !itemScoped);
    } else {
      if (isCondition(filter) || filter.logicalOperator !== 'and') return undefined;
      const recordNodes = filter.nodes.filter((n) => !conditionsOf(n).some(onInner));
      const itemNodes = filter.nodes.filter((n) => !recordNodes.includes(n));
      if (!itemNodes.every((n) => conditionsOf(n).every(onInner))) return undefined;
      split.records.push(...recordNodes);
      // A group on the record and its items is read with the record in scope (see recordCriterion):
      // its conditions on items then hold together on some item of the record, not on the item in
      // scope. They stay a group, even one of a single condition: alone, a negated condition would
      // say that no item meets it, where in the group some item does not.
      const recordScoped = !itemScoped || spansOuterAndInner(filter);
      if (recordScoped) rest({ kind: 'group', logicalOperator: 'and', nodes: itemNodes }, true);
      else for (const node of itemNodes) rest(node, false);
    }
  }
  if (split.records.length === 0 || inners.size > 1) return undefined;
  const [inner] = inners;
  return { ...(inner !== undefined && { inner }), ...split };
}

/**
 * Read with the record in scope, the criterion holds only on a record with some item meeting its
 * conditions on items: a condition that is not negated, or an `and` with conditions of its own
 * (they hold together on one item).
 */
export function needsAnItem(criterion: Criterion): boolean {
  return isCondition(criterion)
    ? !criterion.negation
    : criterion.logicalOperator === 'and' && criterion.nodes.some(isCondition);
}
