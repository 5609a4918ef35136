import type { Condition, Criterion, ReturnType } from '@pdb-stats/search-model';
import { isCondition, type Predicate } from '../nodes.ts';

/**
 * The nested root all nodes of an `and` group share, when the group holds only conditions on one
 * nested record: those must hold on the same record. A sub-group, or a
 * condition on anything else, makes every condition match independently.
 */
export function sameRecordRoot(criterion: Criterion): string | undefined {
  if (isCondition(criterion) || criterion.logicalOperator !== 'and' || criterion.nodes.length < 2) return;
  const roots = new Set(criterion.nodes.map((n) => (isCondition(n) ? n.attribute.nested?.root : undefined)));
  const [root] = roots;
  return roots.size === 1 ? root : undefined;
}

/** Maps a predicate at its own level to `level` (no node when they agree). */
export function mapTo(node: Predicate, from: ReturnType, to: ReturnType): Predicate {
  return from === to ? node : { kind: 'mapped', from, to, node };
}

function conditionPredicate(condition: Condition): Predicate {
  const { attribute, comparison, negation } = condition;
  const test: Predicate = attribute.nested
    ? {
        kind: 'record',
        level: attribute.level,
        root: attribute.nested.root,
        criterion: { ...condition, negation: false },
      }
    : { kind: 'test', attribute, comparison };
  // Negation at the attribute's level: objects without the attribute are kept, any match excludes.
  return negation ? { kind: 'not', node: test } : test;
}

/**
 * A criterion as a predicate over objects of `level`: each condition is evaluated at its
 * attribute's level and mapped to `level`; groups combine the mapped sets.
 */
export function toPredicate(criterion: Criterion, level: ReturnType): Predicate {
  if (isCondition(criterion)) {
    return mapTo(conditionPredicate(criterion), criterion.attribute.level, level);
  }
  const root = sameRecordRoot(criterion);
  if (root !== undefined) {
    const own = (criterion.nodes[0] as Condition).attribute.level;
    return mapTo({ kind: 'record', level: own, root, criterion }, own, level);
  }
  const nodes = criterion.nodes.map((node) => toPredicate(node, level));
  return nodes.length === 1 ? nodes[0]! : { kind: criterion.logicalOperator, nodes };
}
