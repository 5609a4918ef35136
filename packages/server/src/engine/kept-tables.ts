import {
  validateSearchRequest,
  type AttributeSet,
  type QueryNode,
  type SearchRequest,
} from '@pdb-stats/search-model';
import { withScope } from '@pdb-stats/charts';
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
  /** Tables kept (those the requests' statements read, scoped or not). */
  tables: number;
  /** Their rows together. */
  rows: number;
  seconds: number;
  /** Tables this engine made: none when they were read from the file an earlier start saved. */
  made: number;
  /**
   * Where they are: read from the file saved by an earlier start, made and saved to it, made into
   * it but not saved (why), or made in memory at every start (why: no file can be written).
   */
  place:
    | { kind: 'read' | 'saved'; file: string }
    | { kind: 'unsaved'; file: string; why: string }
    | { kind: 'memory'; why: string };
}

/**
 * Two scopes that share no table of their own (their key sets differ by a bound): what a request
 * reads under both depends on the request alone. An archive without release dates is probed with
 * no scope (the requests over them are refused).
 */
const PROBE_SCOPES: readonly QueryNode[] = ['1990-01-01', '2000-01-01'].map((value) => ({
  type: 'terminal',
  service: 'text',
  parameters: { attribute: 'rcsb_accession_info.initial_release_date', operator: 'greater', value },
}));

/**
 * The derived tables the statements of these requests read, each once, in the order they are
 * first read: planned and compiled as a search would be, nothing run. A request's first search
 * only (a grouped request's later searches depend on its answers); a request the archive cannot
 * answer (an attribute it does not hold) is passed over, as its search would be refused.
 *
 * Then the tables the same requests read over any scope (the dashboard's scope ANDed to a chart's
 * query), those of the scope itself left out. A facet statement over the hits reads its relations
 * joined in one table, which the hits are joined to once (see `SqlCompiler.joinedOnce`): a
 * distinct count's values still keyed by the return type, to be filtered by the hits before they
 * are counted; a trend chart's years and bins. They are found as the tables read over each of two
 * probe scopes: the scope's own (its hits, its key sets) differ between them.
 */
export function derivedTablesOf(
  requests: readonly SearchRequest[],
  dialect: DialectName,
  facts: ArchiveFacts,
  held: AttributeSet,
  now: Date = new Date(),
): DerivedTable[] {
  const compiler = DIALECTS[dialect].createCompiler();
  const tablesOf = (request: SearchRequest): DerivedTable[] => {
    let plan;
    try {
      plan = requestProgram(validateSearchRequest(request, { held, now })).steps[0]?.request(new Map());
    } catch {
      return [];
    }
    if (!plan) return [];
    const program = compiler.compile(planSearch(plan, facts));
    const tables: DerivedTable[] = [];
    const read = (query: CompiledQuery | undefined) => tables.push(...(query?.derived ?? []));
    const walk = (facet: FacetProgram) => {
      read(facet.query);
      if (facet.kind === 'buckets') {
        read(facet.universe);
        facet.children.forEach(walk);
      }
    };
    read(program.count);
    read(program.page);
    program.facets.forEach(walk);
    return tables;
  };
  const found = new Map<string, DerivedTable>();
  const add = (tables: readonly DerivedTable[]) => {
    for (const table of tables) if (!found.has(table.name)) found.set(table.name, table);
  };
  for (const request of requests) add(tablesOf(request));
  for (const request of requests) {
    const [first, second] = PROBE_SCOPES.map((scope) =>
      tablesOf({ ...request, query: withScope(scope, request.query) }),
    );
    const both = new Set(second!.map((table) => table.name));
    add(first!.filter((table) => both.has(table.name)));
  }
  return [...found.values()];
}
