import type { Lane } from './engine/index.ts';

/** Conditions a light search may hold at most. */
const LIGHT_TERMINALS = 8;
/** Values of its `in` lists together. */
const LIGHT_IN_VALUES = 32;
/** Rows of its page. */
const LIGHT_ROWS = 100;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a (validated) request is light: a count or a short page under a few conditions, what a
 * visitor's query editor and results pages send. Facets, grouping, long value lists and long pages
 * are heavy: they may take seconds, and never hold every database connection.
 */
export function searchLane(request: unknown): Lane {
  if (!isObject(request)) return 'heavy';
  const options = isObject(request.request_options) ? request.request_options : {};
  if (Array.isArray(options.facets) && options.facets.length > 0) return 'heavy';
  if (options.group_by !== undefined || options.return_all_hits === true) return 'heavy';
  const page = isObject(options.paginate) ? options.paginate : {};
  if (typeof page.rows === 'number' && page.rows > LIGHT_ROWS) return 'heavy';
  let terminals = 0;
  let values = 0;
  const nodes: unknown[] = [request.query];
  while (nodes.length > 0) {
    const node = nodes.pop();
    if (!isObject(node)) continue;
    if (Array.isArray(node.nodes)) nodes.push(...node.nodes);
    else terminals += 1;
    const value = isObject(node.parameters) ? node.parameters.value : undefined;
    if (Array.isArray(value)) values += value.length;
  }
  return terminals <= LIGHT_TERMINALS && values <= LIGHT_IN_VALUES ? 'light' : 'heavy';
}
