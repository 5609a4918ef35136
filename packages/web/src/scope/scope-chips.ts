import type { QueryNode, ReturnType } from '@pdb-stats/search-model';
import type { RequestSummary } from '../search-pages/summary-loader.ts';

/**
 * The scope as chips: each condition of a top-level `and` group is a chip of its own (removable,
 * editable); any other node (one condition, an `or` group, a negated group) is one chip.
 */

export interface ScopeChip {
  node: QueryNode;
  /** The node in short words: "Resolution < 2 Å". */
  text: string;
  /** The node in a sentence: "Resolution below 2 Å". */
  sentence: string;
}

const isAnd = (node: QueryNode): node is Extract<QueryNode, { type: 'group' }> =>
  node.type === 'group' && node.logical_operator === 'and' && Array.isArray(node.nodes);

export function scopeChips(
  scope: QueryNode,
  summarizeNode: RequestSummary['summarizeNode'],
  returnType: ReturnType = 'entry',
): ScopeChip[] {
  const parts = isAnd(scope) ? scope.nodes : [scope];
  return parts.map((node) => {
    const json = JSON.stringify(node);
    return {
      node,
      text: summarizeNode(node, returnType, 'short') ?? json,
      sentence: summarizeNode(node, returnType) ?? json,
    };
  });
}

/** The parts of the scope after `change` (one chip replaced or removed); undefined when none is left. */
function rebuilt(scope: QueryNode, change: (parts: QueryNode[]) => QueryNode[]): QueryNode | undefined {
  const parts = change(isAnd(scope) ? [...scope.nodes] : [scope]);
  if (parts.length === 0) return undefined;
  if (parts.length === 1 && !isAnd(scope)) return parts[0];
  // The group keeps its own properties (a label) and stays a group, so it means what it meant.
  return isAnd(scope) ? { ...scope, nodes: parts } : parts[0];
}

/** The scope without chip `index`; undefined when it was the last one (the whole archive). */
export function withoutChip(scope: QueryNode, index: number): QueryNode | undefined {
  return rebuilt(scope, (parts) => parts.filter((_, i) => i !== index));
}

/** The scope with chip `index` replaced by `node`. */
export function withChip(scope: QueryNode, index: number, node: QueryNode): QueryNode {
  return rebuilt(scope, (parts) => parts.map((part, i) => (i === index ? node : part))) ?? node;
}
