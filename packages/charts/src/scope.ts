import type { GroupNode, QueryNode } from '@pdb-stats/search-model';
import { md5Hex } from './md5.ts';

/**
 * The scope of a chart: the searches it is drawn over. In the URL, `query` holds the JSON of one
 * Search API query node; repeated, each is a cohort drawn beside the others, `label` (repeated in
 * step with `query`, empty for none) names them, and `measure=percent` shows each cohort's bars as
 * a percentage of that cohort. No `query` at all is the whole archive.
 */

/** URL parameters of the scope. */
export const SCOPE_PARAMS = { query: 'query', label: 'label', measure: 'measure' } as const;

/** Cohorts a chart compares at most. */
export const MAX_COHORTS = 4;

export const MEASURES = ['count', 'percent'] as const;
/** What a bar shows: entries found, or the percentage of its cohort. */
export type Measure = (typeof MEASURES)[number];

/** One search a chart is drawn over. */
export interface Cohort {
  node: QueryNode;
  /** Name of the cohort in a comparison (legend, file name); absent for none. */
  label?: string;
}

/** The scope of a chart: no cohort is the whole archive, one is a scoped chart, more are compared. */
export interface Scope {
  cohorts: Cohort[];
  measure: Measure;
}

/** A scope parameter the dashboard cannot use: which parameter, which of its values, and why. */
export interface ScopeProblem {
  param: (typeof SCOPE_PARAMS)[keyof typeof SCOPE_PARAMS];
  /** Position of the value among the repeated parameter. */
  index: number;
  /** The value as written in the URL. */
  value: string;
  message: string;
}

/** A scope read from the URL: the usable cohorts, and what could not be read (the chart is not drawn then). */
export interface ScopeReading extends Scope {
  problems: ScopeProblem[];
}

export const WHOLE_ARCHIVE: Scope = { cohorts: [], measure: 'count' };

const NODE_TYPES = new Set(['terminal', 'group']);

/**
 * Parses one `query` value: JSON of an object whose `type` is `terminal` or `group`. Anything more
 * (attributes, operators, values) is for the service to judge, whose 400 names the problem.
 */
export function parseScopeNode(text: string): { node: QueryNode } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: 'must be a query node: a JSON object with "type" "terminal" or "group"' };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !NODE_TYPES.has(type))
    return { error: `"type" must be "terminal" or "group", not ${JSON.stringify(type ?? null)}` };
  return { node: value as QueryNode };
}

/** Reads the scope from URL parameters; every unusable value is reported, named by its parameter. */
export function readScope(params: URLSearchParams): ScopeReading {
  const problems: ScopeProblem[] = [];
  const queries = params.getAll(SCOPE_PARAMS.query);
  const labels = params.getAll(SCOPE_PARAMS.label);
  const cohorts: Cohort[] = [];
  queries.forEach((value, index) => {
    if (index >= MAX_COHORTS) {
      problems.push({
        param: 'query',
        index,
        value,
        message: `at most ${MAX_COHORTS} cohorts can be compared (this link has ${queries.length})`,
      });
      return;
    }
    const parsed = parseScopeNode(value);
    if ('error' in parsed) {
      problems.push({ param: 'query', index, value, message: parsed.error });
      return;
    }
    const label = labels[index]?.trim();
    cohorts.push({ node: parsed.node, ...(label && { label }) });
  });
  if (labels.length > queries.length) {
    labels.slice(queries.length).forEach((value, i) =>
      problems.push({
        param: 'label',
        index: queries.length + i,
        value,
        message: `names a cohort that has no query (${queries.length} query, ${labels.length} label)`,
      }),
    );
  }
  const measureText = params.get(SCOPE_PARAMS.measure);
  let measure: Measure = 'count';
  if (measureText !== null) {
    if ((MEASURES as readonly string[]).includes(measureText)) measure = measureText as Measure;
    else
      problems.push({
        param: 'measure',
        index: 0,
        value: measureText,
        message: `must be ${MEASURES.map((m) => `"${m}"`).join(' or ')}`,
      });
  }
  return { cohorts, measure, problems };
}

/**
 * Writes the scope into a copy of `params` (other parameters kept): one `query` per cohort, `label`
 * in step with them only when a cohort is named, `measure` only when not the default count.
 */
export function writeScope(params: URLSearchParams, scope: Scope): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(SCOPE_PARAMS)) next.delete(name);
  const cohorts = scope.cohorts.slice(0, MAX_COHORTS);
  for (const cohort of cohorts) next.append(SCOPE_PARAMS.query, JSON.stringify(cohort.node));
  if (cohorts.some((cohort) => cohort.label))
    for (const cohort of cohorts) next.append(SCOPE_PARAMS.label, cohort.label ?? '');
  if (scope.measure !== 'count') next.set(SCOPE_PARAMS.measure, scope.measure);
  return next;
}

/** The scope parameters alone (`query=…&label=…&measure=…`), to carry over to another page's link. */
export function scopeSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of Object.values(SCOPE_PARAMS))
    for (const value of params.getAll(name)) kept.append(name, value);
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Parameters of a single scope (one unnamed cohort), for a link such as "Chart these results". */
export function scopeParams(node: QueryNode): URLSearchParams {
  return writeScope(new URLSearchParams(), { cohorts: [{ node }], measure: 'count' });
}

/**
 * `scope AND node`: either alone when the other is absent. The chart's node stays a group of its own
 * (never flattened with the scope): the service matches the conditions of a flat `and` group on one
 * nested attribute on the same record, whereas the facets count the scope and the bar independently.
 */
export function withScope(scope: QueryNode | undefined, node: QueryNode | undefined): QueryNode | undefined {
  if (!scope) return node;
  if (!node) return scope;
  const own: GroupNode =
    node.type === 'group' ? node : { type: 'group', logical_operator: 'and', nodes: [node] };
  return { type: 'group', logical_operator: 'and', nodes: [scope, own] };
}

/**
 * A short tag of a scope for file names (`scope-1a2b3c4d`): the same node always gets the same tag,
 * so the dashboard's downloads and the chart data API name a scoped file alike.
 */
export function scopeTag(node: QueryNode): string {
  return `scope-${md5Hex(JSON.stringify(node)).slice(0, 8)}`;
}
