import type { CatalogueAttribute, AttributeSet } from '../catalogue/index.ts';
import type { ReturnType } from '../levels.ts';
import type { Comparison, Condition, Criterion, Scalar } from '../request/plan-input.ts';
import { OPERATORS, SERVICES, type Operator } from '../request/wire.ts';
import { checkOperator, resolveAttribute } from './attributes.ts';
import { RequestValidationError } from './errors.ts';
import {
  child,
  describe,
  expectArray,
  expectBoolean,
  expectEnum,
  expectInteger,
  expectObject,
  expectString,
  optional,
  required,
  type JsonObject,
} from './json.ts';
import { resolveDate, tokenize } from './values.ts';

/** `undefined` stands for "matches everything" (a text terminal without parameters). */
export type MaybeCriterion = Criterion | undefined;

interface Context {
  returnType: ReturnType;
  now: Date;
  held: AttributeSet;
  /** Filter nodes (facets, sort) have no full-text operators and an optional service. */
  filter: boolean;
}

const IMPLEMENTED_SERVICES = ['text', 'text_chem'] as const;

export function validateQueryNode(value: unknown, path: string, context: Context): MaybeCriterion {
  const kind = expectObject(value, path, [
    'type',
    'logical_operator',
    'nodes',
    'service',
    'parameters',
    'node_id',
    'label',
  ]);
  const type = required(kind, 'type', path, (v, p) => expectEnum(v, p, ['group', 'terminal'] as const));
  return type === 'group' ? validateGroup(kind, path, context) : validateTerminal(kind, path, context);
}

function validateGroup(node: JsonObject, path: string, context: Context): MaybeCriterion {
  expectObject(
    node,
    path,
    context.filter ? ['type', 'logical_operator', 'nodes'] : ['type', 'logical_operator', 'nodes', 'label'],
  );
  const logicalOperator = required(node, 'logical_operator', path, (v, p) =>
    expectEnum(v, p, ['and', 'or'] as const),
  );
  const items = required(node, 'nodes', path, (v, p) => expectArray(v, p, 1));
  const nodes = items.map((item, i) => validateQueryNode(item, child(child(path, 'nodes'), i), context));
  // "Match everything" is neutral in an and-group and absorbing in an or-group.
  if (logicalOperator === 'or' && nodes.some((n) => n === undefined)) return undefined;
  const kept = nodes.filter((n): n is Criterion => n !== undefined);
  if (kept.length === 0) return undefined;
  return { kind: 'group', logicalOperator, nodes: kept };
}

function validateTerminal(node: JsonObject, path: string, context: Context): MaybeCriterion {
  const allowed = context.filter
    ? ['type', 'service', 'parameters']
    : ['type', 'service', 'parameters', 'node_id', 'label'];
  expectObject(node, path, allowed);
  const read = context.filter ? optional : required;
  const service = read(node, 'service', path, (v, p) => expectEnum(v, p, SERVICES)) ?? 'text';
  if (!(IMPLEMENTED_SERVICES as readonly string[]).includes(service)) {
    throw new RequestValidationError(
      'REQ_ERR_SERVICE',
      child(path, 'service'),
      `service "${service}" is not implemented by this search service; it answers attribute searches with "text" and "text_chem"`,
    );
  }
  optional(node, 'node_id', path, (v, p) => expectInteger(v, p, 0, Number.MAX_SAFE_INTEGER));
  optional(node, 'label', path, expectString);
  if (node.parameters === undefined) {
    if (context.filter)
      throw new RequestValidationError('REQ_ERR_REQUIRED', child(path, 'parameters'), 'is required');
    return undefined;
  }
  const level = service === 'text_chem' ? 'mol_definition' : context.returnType;
  return validateParameters(node.parameters, child(path, 'parameters'), level, service, context);
}

function validateParameters(
  value: unknown,
  path: string,
  level: ReturnType,
  service: string,
  context: Context,
): Condition {
  const parameters = expectObject(value, path, [
    'attribute',
    'operator',
    'value',
    'negation',
    'case_sensitive',
  ]);
  const attribute = required(parameters, 'attribute', path, (v, p) =>
    resolveAttribute(v, p, level, context.held),
  );
  if (service === 'text_chem' && attribute.level !== 'mol_definition') {
    throw new RequestValidationError(
      'REQ_ERR_SERVICE',
      child(path, 'attribute'),
      `service "text_chem" searches chemical components; "${attribute.path}" is a structure attribute (use service "text")`,
    );
  }
  const operators = context.filter
    ? OPERATORS.filter((o) => o !== 'contains_words' && o !== 'contains_phrase')
    : OPERATORS;
  const operator = required(parameters, 'operator', path, (v, p) => expectEnum(v, p, operators));
  checkOperator(attribute, operator, child(path, 'operator'));
  const negation = optional(parameters, 'negation', path, expectBoolean) ?? false;
  const caseSensitive = optional(parameters, 'case_sensitive', path, expectBoolean) ?? false;
  const comparison = validateComparison(
    attribute,
    operator,
    parameters.value,
    child(path, 'value'),
    caseSensitive,
    context.now,
  );
  return { kind: 'condition', attribute, comparison, negation };
}

function scalarOf(attribute: CatalogueAttribute, value: unknown, path: string, now: Date): Scalar {
  if (attribute.type === 'date') return resolveDate(value, path, now);
  if (attribute.type === 'string') return expectString(value, path);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RequestValidationError(
      'REQ_ERR_VALUE',
      path,
      `attribute "${attribute.path}" is a${attribute.type === 'integer' ? 'n integer' : ' number'}; the value must be a JSON number, got ${describe(value)}`,
    );
  }
  return value;
}

function validateComparison(
  attribute: CatalogueAttribute,
  operator: Operator,
  value: unknown,
  path: string,
  caseSensitive: boolean,
  now: Date,
): Comparison {
  if (operator === 'exists') {
    if (value !== undefined)
      throw new RequestValidationError('REQ_ERR_VALUE', path, 'operator "exists" takes no value');
    return { operator };
  }
  if (value === undefined) {
    throw new RequestValidationError('REQ_ERR_REQUIRED', path, `is required with operator "${operator}"`);
  }
  switch (operator) {
    case 'exact_match':
      return { operator, value: expectString(value, path), caseSensitive };
    case 'in': {
      const items = expectArray(value, path, 1);
      return { operator, values: items.map((item, i) => scalarOf(attribute, item, child(path, i), now)) };
    }
    case 'contains_words':
    case 'contains_phrase': {
      const tokens = tokenize(expectString(value, path));
      if (tokens.length === 0) {
        throw new RequestValidationError(
          'REQ_ERR_VALUE',
          path,
          'must contain at least one word (letters or digits)',
        );
      }
      return { operator, tokens };
    }
    case 'range':
      return validateRange(attribute, value, path, now);
    default:
      return { operator, value: scalarOf(attribute, value, path, now) };
  }
}

function validateRange(attribute: CatalogueAttribute, value: unknown, path: string, now: Date): Comparison {
  const range = expectObject(value, path, ['from', 'to', 'include_lower', 'include_upper']);
  const from = optional(range, 'from', path, (v, p) => scalarOf(attribute, v, p, now));
  const to = optional(range, 'to', path, (v, p) => scalarOf(attribute, v, p, now));
  if (from === undefined && to === undefined) {
    throw new RequestValidationError('REQ_ERR_VALUE', path, 'a range needs "from", "to" or both');
  }
  if (from !== undefined && to !== undefined && from > to) {
    throw new RequestValidationError('REQ_ERR_VALUE', path, `"from" (${from}) is after "to" (${to})`);
  }
  return {
    operator: 'range',
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    includeLower: optional(range, 'include_lower', path, expectBoolean) ?? false,
    includeUpper: optional(range, 'include_upper', path, expectBoolean) ?? false,
  };
}
