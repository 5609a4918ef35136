import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import { archiveEndpoint, searchEndpoint, trimBase } from './addresses.ts';
import { ResponseShapeError, checkSearchResponse } from './response-shape.ts';

/** A failed request to the search service, with its HTTP status and the service's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly payload?: unknown,
    /** How long the service asked the client to wait before asking again (Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A Retry-After header in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * How requests reach the search service: the global fetch; on the server, which renders pages from
 * its own answers, a fetch that hands them to its own routes without a trip over the network.
 */
let send: typeof fetch = (input, init) => fetch(input, init);

export function setServiceFetch(serviceFetch: typeof fetch): void {
  send = serviceFetch;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let payload: unknown;
  let detail = response.statusText;
  try {
    payload = await response.json();
    const message = (payload as { message?: unknown })?.message;
    if (typeof message === 'string') detail = message;
  } catch {
    // Not JSON: keep the status text.
  }
  const wait = retryAfterMs(response.headers.get('retry-after'));
  return new ApiError(`${response.status} ${detail}`.trim(), response.status, payload, wait);
}

/**
 * Sends a search request (`POST /rcsbsearch/v2/query`). A 204 means no hits: null, not an error.
 */
export async function postSearch(
  searchApiUrl: string,
  request: SearchRequest,
  signal?: AbortSignal,
): Promise<SearchResponse | null> {
  const response = await send(searchEndpoint(searchApiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    ...(signal && { signal }),
  });
  if (response.status === 204) return null;
  if (!response.ok) throw await errorFrom(response);
  // Read first, parse second: a connection lost while reading is a network error, not bad JSON.
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('The search service sent an answer that is not JSON', response.status);
  }
  try {
    return checkSearchResponse(body);
  } catch (error) {
    if (!(error instanceof ResponseShapeError)) throw error;
    throw new ApiError(
      `The search service sent an answer of an unexpected shape: ${error.message}`,
      response.status,
      body,
    );
  }
}

/** The archive manifest our service reports (`GET /rcsbsearch/v2/archive`). */
export interface ArchiveInfo {
  source?: string;
  demo?: boolean;
  archive_date?: string;
  counts?: Record<string, number>;
  /** How many attributes of each metadata schema the archive holds, out of the catalogue's. */
  attributes?: Partial<Record<'structure' | 'chemical', { held: number; catalogue: number }>>;
}

/** Reads the archive manifest; null when the service has none (e.g. the public service: 404). */
export async function getArchiveInfo(
  searchApiUrl: string,
  signal?: AbortSignal,
): Promise<ArchiveInfo | null> {
  const response = await send(archiveEndpoint(searchApiUrl), { ...(signal && { signal }) });
  if (response.status === 404 || response.status === 405) return null;
  if (!response.ok) throw await errorFrom(response);
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null ? (body as ArchiveInfo) : null;
}

/** `GET /rcsbsearch/v2/metadata/schema` (structure) or `/metadata/chemical/schema`. */
export function metadataSchemaEndpoint(searchApiUrl: string, kind: 'structure' | 'chemical'): string {
  const path = kind === 'chemical' ? 'metadata/chemical/schema' : 'metadata/schema';
  return `${trimBase(searchApiUrl)}/rcsbsearch/v2/${path}`;
}

/** Reads a metadata schema: the attributes the service can search (for our service, those it holds). */
export async function getMetadataSchema(
  searchApiUrl: string,
  kind: 'structure' | 'chemical',
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await send(metadataSchemaEndpoint(searchApiUrl, kind), { ...(signal && { signal }) });
  if (!response.ok) throw await errorFrom(response);
  return response.json();
}
