import { DEFAULT_COST_LIMITS, type PlannedRequest, type SearchResponse } from '@pdb-stats/search-model';
import type { Engine, EngineSession, Lane } from '../engine/engine.ts';
import { DIALECTS, planSearch, requestProgram, type SqlCompiler } from '../planner/index.ts';
import { runSearch, type AnswerLimits } from './run-search.ts';

/**
 * The one way a validated request becomes an answer, whatever the engine: the planner turns it
 * into its program (one search, or the several of a grouped request and how their answers
 * combine); each search is planned for this archive, compiled in the engine's dialect and run,
 * all in one engine session; the program combines the answers into the response.
 */
export class SearchPipeline {
  private readonly compiler: SqlCompiler;

  /**
   * `limits`: most buckets of one answer, counted as it is shaped (SEARCH_MAX_BUCKETS), and most
   * rows its facets read (SEARCH_MAX_FACET_ROWS).
   */
  constructor(
    private readonly engine: Engine,
    private readonly limits: AnswerLimits = DEFAULT_COST_LIMITS,
  ) {
    this.compiler = DIALECTS[engine.dialect].createCompiler();
  }

  /** The answer to a validated request; `null` when there is nothing to answer (HTTP 204). */
  search(plan: PlannedRequest, lane?: Lane): Promise<SearchResponse | null> {
    const program = requestProgram(plan);
    return this.engine.session(async (session) => {
      const answers = new Map<string, SearchResponse | null>();
      for (const step of program.steps) {
        const request = step.request(answers);
        if (request) answers.set(step.name, await this.run(request, session));
      }
      return program.answer(answers);
    }, lane);
  }

  private run(request: PlannedRequest, session: EngineSession): Promise<SearchResponse | null> {
    const program = this.compiler.compile(planSearch(request, this.engine.facts));
    return runSearch(program, session.execute, session.cached, this.limits);
  }
}
