import type { PlannedRequest, SearchResponse } from '@pdb-stats/search-model';

/** The answers of the steps run so far, by step name (`null`: the step's search found nothing). */
export type StepAnswers = ReadonlyMap<string, SearchResponse | null>;

/** One search of a request program. */
export interface ProgramStep {
  readonly name: string;
  /**
   * The search of this step, built from the answers of the steps before it; `undefined` when the
   * earlier answers show it is not needed (the answer is then complete without it).
   */
  readonly request: (answers: StepAnswers) => PlannedRequest | undefined;
}

/**
 * What a validated request becomes before compiling: plain searches run in order, in one engine
 * session, and the function that combines their answers into the response (`null`: HTTP 204).
 */
export interface RequestProgram {
  readonly steps: readonly ProgramStep[];
  readonly answer: (answers: StepAnswers) => SearchResponse | null;
}
