import type { Operator } from '../request/wire.ts';
import type { CatalogueAttribute } from './attributes.ts';

/**
 * Attributes a facet or sort can use: keyword strings, numbers and dates, not full-text-only strings
 * (all it needs, so that a client can ask the same of an attribute read from a metadata schema).
 */
export function isAggregatable(attribute: Pick<CatalogueAttribute, 'type' | 'contexts'>): boolean {
  return attribute.type !== 'string' || attribute.contexts.includes('exact-match');
}

const NUMERIC_OPERATORS: readonly Operator[] = [
  'equals',
  'greater',
  'greater_or_equal',
  'less',
  'less_or_equal',
  'range',
  'in',
  'exists',
];

/**
 * The operators an attribute allows, derived from its type and search contexts (all it needs, so that
 * a client can ask the same of an attribute read from a service's metadata schema).
 */
export function allowedOperators(
  attribute: Pick<CatalogueAttribute, 'type' | 'contexts'>,
): readonly Operator[] {
  if (attribute.type !== 'string') return NUMERIC_OPERATORS;
  const operators: Operator[] = [];
  if (attribute.contexts.includes('exact-match')) operators.push('exact_match', 'in');
  if (attribute.contexts.includes('full-text')) operators.push('contains_words', 'contains_phrase');
  operators.push('exists');
  return operators;
}
