import {
  allowedOperators,
  FULL_CATALOGUE,
  type AttributeSet,
  type CatalogueAttribute,
} from '../catalogue/index.ts';
import type { ReturnType } from '../levels.ts';
import type { Operator } from '../request/wire.ts';
import { RequestValidationError } from './errors.ts';
import { describe } from './json.ts';

/** Resolves an attribute path of a request, telling an unknown path from one this archive does not hold. */
export function resolveAttribute(
  value: unknown,
  path: string,
  level: ReturnType,
  held: AttributeSet,
): CatalogueAttribute {
  if (typeof value !== 'string' || value.length === 0) {
    throw new RequestValidationError(
      'REQ_ERR_TYPE',
      path,
      `must be an attribute path, got ${describe(value)}`,
    );
  }
  const attribute = held.find(value, level);
  if (attribute) return attribute;
  if (FULL_CATALOGUE.find(value, level)) {
    throw new RequestValidationError(
      'REQ_ERR_ATTRIBUTE_NOT_HELD',
      path,
      `attribute "${value}" is part of the Search API vocabulary but not held by this archive (see GET /rcsbsearch/v2/metadata/schema)`,
    );
  }
  throw new RequestValidationError(
    'REQ_ERR_UNKNOWN_ATTRIBUTE',
    path,
    `unknown attribute "${value}" (see GET /rcsbsearch/v2/metadata/schema)`,
  );
}

export function checkOperator(attribute: CatalogueAttribute, operator: Operator, path: string): void {
  const allowed = allowedOperators(attribute);
  if (!allowed.includes(operator)) {
    throw new RequestValidationError(
      'REQ_ERR_OPERATOR',
      path,
      `operator "${operator}" is not allowed on attribute "${attribute.path}" (${attribute.type}); allowed: ${allowed.join(', ')}`,
    );
  }
}
