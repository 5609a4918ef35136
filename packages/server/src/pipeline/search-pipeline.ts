import type { PlannedRequest, SearchResponse } from '@pdb-stats/search-model';
import type { Engine, EngineSession } from '../engine/engine.ts';
import { DIALECTS, planSearch, type SqlCompiler } from '../planner/index.ts';
import { groupedSearch } from './grouping.ts';
import { runSearch } from './run-search.ts';

/**
 * The one way a validated request becomes an answer, whatever the engine: plan it for this archive,
 * compile it in the engine's dialect, run the statements in one engine session, shape the response.
 * A grouped request is several plain searches composed, all in that session.
 */
export class SearchPipeline {
  private readonly compiler: SqlCompiler;

  constructor(private readonly engine: Engine) {
    this.compiler = DIALECTS[engine.dialect].createCompiler();
  }

  /** The answer to a validated request; `null` when there is nothing to answer (HTTP 204). */
  search(plan: PlannedRequest): Promise<SearchResponse | null> {
    return this.engine.session((session) => {
      const run = (request: PlannedRequest) => this.run(request, session);
      return plan.groupBy ? groupedSearch(run, plan, plan.groupBy) : run(plan);
    });
  }

  private run(request: PlannedRequest, session: EngineSession): Promise<SearchResponse | null> {
    const program = this.compiler.compile(planSearch(request, this.engine.facts));
    return runSearch(program, session.execute, session.cached);
  }
}
