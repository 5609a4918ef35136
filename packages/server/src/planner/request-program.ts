import type { PlannedRequest } from '@pdb-stats/search-model';
import { groupedProgram } from './grouping.ts';
import type { RequestProgram } from './program-steps.ts';

/** A plain request is one search; a grouped one is the searches that find its groups and members. */
export function requestProgram(request: PlannedRequest): RequestProgram {
  if (request.groupBy) return groupedProgram(request, request.groupBy);
  return {
    steps: [{ name: 'search', request: () => request }],
    answer: (answers) => answers.get('search') ?? null,
  };
}
