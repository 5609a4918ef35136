import type { CatalogueAttribute, ScalarType, AttributeSet } from '../catalogue/index.ts';
import type { ReturnType } from '../levels.ts';
import type { PlannedFacet } from '../request/plan-input.ts';
import { isAggregatable } from '../catalogue/index.ts';
import { resolveAttribute } from './attributes.ts';
import { RequestValidationError } from './errors.ts';
import {
  child,
  expectArray,
  expectEnum,
  expectInteger,
  expectNumber,
  expectObject,
  expectString,
  optional,
  required,
} from './json.ts';
import { validateQueryNode } from './query.ts';
import { resolveDate } from './values.ts';

const AGGREGATION_TYPES = [
  'terms',
  'histogram',
  'date_histogram',
  'range',
  'date_range',
  'cardinality',
] as const;
type AggregationType = (typeof AGGREGATION_TYPES)[number];

/** Keys each aggregation type allows (the official schemas forbid all others). */
const KEYS: Record<AggregationType, readonly string[]> = {
  terms: ['name', 'aggregation_type', 'attribute', 'min_interval_population', 'max_num_intervals', 'facets'],
  histogram: ['name', 'aggregation_type', 'attribute', 'interval', 'min_interval_population', 'facets'],
  date_histogram: ['name', 'aggregation_type', 'attribute', 'interval', 'min_interval_population', 'facets'],
  range: ['name', 'aggregation_type', 'attribute', 'ranges', 'facets'],
  date_range: ['name', 'aggregation_type', 'attribute', 'ranges', 'facets'],
  cardinality: ['name', 'aggregation_type', 'attribute', 'precision_threshold'],
};

/** Attribute types each aggregation accepts. */
const TYPES: Record<AggregationType, readonly ScalarType[]> = {
  terms: ['string', 'integer', 'number', 'date'],
  histogram: ['integer', 'number'],
  date_histogram: ['date'],
  range: ['integer', 'number'],
  date_range: ['date'],
  cardinality: ['string', 'integer', 'number', 'date'],
};

interface Context {
  returnType: ReturnType;
  now: Date;
  held: AttributeSet;
}

export function validateFacets(value: unknown, path: string, context: Context): PlannedFacet[] {
  return expectArray(value, path, 1).map((item, i) => validateFacet(item, child(path, i), context));
}

function validateFacet(value: unknown, path: string, context: Context): PlannedFacet {
  const facet = expectObject(value, path, [...new Set(Object.values(KEYS).flat()), 'filter']);
  if (facet.filter !== undefined || facet.aggregation_type === undefined)
    return validateFilterFacet(facet, path, context);
  const type = required(facet, 'aggregation_type', path, (v, p) => expectEnum(v, p, AGGREGATION_TYPES));
  expectObject(facet, path, KEYS[type]);
  const name = required(facet, 'name', path, expectString);
  if (name.length === 0)
    throw new RequestValidationError('REQ_ERR_VALUE', child(path, 'name'), 'must not be empty');
  const attribute = required(facet, 'attribute', path, (v, p) =>
    resolveAttribute(v, p, context.returnType, context.held),
  );
  checkAggregation(attribute, type, child(path, 'attribute'));
  const minPopulation = () =>
    optional(facet, 'min_interval_population', path, (v, p) =>
      expectInteger(v, p, 0, Number.MAX_SAFE_INTEGER),
    ) ?? 1;
  const facets = () => optional(facet, 'facets', path, (v, p) => validateFacets(v, p, context)) ?? [];
  switch (type) {
    case 'terms':
      return {
        kind: 'terms',
        name,
        attribute,
        minPopulation: minPopulation(),
        maxIntervals:
          optional(facet, 'max_num_intervals', path, (v, p) => expectInteger(v, p, 1, 65536)) ?? 65536,
        facets: facets(),
      };
    case 'histogram': {
      const interval = required(facet, 'interval', path, expectNumber);
      if (interval <= 0)
        throw new RequestValidationError('REQ_ERR_RANGE', child(path, 'interval'), 'must be greater than 0');
      return {
        kind: 'histogram',
        name,
        attribute,
        interval,
        minPopulation: minPopulation(),
        facets: facets(),
      };
    }
    case 'date_histogram':
      required(facet, 'interval', path, (v, p) => expectEnum(v, p, ['year'] as const));
      return { kind: 'date_histogram', name, attribute, minPopulation: minPopulation(), facets: facets() };
    case 'range':
      return {
        kind: 'range',
        name,
        attribute,
        ranges: validateRanges(facet.ranges, child(path, 'ranges'), expectNumber),
        facets: facets(),
      };
    case 'date_range':
      return {
        kind: 'date_range',
        name,
        attribute,
        ranges: validateRanges(facet.ranges, child(path, 'ranges'), (v, p) => resolveDate(v, p, context.now)),
        facets: facets(),
      };
    case 'cardinality':
      optional(facet, 'precision_threshold', path, (v, p) => expectInteger(v, p, 0, 40000));
      return { kind: 'cardinality', name, attribute };
  }
}

function checkAggregation(attribute: CatalogueAttribute, type: AggregationType, path: string): void {
  if (!isAggregatable(attribute)) {
    throw new RequestValidationError(
      'REQ_ERR_AGGREGATION',
      path,
      `aggregation is not allowed on the attribute "${attribute.path}" (a full-text attribute)`,
    );
  }
  if (!TYPES[type].includes(attribute.type)) {
    throw new RequestValidationError(
      'REQ_ERR_AGGREGATION',
      path,
      `a ${type} facet needs a ${TYPES[type].join(' or ')} attribute; "${attribute.path}" is ${attribute.type}`,
    );
  }
}

function validateRanges<T extends number | string>(
  value: unknown,
  path: string,
  read: (v: unknown, p: string) => T,
): { from?: T; to?: T }[] {
  if (value === undefined) throw new RequestValidationError('REQ_ERR_REQUIRED', path, 'is required');
  return expectArray(value, path, 1).map((item, i) => {
    const itemPath = child(path, i);
    const range = expectObject(item, itemPath, ['from', 'to']);
    const from = optional(range, 'from', itemPath, read);
    const to = optional(range, 'to', itemPath, read);
    if (from === undefined && to === undefined) {
      throw new RequestValidationError('REQ_ERR_VALUE', itemPath, 'a range needs "from", "to" or both');
    }
    if (from !== undefined && to !== undefined && from > to) {
      throw new RequestValidationError('REQ_ERR_VALUE', itemPath, `"from" (${from}) is after "to" (${to})`);
    }
    return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
  });
}

function validateFilterFacet(facet: Record<string, unknown>, path: string, context: Context): PlannedFacet {
  expectObject(facet, path, ['filter', 'facets']);
  const filter = required(facet, 'filter', path, (v, p) =>
    validateQueryNode(v, p, { ...context, filter: true }),
  );
  const facets = required(facet, 'facets', path, (v, p) => validateFacets(v, p, context));
  if (!filter)
    throw new RequestValidationError('REQ_ERR_REQUIRED', child(path, 'filter'), 'needs parameters');
  return { kind: 'filter', filter, facets };
}
