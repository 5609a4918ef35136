import type { ReturnType, SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import type { EntryRecord } from './entry-record.ts';

/**
 * What the server and the dashboard's server entry (built by `vite build --ssr`) agree on to draw a
 * page on the server: the server loads the entry as a built file, never the dashboard's sources.
 */

/** The archive manifest the search service reports (`GET /rcsbsearch/v2/archive`). */
export interface ArchiveInfo {
  source?: string;
  demo?: boolean;
  archive_date?: string;
  counts?: Record<string, number>;
  /** How many attributes of each metadata schema the archive holds, out of the catalogue's. */
  attributes?: Partial<Record<'structure' | 'chemical', { held: number; catalogue: number }>>;
  /** True when the service answers `GET /api/entries/<id>` from the archive it serves. */
  entry_records?: boolean;
}

/** The key attributes of a result identifier (title, method, names), which the Search API does not return. */
export type KeyDocument = { identifier: string } & Record<string, unknown>;

/**
 * How the dashboard's pages reach the search service: over HTTP in the browser; on the server that
 * draws a page, the service itself in the same process, on behalf of the visitor who asked.
 */
export interface SearchServiceClient {
  /** A search's answer; null when nothing matched (the service's 204). */
  search(request: SearchRequest, signal?: AbortSignal): Promise<SearchResponse | null>;
  /** The archive manifest; null when the service has none (the public service). */
  archiveInfo(signal?: AbortSignal): Promise<ArchiveInfo | null>;
  /** A metadata schema: the attributes the service searches (for ours, those the archive holds). */
  metadataSchema(kind: 'structure' | 'chemical', signal?: AbortSignal): Promise<unknown>;
  /**
   * The key attributes of identifiers, in the order asked, unknown ones left out; none from a
   * service without them (the public one). A list, not a map: a page drawn on the server hands its
   * answers to the browser as JSON.
   */
  documents(returnType: ReturnType, ids: readonly string[], signal?: AbortSignal): Promise<KeyDocument[]>;
  /**
   * What the archive holds for an entry; null for an id it does not hold, or from a service that
   * keeps no records of its own (the public one, or ours over an upstream service).
   */
  entry(id: string, signal?: AbortSignal): Promise<EntryRecord | null>;
}

/** A page to draw. */
export interface RenderRequest {
  /** Address of the page: its path (base path included) and query string. */
  url: string;
  /** The root element's config, as the page carries it in `data-config`. */
  config: string;
  /** Answers the page's searches. */
  service: SearchServiceClient;
  /** Aborts the render (the server's time limit). */
  signal?: AbortSignal;
}

/** A page drawn on the server. */
export interface RenderedPage {
  /** The markup of the root element's content. */
  html: string;
  /** The query cache the markup was drawn from, as JSON safe inside a `<script>` element. */
  state: string;
  /** The id of the script element that carries `state`, where the browser looks for it. */
  stateId: string;
  /** The document title of the page. */
  title: string;
  /**
   * The page's HTTP status when it is not 200: 400 for an address whose parameters cannot be read,
   * 404 for one naming what the archive does not hold. The page drawn says why.
   */
  status?: 400 | 404;
}

/**
 * An address the page writes out before drawing (an explore link naming only its attribute): the
 * page is at `location` (path and query string), where the server sends the visitor.
 */
export interface MovedPage {
  location: string;
}

/** What the server entry exports. */
export interface ServerEntry {
  /** Draws a page, or says where it is; throws `NotRendered` for a page the browser draws itself. */
  renderPage(request: RenderRequest): Promise<RenderedPage | MovedPage>;
  /** Loads the modules of the pages drawn on the server, so that a first visitor's page does not wait for them. */
  preload(): Promise<void>;
  NotRendered: new (...args: never[]) => Error;
}
