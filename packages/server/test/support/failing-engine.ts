import { RETURN_TYPES, type ReturnType } from '@pdb-stats/search-model';
import { DEMO_HELD } from './demo-held.ts';
import type { Engine } from '../../src/engine/index.ts';

/** An engine whose every search fails with `error`: how the HTTP layer answers engine failures. */
export function failingEngine(error: Error): Engine {
  return {
    dialect: 'duckdb',
    facts: { methodologies: [null] },
    session: () => Promise.reject(error),
    archiveInfo: () => ({
      row_counts: Object.fromEntries(RETURN_TYPES.map((level) => [level, 0])) as Record<ReturnType, number>,
    }),
    close: () => Promise.resolve(),
    held: DEMO_HELD,
  };
}
