import type { CompiledQuery } from '../planner/index.ts';
import type { Execute, ExecuteCached } from './engine.ts';
import type { ResultRow } from '../pipeline/shape-facets.ts';

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
