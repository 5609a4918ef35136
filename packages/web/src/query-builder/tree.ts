import { OPERATORS, type Operator, type RangeValue } from '@pdb-stats/search-model';
import type { AttributeService } from './catalogue.ts';

/**
 * The builder's view of a Search API query node. Conditions on an attribute (`text`, `text_chem`)
 * and and/or groups are edited; any other node (a full-text or sequence terminal, an unknown key) is
 * kept as it is, shown read-only, and written back untouched, so nothing the visitor wrote is lost.
 */
export type ConditionValue = string | number | RangeValue | (string | number)[];

export interface BuilderCondition {
  kind: 'condition';
  service: AttributeService;
  attribute: string;
  operator: Operator;
  value?: ConditionValue;
  /** As written: absent, true or false. */
  negation?: boolean;
  caseSensitive?: boolean;
  nodeId?: number;
  label?: string;
}

export interface BuilderGroup {
  kind: 'group';
  operator: 'and' | 'or';
  children: BuilderNode[];
  label?: string;
}

/** A node the builder cannot show as a condition or group, with why. */
export interface BuilderOpaque {
  kind: 'opaque';
  node: unknown;
  reason: string;
}

export type BuilderNode = BuilderCondition | BuilderGroup | BuilderOpaque;

/** Where a node sits: the indexes of the children leading to it from the root ([] is the root). */
export type NodePath = readonly number[];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

function unknownKey(object: Json, allowed: readonly string[]): string | undefined {
  return Object.keys(object).find((key) => !allowed.includes(key));
}

/** Why a value does not fit an operator; undefined when it does. */
function valueMisfit(operator: Operator, value: unknown): string | undefined {
  if (operator === 'exists') return value === undefined ? undefined : 'a value with "exists"';
  if (value === undefined) return `no value with "${operator}"`;
  if (operator === 'in')
    return Array.isArray(value) && value.length > 0 && value.every(isScalar)
      ? undefined
      : '"in" without a list of values';
  if (operator === 'range') {
    if (!isObject(value) || unknownKey(value, ['from', 'to', 'include_lower', 'include_upper']))
      return 'a range that is not {from, to, include_lower, include_upper}';
    const boundsOk = [value.from, value.to].every((b) => b === undefined || isScalar(b));
    const flagsOk = [value.include_lower, value.include_upper].every(
      (f) => f === undefined || typeof f === 'boolean',
    );
    return boundsOk && flagsOk && (value.from !== undefined || value.to !== undefined)
      ? undefined
      : 'a range without bounds';
  }
  return isScalar(value) ? undefined : `a value of "${operator}" that is not one string or number`;
}

function readTerminal(node: Json): BuilderNode {
  const opaque = (reason: string): BuilderOpaque => ({ kind: 'opaque', node, reason });
  const extra = unknownKey(node, ['type', 'service', 'parameters', 'node_id', 'label']);
  if (extra) return opaque(`key "${extra}"`);
  const service = node.service;
  if (service !== 'text' && service !== 'text_chem')
    return opaque(`a "${typeof service === 'string' ? service : '?'}" search`);
  const parameters = node.parameters;
  if (!isObject(parameters)) return opaque('a terminal without an attribute condition');
  const extraParameter = unknownKey(parameters, [
    'attribute',
    'operator',
    'value',
    'negation',
    'case_sensitive',
  ]);
  if (extraParameter) return opaque(`parameter "${extraParameter}"`);
  const { attribute, operator, value, negation, case_sensitive: caseSensitive } = parameters;
  if (typeof attribute !== 'string' || attribute === '') return opaque('no attribute');
  if (!(OPERATORS as readonly unknown[]).includes(operator))
    return opaque(`operator ${JSON.stringify(operator)}`);
  const misfit = valueMisfit(operator as Operator, value);
  if (misfit) return opaque(misfit);
  if (negation !== undefined && typeof negation !== 'boolean')
    return opaque('a "negation" that is no boolean');
  if (caseSensitive !== undefined && typeof caseSensitive !== 'boolean')
    return opaque('a "case_sensitive" that is no boolean');
  if (node.node_id !== undefined && !Number.isInteger(node.node_id))
    return opaque('a "node_id" that is no integer');
  if (node.label !== undefined && typeof node.label !== 'string') return opaque('a "label" that is no text');
  return {
    kind: 'condition',
    service,
    attribute,
    operator: operator as Operator,
    ...(value !== undefined && { value: value as ConditionValue }),
    ...(negation !== undefined && { negation }),
    ...(caseSensitive !== undefined && { caseSensitive }),
    ...(node.node_id !== undefined && { nodeId: node.node_id as number }),
    ...(node.label !== undefined && { label: node.label }),
  };
}

/** The builder's view of a query node (any JSON value). */
export function readNode(node: unknown): BuilderNode {
  if (!isObject(node)) return { kind: 'opaque', node, reason: 'not a query node' };
  if (node.type === 'terminal') return readTerminal(node);
  if (node.type !== 'group') return { kind: 'opaque', node, reason: 'no node type "group" or "terminal"' };
  const extra = unknownKey(node, ['type', 'logical_operator', 'nodes', 'label']);
  const { logical_operator: operator, nodes, label } = node;
  if (extra || (operator !== 'and' && operator !== 'or') || !Array.isArray(nodes) || nodes.length === 0)
    return {
      kind: 'opaque',
      node,
      reason: extra ? `key "${extra}"` : 'a group that is not and/or over nodes',
    };
  if (label !== undefined && typeof label !== 'string')
    return { kind: 'opaque', node, reason: 'a "label" that is no text' };
  return {
    kind: 'group',
    operator,
    children: nodes.map(readNode),
    ...(label !== undefined && { label }),
  };
}

/** The query node a builder node stands for. */
export function writeNode(node: BuilderNode): unknown {
  if (node.kind === 'opaque') return node.node;
  if (node.kind === 'group')
    return {
      type: 'group',
      logical_operator: node.operator,
      nodes: node.children.map(writeNode),
      ...(node.label !== undefined && { label: node.label }),
    };
  return {
    type: 'terminal',
    service: node.service,
    parameters: {
      attribute: node.attribute,
      operator: node.operator,
      ...(node.negation !== undefined && { negation: node.negation }),
      ...(node.caseSensitive !== undefined && { case_sensitive: node.caseSensitive }),
      ...(node.value !== undefined && { value: node.value }),
    },
    ...(node.nodeId !== undefined && { node_id: node.nodeId }),
    ...(node.label !== undefined && { label: node.label }),
  };
}

export function nodeAt(root: BuilderNode, path: NodePath): BuilderNode | undefined {
  let node: BuilderNode | undefined = root;
  for (const index of path) node = node?.kind === 'group' ? node.children[index] : undefined;
  return node;
}

/** The tree with the node at `path` replaced. */
export function replaceAt(root: BuilderNode, path: NodePath, next: BuilderNode): BuilderNode {
  if (path.length === 0) return next;
  if (root.kind !== 'group') return root;
  const [index, ...rest] = path as [number, ...number[]];
  const children = root.children.map((child, i) => (i === index ? replaceAt(child, rest, next) : child));
  return { ...root, children };
}

/**
 * The tree without the node at `path`; a group left empty goes too (a group needs a node), and
 * undefined is a tree with nothing left: no condition, everything matches.
 */
export function removeAt(root: BuilderNode, path: NodePath): BuilderNode | undefined {
  if (path.length === 0) return undefined;
  if (root.kind !== 'group') return root;
  const [index, ...rest] = path as [number, ...number[]];
  const children = root.children.flatMap((child, i) => {
    if (i !== index) return [child];
    const kept = removeAt(child, rest);
    return kept ? [kept] : [];
  });
  return children.length > 0 ? { ...root, children } : undefined;
}

/**
 * The tree with `node` added to the group at `path`. Added to a root that is no group (or to
 * nothing), it joins the root in an and-group (or becomes the root).
 */
export function addTo(root: BuilderNode | undefined, path: NodePath, node: BuilderNode): BuilderNode {
  if (!root) return node;
  const target = nodeAt(root, path);
  if (target?.kind === 'group')
    return replaceAt(root, path, { ...target, children: [...target.children, node] });
  return replaceAt(root, path, { kind: 'group', operator: 'and', children: [target ?? root, node] });
}

/** Whether a group can be negated: only terminals carry a negation, so every node in it must be a condition. */
export function canNegate(node: BuilderNode): boolean {
  if (node.kind === 'opaque') return false;
  return node.kind === 'condition' || node.children.every(canNegate);
}

/**
 * The negation of a node. The Search API has no negated group, so a group is negated by De Morgan's
 * laws: "not (a and b)" is "(not a) or (not b)".
 */
export function negate(node: BuilderNode): BuilderNode {
  if (node.kind === 'opaque') return node;
  if (node.kind === 'condition') {
    const { negation, ...rest } = node;
    return negation ? rest : { ...rest, negation: true };
  }
  return { ...node, operator: node.operator === 'and' ? 'or' : 'and', children: node.children.map(negate) };
}
