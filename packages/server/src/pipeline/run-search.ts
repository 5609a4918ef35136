import { randomUUID } from 'node:crypto';
import {
  RequestValidationError,
  type CostLimits,
  type FacetResult,
  type ResultItem,
  type SearchResponse,
} from '@pdb-stats/search-model';
import type { Execute, ExecuteCached } from '../engine/engine.ts';
import type { FacetProgram, SearchPlan, SearchProgram } from '../planner/index.ts';
import { executeOnce } from '../engine/execute-once.ts';
import {
  BucketBudget,
  groupRows,
  rangeKeyed,
  shapeFacets,
  type FacetData,
  type Key,
  type ResultRow,
} from './shape-facets.ts';

function resultItem(identifier: string, verbosity: SearchPlan['verbosity']): ResultItem {
  if (verbosity === 'compact') return identifier;
  // Verbose items would add the scores of each matching query node; every hit scores 1 here and
  // no node is scored, and the schema allows no service without scored nodes, so they are minimal.
  return { identifier, score: 1 };
}

/** A facet's rows of a statement it may share with other facets (`part`). */
function ownRows(program: FacetProgram, rows: ResultRow[]): ResultRow[] {
  if (program.kind !== 'cardinality' || program.part === undefined) return rows;
  return rows.filter((row) => Number(row[0]) === program.part).map((row) => row.slice(1));
}

async function facetData(program: FacetProgram, execute: Execute, cached: ExecuteCached): Promise<FacetData> {
  const rows = rangeKeyed(program, ownRows(program, await execute(program.query)));
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

/** What one answer may hold: its buckets, and the rows its facets' statements return. */
export type AnswerLimits = Pick<CostLimits, 'maxBuckets' | 'maxFacetRows'>;

const UNLIMITED: AnswerLimits = { maxBuckets: Infinity, maxFacetRows: Infinity };

/**
 * `execute` that counts the rows of all statements together and refuses the request once they
 * pass `limit`; the engine is asked to read no more than the rows left.
 */
function rowLimited(execute: Execute, limit: number): Execute {
  let read = 0;
  return async (query) => {
    const rows = await execute(query, limit - read);
    read += rows.length;
    if (read > limit)
      throw new RequestValidationError(
        'REQ_ERR_LIMIT',
        'request_options.facets',
        `the facets make the database return more than ${limit} rows (a row per bucket, and per pair of values for a facet nested in another): at most ${limit} are read for one answer; ask for fewer facets, or nest facets over attributes with fewer values`,
      );
    return rows;
  };
}

/**
 * Executes a compiled search and shapes the response: `null` when nothing matches or the page
 * starts beyond the last hit. Engine-neutral: the engine's session supplies `execute`. An answer
 * of more buckets than `limits` allows, or whose facets read more rows, is refused (400) before it
 * is built.
 */
export async function runSearch(
  program: SearchProgram,
  execute: Execute,
  cached: ExecuteCached = execute,
  limits: AnswerLimits = UNLIMITED,
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
    // Facets may compile to the same statement (date ranges by year beside a year histogram): it
    // runs once.
    const once = executeOnce(rowLimited(execute, limits.maxFacetRows), new Map(), (query) =>
      JSON.stringify([query.sql, query.parameters]),
    );
    const budget = new BucketBudget(limits.maxBuckets);
    const data: FacetData[] = [];
    for (const facet of program.facets) {
      const fetched = await facetData(facet, once, cached);
      budget.admit(fetched);
      data.push(fetched);
    }
    // One top-level facet at a time, the event loop free between them: a terms facet over every
    // identifier of a large archive takes a few hundred milliseconds to label and sort, and a
    // request may ask for dozens within the bucket limit (each with a small max_num_intervals).
    const facets: FacetResult[] = [];
    for (const facet of data) {
      facets.push(...shapeFacets([facet], [], budget));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (facets.length > 0) response.facets = facets;
  }
  return response;
}
