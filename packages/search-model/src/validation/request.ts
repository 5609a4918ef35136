import { FULL_CATALOGUE, isAggregatable, type AttributeSet } from '../catalogue/index.ts';
import { RETURN_TYPES } from '../levels.ts';
import type { PlannedGroupBy, PlannedRequest, PlannedSort } from '../request/plan-input.ts';
import type { ReturnType } from '../levels.ts';
import { resolveAttribute } from './attributes.ts';
import { RequestValidationError } from './errors.ts';
import {
  child,
  expectArray,
  expectBoolean,
  expectEnum,
  expectInteger,
  expectNumber,
  expectObject,
  expectString,
  optional,
  required,
  type JsonObject,
} from './json.ts';
import { validateFacets } from './facets.ts';
import { checkRequestLimits, DEFAULT_COST_LIMITS, type CostLimits } from './limits.ts';
import { validateQueryNode } from './query.ts';

/** Most rows one page may hold. */
export const MAX_ROWS = 10000;
const DEFAULT_ROWS = 10;

const OPTION_KEYS = [
  'paginate',
  'sort',
  'facets',
  'results_content_type',
  'results_verbosity',
  'return_all_hits',
  'return_counts',
  'group_by',
  'group_by_return_type',
  'scoring_strategy',
  'return_explain_metadata',
] as const;

const SCORING_STRATEGIES = [
  'combined',
  'sequence',
  'seqmotif',
  'strucmotif',
  'structure',
  'chemical',
  'text',
  'text_chem',
  'full_text',
] as const;

/**
 * Checks a Search API v2 request and resolves it against the catalogue. Throws
 * RequestValidationError, whose message names the faulty field and the reason.
 */
export interface ValidationOptions {
  /** "Now" of relative dates (`now-1y`). */
  now?: Date;
  /** Attributes the archive holds; others of the catalogue are refused as not held. */
  held?: AttributeSet;
  /** What a request may cost; DEFAULT_COST_LIMITS by default. */
  limits?: CostLimits;
}

export function validateSearchRequest(value: unknown, options: ValidationOptions = {}): PlannedRequest {
  const now = options.now ?? new Date();
  const held = options.held ?? FULL_CATALOGUE;
  checkRequestLimits(value, options.limits ?? DEFAULT_COST_LIMITS);
  const request = expectObject(value, '', ['query', 'return_type', 'request_options', 'request_info']);
  const returnType: ReturnType = required(request, 'return_type', '', (v, p) =>
    expectEnum(v, p, RETURN_TYPES),
  );
  const query = optional(request, 'query', '', (v, p) =>
    validateQueryNode(v, p, { returnType, now, held, filter: false }),
  );
  const info = optional(request, 'request_info', '', (v, p) => expectObject(v, p, ['query_id', 'src']));
  const queryId = info && optional(info, 'query_id', 'request_info', expectString);
  if (info)
    optional(info, 'src', 'request_info', (v, p) =>
      expectEnum(v, p, ['ui', 'mypdb_service', 'mypdb_user', 'rcsb_test'] as const),
    );
  const requestOptions =
    optional(request, 'request_options', '', (v, p) => expectObject(v, p, OPTION_KEYS)) ?? ({} as JsonObject);
  return {
    returnType,
    ...(query && { query }),
    ...(queryId !== undefined && { queryId }),
    ...validateOptions(requestOptions, returnType, now, held),
  };
}

type Options = Pick<PlannedRequest, 'contentTypes' | 'page' | 'sort' | 'facets' | 'countOnly' | 'verbosity'>;

function validateOptions(
  options: JsonObject,
  returnType: ReturnType,
  now: Date,
  held: AttributeSet,
): Options {
  const path = 'request_options';
  const allHits = optional(options, 'return_all_hits', path, expectBoolean) ?? false;
  const countOnly = optional(options, 'return_counts', path, expectBoolean) ?? false;
  if (allHits && options.paginate !== undefined) {
    throw new RequestValidationError(
      'REQ_ERR_COMBINATION',
      child(path, 'return_all_hits'),
      'cannot be combined with paginate',
    );
  }
  if (allHits && countOnly) {
    throw new RequestValidationError(
      'REQ_ERR_COMBINATION',
      child(path, 'return_all_hits'),
      'cannot be combined with return_counts',
    );
  }
  const paginate = optional(options, 'paginate', path, (v, p) => expectObject(v, p, ['start', 'rows']));
  const pagePath = child(path, 'paginate');
  const start =
    (paginate &&
      optional(paginate, 'start', pagePath, (v, p) => expectInteger(v, p, 0, Number.MAX_SAFE_INTEGER))) ??
    0;
  const rows =
    (paginate && optional(paginate, 'rows', pagePath, (v, p) => expectInteger(v, p, 0, MAX_ROWS))) ??
    DEFAULT_ROWS;

  const contentTypes = optional(options, 'results_content_type', path, (v, p) => [
    ...new Set(
      expectArray(v, p, 1).map((item, i) =>
        expectEnum(item, child(p, i), ['experimental', 'computational'] as const),
      ),
    ),
  ]) ?? ['experimental'];
  const verbosity =
    optional(options, 'results_verbosity', path, (v, p) =>
      expectEnum(v, p, ['compact', 'minimal', 'verbose'] as const),
    ) ?? 'minimal';
  optional(options, 'scoring_strategy', path, (v, p) => expectEnum(v, p, SCORING_STRATEGIES));
  optional(options, 'return_explain_metadata', path, expectBoolean);
  const groupBy = optional(options, 'group_by', path, (v, p) => validateGroupBy(v, p, returnType, held));
  const groupReturn = optional(options, 'group_by_return_type', path, (v, p) =>
    expectEnum(v, p, ['groups', 'representatives'] as const),
  );
  if (groupReturn && !groupBy) {
    throw new RequestValidationError(
      'REQ_ERR_COMBINATION',
      child(path, 'group_by_return_type'),
      'needs group_by',
    );
  }
  const sort = optional(options, 'sort', path, (v, p) => validateSort(v, p, returnType, held)) ?? [];
  const facets =
    optional(options, 'facets', path, (v, p) => validateFacets(v, p, { returnType, now, held })) ?? [];
  return {
    contentTypes,
    page: { start, rows, all: allHits },
    sort,
    facets,
    countOnly,
    verbosity,
    ...(groupBy && { groupBy: { ...groupBy, returnType: groupReturn ?? 'representatives' } }),
  };
}

/** The return type each grouping method groups. */
const GROUPING: Record<PlannedGroupBy['method'], ReturnType> = {
  matching_uniprot_accession: 'polymer_entity',
  sequence_identity: 'polymer_entity',
  matching_chemical_component_id: 'non_polymer_entity',
};
/** Where each grouping method finds the group of a hit: the group identifier and, if any, the method. */
export const GROUP_SOURCE: Record<PlannedGroupBy['method'], { id: string; method?: string }> = {
  matching_uniprot_accession: {
    id: 'rcsb_polymer_entity_group_membership.group_id',
    method: 'rcsb_polymer_entity_group_membership.aggregation_method',
  },
  sequence_identity: {
    id: 'rcsb_polymer_entity_group_membership.group_id',
    method: 'rcsb_polymer_entity_group_membership.aggregation_method',
  },
  matching_chemical_component_id: { id: 'rcsb_nonpolymer_entity_container_identifiers.nonpolymer_comp_id' },
};

const METHODS = [
  'matching_uniprot_accession',
  'sequence_identity',
  'matching_chemical_component_id',
  'matching_deposit_group_id',
] as const;
const CUTOFFS = [100, 95, 90, 70, 50, 30];

function validateGroupBy(
  value: unknown,
  path: string,
  returnType: ReturnType,
  held: AttributeSet,
): Omit<PlannedGroupBy, 'returnType'> {
  const groupBy = expectObject(value, path, [
    'aggregation_method',
    'similarity_cutoff',
    'ranking_criteria_type',
  ]);
  const method = required(groupBy, 'aggregation_method', path, (v, p) => expectEnum(v, p, METHODS));
  const methodPath = child(path, 'aggregation_method');
  if (method === 'matching_deposit_group_id') {
    throw new RequestValidationError(
      'REQ_ERR_ATTRIBUTE_NOT_HELD',
      methodPath,
      'deposit groups (rcsb_entry_group_membership) are not held by this archive',
    );
  }
  if (GROUPING[method] !== returnType) {
    throw new RequestValidationError(
      'REQ_ERR_COMBINATION',
      methodPath,
      `"${method}" groups ${GROUPING[method]} results; the request's return_type is "${returnType}"`,
    );
  }
  const source = GROUP_SOURCE[method];
  for (const attribute of [source.id, source.method]) {
    if (attribute) resolveAttribute(attribute, methodPath, returnType, held);
  }
  const cutoff = optional(groupBy, 'similarity_cutoff', path, (v, p) => expectNumber(v, p));
  if (method === 'sequence_identity' && (cutoff === undefined || !CUTOFFS.includes(cutoff))) {
    throw new RequestValidationError(
      cutoff === undefined ? 'REQ_ERR_REQUIRED' : 'REQ_ERR_ENUM',
      child(path, 'similarity_cutoff'),
      `sequence_identity needs a similarity_cutoff of ${CUTOFFS.join(', ')}`,
    );
  }
  if (method !== 'sequence_identity' && cutoff !== undefined) {
    throw new RequestValidationError(
      'REQ_ERR_UNKNOWN_KEY',
      child(path, 'similarity_cutoff'),
      `is only for sequence_identity`,
    );
  }
  const rankingPath = child(path, 'ranking_criteria_type');
  const ranking = groupBy.ranking_criteria_type;
  let sort: PlannedSort[] = [];
  if (ranking !== undefined) {
    const byCoverage = (ranking as { sort_by?: unknown })?.sort_by === 'coverage';
    if (byCoverage) {
      expectObject(ranking, rankingPath, ['sort_by']);
      if (method !== 'matching_uniprot_accession') {
        throw new RequestValidationError(
          'REQ_ERR_VALUE',
          child(rankingPath, 'sort_by'),
          'ranking by coverage is only for matching_uniprot_accession',
        );
      }
      // Coverage of the UniProt sequence is not held; members then rank by score (identifier).
    } else sort = validateSort([ranking], rankingPath, returnType, held, false);
  }
  return {
    method,
    ...(cutoff !== undefined && { similarityCutoff: cutoff }),
    ranking: sort,
    echo: groupBy,
  };
}

function validateSort(
  value: unknown,
  path: string,
  returnType: ReturnType,
  held: AttributeSet,
  indexed = true,
): PlannedSort[] {
  return expectArray(value, path, 1).map((item, i) => {
    const itemPath = indexed ? child(path, i) : path;
    const sort = expectObject(item, itemPath, ['sort_by', 'direction', 'filter']);
    const sortBy = required(sort, 'sort_by', itemPath, expectString);
    const direction =
      optional(sort, 'direction', itemPath, (v, p) => expectEnum(v, p, ['asc', 'desc'] as const)) ?? 'desc';
    if (sort.filter !== undefined) {
      throw new RequestValidationError(
        'REQ_ERR_UNSUPPORTED',
        child(itemPath, 'filter'),
        'sort filters are not supported by this search service',
      );
    }
    if (sortBy === 'score') return { direction };
    const attribute = resolveAttribute(sortBy, child(itemPath, 'sort_by'), returnType, held);
    if (!isAggregatable(attribute)) {
      throw new RequestValidationError(
        'REQ_ERR_VALUE',
        child(itemPath, 'sort_by'),
        `cannot sort by the full-text attribute "${attribute.path}"`,
      );
    }
    return { attribute, direction };
  });
}
