import { createHash } from 'node:crypto';
import type { PlannedRequest } from '@pdb-stats/search-model';
import type { Engine, Lane } from '../engine/index.ts';
import { SearchPipeline, type AnswerLimits } from '../pipeline/index.ts';
import type { AnswerSource } from './answer-source.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** Answers from the local engine over the loaded snapshot, through the search pipeline. */
export class EngineSource implements AnswerSource {
  readonly lifetime = 'archive';
  readonly version: string;
  private readonly pipeline: SearchPipeline;

  /** `limits`: most buckets of one answer and most rows its facets read. */
  constructor(
    readonly engine: Engine,
    limits?: AnswerLimits,
  ) {
    this.pipeline = new SearchPipeline(engine, limits);
    this.version = sha1(JSON.stringify(engine.archiveInfo())).slice(0, 16);
  }

  get held() {
    return this.engine.held;
  }

  async search(plan: PlannedRequest, canonical: string, _body: unknown, lane?: Lane): Promise<string | null> {
    const response = await this.pipeline.search(plan, lane);
    // Without a query_id from the client, the id is derived from the request, so equal requests get equal answers.
    return (
      response && JSON.stringify({ ...response, query_id: plan.queryId ?? sha1(canonical).slice(0, 32) })
    );
  }

  archiveInfo(): Record<string, unknown> {
    return { ...this.engine.archiveInfo() };
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
