import { randomUUID } from 'node:crypto';
import type { ResultItem, SearchResponse } from '@pdb-stats/search-model';
import type { CompiledQuery, FacetProgram, SearchPlan, SearchProgram } from '../planner/index.ts';
import {
  expandMasks,
  groupRows,
  shapeFacets,
  type FacetData,
  type Key,
  type ResultRow,
} from './shape-facets.ts';

/** Runs one statement; values come back as strings, numbers or null (no bigint, no Date). */
export type Execute = (query: CompiledQuery) => Promise<ResultRow[]>;

/** Runs a statement whose answer never changes while the archive is loaded, at most once. */
export type ExecuteCached = (query: CompiledQuery) => Promise<ResultRow[]>;

/**
 * `execute` run at most once per key: the answer (a promise, so concurrent searches share it) is
 * kept in `answers`, an engine's for as long as its archive is loaded; a failed one is forgotten.
 */
export function executeOnce(
  execute: Execute,
  answers: Map<string, Promise<ResultRow[]>>,
  keyOf: (query: CompiledQuery) => string,
): ExecuteCached {
  return (query) => {
    const key = keyOf(query);
    let answer = answers.get(key);
    if (!answer) {
      answer = execute(query);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
}

function resultItem(identifier: string, verbosity: SearchPlan['verbosity']): ResultItem {
  if (verbosity === 'compact') return identifier;
  if (verbosity === 'minimal') return { identifier, score: 1 };
  return { identifier, score: 1, services: [{ service_type: 'text', nodes: [] }] };
}

async function facetData(program: FacetProgram, execute: Execute, cached: ExecuteCached): Promise<FacetData> {
  const raw = await execute(program.query);
  const rows = program.mask ? expandMasks(raw, program.mask) : raw;
  const depth = program.node.ancestors.length;
  if (program.kind === 'cardinality') return { program, groups: groupRows(rows, depth), children: [] };
  const universe = program.universe && (await cached(program.universe)).map((row) => row[0] as Key);
  const children: FacetData[] = [];
  for (const child of program.children) children.push(await facetData(child, execute, cached));
  return {
    program,
    groups: groupRows(rows, depth),
    ...(universe && { universe: universe.filter((k) => k !== null) }),
    children,
  };
}

/**
 * Executes a compiled search and shapes the response: `null` when nothing
 * matches or the page starts beyond the last hit. Engine-neutral: each engine supplies `execute`.
 */
export async function runSearch(
  program: SearchProgram,
  execute: Execute,
  cached: ExecuteCached = execute,
): Promise<SearchResponse | null> {
  const { plan } = program;
  const [countRow] = await execute(program.count);
  const total = Number(countRow?.[0] ?? 0);
  if (total === 0) return null;
  const { page } = plan;
  if (!plan.countOnly && !page.all && page.rows > 0 && page.start >= total) return null;
  const response: SearchResponse = {
    query_id: plan.queryId ?? randomUUID(),
    result_type: plan.returnType,
    total_count: total,
  };
  if (plan.countOnly) return response;
  if (program.page) {
    const rows = await execute(program.page);
    response.result_set = rows.map((row) => resultItem(String(row[0]), plan.verbosity));
  }
  if (program.facets.length > 0) {
    const data: FacetData[] = [];
    for (const facet of program.facets) data.push(await facetData(facet, execute, cached));
    response.facets = shapeFacets(data);
  }
  return response;
}
