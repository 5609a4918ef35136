import type { AttributeSet, PlannedRequest } from '@pdb-stats/search-model';
import type { Lane } from '../engine/index.ts';

/** How long a source's answers hold. */
export type AnswerLifetime =
  /** As long as the process serves the archive: a loaded snapshot never changes. */
  | 'archive'
  /**
   * Until the end of the UTC day they were fetched: a remote service's archive changes (weekly for
   * the public one) without telling us, so its answers are asked again each day.
   */
  | 'day';

/** Whether a source answers: a remote one may be slow or down. */
export interface SourceHealth {
  answering: boolean;
  /** When it last answered (epoch ms); undefined before its first answer. */
  lastAnswerAt?: number;
  /** Why it does not answer, naming it; set while `answering` is false. */
  reason?: string;
}

/**
 * Where answers come from: the local engine over a snapshot, or a remote Search API service. The
 * search service (validation, cache, ETag, stale answers) and the routes are the same for both.
 */
export interface AnswerSource {
  /** The attributes a request may name: validation is local, against these. */
  readonly held: AttributeSet;
  /** Part of every cache key, so answers of another archive or service are never served. */
  readonly version: string;
  readonly lifetime: AnswerLifetime;
  /**
   * The serialized answer to a validated request, or null for no hits (204). `canonical` is the
   * request's canonical JSON, `body` the request as the client sent it, `lane` how costly it is.
   */
  search(plan: PlannedRequest, canonical: string, body: unknown, lane: Lane): Promise<string | null>;
  /** What `GET /rcsbsearch/v2/archive` reports about the data. */
  archiveInfo(): Record<string, unknown>;
  /** Absent for a source that is always there (the local engine). */
  health?(): SourceHealth;
  close(): Promise<void>;
}
