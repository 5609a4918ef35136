import {
  allowedOperators,
  findAttribute,
  type Operator,
  type QueryNode,
  type ReturnType,
  type TerminalNode,
  type TerminalValue,
} from '@pdb-stats/search-model';
import { summarizeNode } from '../search-pages/request-summary.ts';

/**
 * The scope as chips: each condition of a top-level `and` group is a chip of its own (removable,
 * editable); any other node (one condition, an `or` group, a negated group) is one chip.
 */

export interface ScopeChip {
  node: QueryNode;
  /** The node in plain words. */
  text: string;
}

const isAnd = (node: QueryNode): node is Extract<QueryNode, { type: 'group' }> =>
  node.type === 'group' && node.logical_operator === 'and' && Array.isArray(node.nodes);

export function scopeChips(scope: QueryNode, returnType: ReturnType = 'entry'): ScopeChip[] {
  const parts = isAnd(scope) ? scope.nodes : [scope];
  return parts.map((node) => ({ node, text: summarizeNode(node, returnType) ?? JSON.stringify(node) }));
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

// ---------------------------------------------------------------------------------------------------
// Editing one condition in place

/** A condition as its editor shows it: the attribute, the operator, and the value as typed. */
export interface ConditionDraft {
  attribute: string;
  operator: Operator;
  /** The value; for `in`, values separated by commas. */
  value: string;
  /** Upper bound of a `range`. */
  to: string;
  negation: boolean;
}

/** A single condition on an attribute, which the chip editor can edit (other chips are edited as JSON). */
export function editableCondition(node: QueryNode): TerminalNode | undefined {
  if (node.type !== 'terminal') return undefined;
  const attribute = node.parameters?.attribute;
  return typeof attribute === 'string' && typeof node.parameters?.operator === 'string' ? node : undefined;
}

/** The operators a condition's attribute allows (the catalogue's), its own operator always among them. */
export function operatorsOf(
  attribute: string,
  current: Operator,
  returnType: ReturnType = 'entry',
): Operator[] {
  const found = findAttribute(attribute, returnType);
  const allowed = found ? [...allowedOperators(found)] : [];
  return allowed.includes(current) ? allowed : [current, ...allowed];
}

const valueText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : Array.isArray(value)
      ? value.map(valueText).join(', ')
      : String(value);

export function draftOf(node: TerminalNode): ConditionDraft {
  const parameters = node.parameters;
  const attribute = parameters?.attribute ?? '';
  const operator = parameters?.operator ?? 'exact_match';
  const value = parameters?.value;
  const range =
    operator === 'range' && typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { from?: unknown; to?: unknown })
      : undefined;
  return {
    attribute,
    operator,
    value: range ? valueText(range.from) : valueText(value),
    to: range ? valueText(range.to) : '',
    negation: parameters?.negation === true,
  };
}

/** A typed value as the attribute's type reads it: numbers as numbers, anything else as typed. */
function typed(text: string, numeric: boolean): string | number {
  const trimmed = text.trim();
  return numeric && trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/**
 * The condition a draft describes, the original's other parameters kept (a range's bounds
 * inclusion). Values are not judged here: the service's 400 names what is wrong.
 */
export function conditionOf(
  draft: ConditionDraft,
  original: TerminalNode,
  returnType: ReturnType = 'entry',
): TerminalNode {
  const type = findAttribute(draft.attribute, returnType)?.type;
  const numeric = type === 'integer' || type === 'number';
  const { operator } = draft;
  const before = original.parameters?.value;
  let value: TerminalValue | undefined;
  switch (operator) {
    case 'exists':
      value = undefined;
      break;
    case 'in':
      value = draft.value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .map((v) => typed(v, numeric)) as TerminalValue;
      break;
    case 'range': {
      const bounds =
        typeof before === 'object' && before !== null && !Array.isArray(before)
          ? (before as { include_lower?: boolean; include_upper?: boolean })
          : {};
      value = {
        ...(draft.value.trim() !== '' && { from: typed(draft.value, numeric) }),
        ...(draft.to.trim() !== '' && { to: typed(draft.to, numeric) }),
        include_lower: bounds.include_lower ?? true,
        include_upper: bounds.include_upper ?? true,
      };
      break;
    }
    default:
      value = typed(draft.value, numeric);
  }
  const { value: _old, negation: _negation, ...rest } = original.parameters ?? {};
  return {
    ...original,
    parameters: {
      ...rest,
      attribute: draft.attribute,
      operator,
      ...(value !== undefined && { value }),
      ...(draft.negation && { negation: true }),
    },
  };
}

/** Operators in words, for the editor's list. */
export const OPERATOR_WORDS: Record<string, string> = {
  exact_match: 'is',
  in: 'is one of',
  contains_words: 'contains the words',
  contains_phrase: 'contains the phrase',
  equals: '=',
  greater: '>',
  greater_or_equal: '≥',
  less: '<',
  less_or_equal: '≤',
  range: 'from … to',
  exists: 'is given',
};
