import { validateSearchRequest, type AttributeSet, type SearchRequest } from '@pdb-stats/search-model';
import {
  DIALECTS,
  planSearch,
  requestProgram,
  type ArchiveFacts,
  type CompiledQuery,
  type DerivedTable,
  type DialectName,
  type FacetProgram,
} from '../planner/index.ts';

/** What building the kept derived tables came to. */
export interface KeptTables {
  /** Tables kept (those the requests' statements read). */
  tables: number;
  /** Their rows together. */
  rows: number;
  seconds: number;
}

/**
 * The derived tables the statements of these requests read, each once, in the order they are
 * first read: planned and compiled as a search would be, nothing run. A request's first search
 * only (a grouped request's later searches depend on its answers); a request the archive cannot
 * answer (an attribute it does not hold) is passed over, as its search would be refused.
 */
export function derivedTablesOf(
  requests: readonly SearchRequest[],
  dialect: DialectName,
  facts: ArchiveFacts,
  held: AttributeSet,
  now: Date = new Date(),
): DerivedTable[] {
  const compiler = DIALECTS[dialect].createCompiler();
  const found = new Map<string, DerivedTable>();
  const read = (query: CompiledQuery | undefined) => {
    for (const table of query?.derived ?? []) if (!found.has(table.name)) found.set(table.name, table);
  };
  const walk = (facet: FacetProgram) => {
    read(facet.query);
    if (facet.kind === 'buckets') {
      read(facet.universe);
      facet.children.forEach(walk);
    }
  };
  for (const request of requests) {
    let plan;
    try {
      plan = requestProgram(validateSearchRequest(request, { held, now })).steps[0]?.request(new Map());
    } catch {
      continue;
    }
    if (!plan) continue;
    const program = compiler.compile(planSearch(plan, facts));
    read(program.count);
    read(program.page);
    program.facets.forEach(walk);
  }
  return [...found.values()];
}
