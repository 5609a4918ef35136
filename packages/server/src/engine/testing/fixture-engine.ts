import type { PlannedRequest, SearchResponse } from '@pdb-stats/search-model';
import { SearchPipeline } from '../../pipeline/index.ts';
import { openDuckDbEngine, type DuckDbEngineOptions } from '../duckdb/duckdb-engine.ts';
import type { Engine } from '../engine.ts';
import { FIXTURE_ARCHIVE } from './fixture-archive.ts';
import { ids } from '../../planner/testing/requests.ts';
import { tinySnapshot, type SnapshotRows } from './tiny-snapshot.ts';
import { checkAnswer } from '../../../../../test-support/response-schema.ts';

export interface FixtureEngine {
  engine: Engine;
  /** A validated request answered by the search pipeline over this engine. */
  search(request: PlannedRequest): Promise<SearchResponse | null>;
  /** Identifiers a query finds (empty for a 204). */
  found(query: object | undefined, returnType?: string, options?: object): Promise<string[]>;
  close(): Promise<void>;
}

/** The DuckDB engine over a tiny hand-made snapshot (the fixture archive by default). */
export async function openFixtureEngine(
  rows: SnapshotRows = FIXTURE_ARCHIVE,
  options: DuckDbEngineOptions = {},
): Promise<FixtureEngine> {
  const snapshot = await tinySnapshot(rows);
  const engine = await openDuckDbEngine(snapshot.dir, options);
  const pipeline = new SearchPipeline(engine);
  // The answers the route would send, checked against the official response schema like the
  // route's own (a violation fails the test after which it is recorded).
  const search = async (request: PlannedRequest) => {
    const response = await pipeline.search(request);
    if (response !== null) checkAnswer(`the search pipeline: ${JSON.stringify(request)}`, response);
    return response;
  };
  return {
    engine,
    search,
    found: async (query, returnType, options) => {
      const request: PlannedRequest = ids(query, returnType, options);
      return ((await search(request))?.result_set ?? []) as string[];
    },
    close: async () => {
      await engine.close();
      await snapshot.remove();
    },
  };
}
