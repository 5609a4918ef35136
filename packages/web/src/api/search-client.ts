import type { ReturnType, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import type { ArchiveInfo, EntryRecord, KeyDocument, SearchServiceClient } from '@pdb-stats/charts';
import { ENTRY_API_PREFIX, archiveEndpoint, searchEndpoint, trimBase } from '@pdb-stats/charts';
import { ResponseShapeError, checkSearchResponse } from './response-shape.ts';

export type { ArchiveInfo };

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

/**
 * The service's own refusal of a request, thrown in its process (a page drawn on the server), as the
 * ApiError its 400 answer gives over HTTP (the same body: status, message, field and code);
 * undefined for any other error.
 */
export function refusalOf(error: unknown): ApiError | undefined {
  if (!(error instanceof Error) || error.name !== 'RequestValidationError') return undefined;
  const { field, code } = error as Error & { field?: unknown; code?: unknown };
  return new ApiError(`400 ${error.message}`, 400, { status: 400, message: error.message, field, code });
}

/**
 * An ApiError from its JSON form (a refusal the server drew a page with, handed over with the page's
 * answers), or undefined when `value` is not one.
 */
export function revivedApiError(value: unknown): ApiError | undefined {
  const error = value as { name?: unknown; status?: unknown; payload?: unknown } | null;
  if (error?.name !== 'ApiError' || typeof error.status !== 'number') return undefined;
  const message = (error.payload as { message?: unknown } | undefined)?.message;
  return new ApiError(
    `${error.status} ${typeof message === 'string' ? message : ''}`.trim(),
    error.status,
    error.payload,
  );
}

/** A Retry-After header in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A request to the search service (the browser's fetch: the server draws pages in its own process). */
const fetchFromService: typeof fetch = (input, init) => fetch(input, init);

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
  const response = await fetch(searchEndpoint(searchApiUrl), {
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

/** Reads the archive manifest; null when the service has none (e.g. the public service: 404). */
async function getArchiveInfo(searchApiUrl: string, signal?: AbortSignal): Promise<ArchiveInfo | null> {
  const response = await fetch(archiveEndpoint(searchApiUrl), { ...(signal && { signal }) });
  if (response.status === 404 || response.status === 405) return null;
  if (!response.ok) throw await errorFrom(response);
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null ? (body as ArchiveInfo) : null;
}

/** `GET /rcsbsearch/v2/metadata/schema` (structure) or `/metadata/chemical/schema`. */
function metadataSchemaEndpoint(searchApiUrl: string, kind: 'structure' | 'chemical'): string {
  const path = kind === 'chemical' ? 'metadata/chemical/schema' : 'metadata/schema';
  return `${trimBase(searchApiUrl)}/rcsbsearch/v2/${path}`;
}

/** Reads a metadata schema: the attributes the service can search (for our service, those it holds). */
async function getMetadataSchema(
  searchApiUrl: string,
  kind: 'structure' | 'chemical',
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await fetch(metadataSchemaEndpoint(searchApiUrl, kind), { ...(signal && { signal }) });
  if (!response.ok) throw await errorFrom(response);
  return response.json();
}

/**
 * Key attributes of identifiers from our service (`GET /rcsbsearch/v2/documents`). Other search
 * services have no such endpoint: then the identifiers are shown alone (no documents).
 */
export async function getDocuments(
  searchApiUrl: string,
  returnType: ReturnType,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<KeyDocument[]> {
  if (ids.length === 0) return [];
  const url = `${trimBase(searchApiUrl)}/rcsbsearch/v2/documents?return_type=${encodeURIComponent(returnType)}&ids=${ids.map(encodeURIComponent).join(',')}`;
  try {
    const response = await fetchFromService(url, { ...(signal && { signal }) });
    if (!response.ok) return [];
    const body = (await response.json()) as { documents?: KeyDocument[] };
    return body.documents ?? [];
  } catch {
    return [];
  }
}

/**
 * What the archive holds for an entry (`GET /api/entries/<id>`); null for an id it does not hold
 * (404). Only a service whose manifest says `entry_records` is asked.
 */
export async function getEntry(
  searchApiUrl: string,
  id: string,
  signal?: AbortSignal,
): Promise<EntryRecord | null> {
  const url = `${trimBase(searchApiUrl)}${ENTRY_API_PREFIX}/${encodeURIComponent(id)}`;
  const response = await fetchFromService(url, { ...(signal && { signal }) });
  if (response.status === 404) return null;
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as EntryRecord;
}

/** The search service at `searchApiUrl`, over HTTP. */
export function httpServiceClient(searchApiUrl: string): SearchServiceClient {
  return {
    search: (request, signal) => postSearch(searchApiUrl, request, signal),
    archiveInfo: (signal) => getArchiveInfo(searchApiUrl, signal),
    metadataSchema: (kind, signal) => getMetadataSchema(searchApiUrl, kind, signal),
    documents: (returnType, ids, signal) => getDocuments(searchApiUrl, returnType, ids, signal),
    entry: (id, signal) => getEntry(searchApiUrl, id, signal),
  };
}
