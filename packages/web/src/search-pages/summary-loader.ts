import { use } from 'react';

/**
 * The request summarizer, loaded on demand: it carries the search attribute catalogue (for units),
 * about 9 KB of compressed script that a page needs only when it shows a scope in words.
 */
export type RequestSummary = typeof import('@pdb-stats/charts/request-summary');

let loaded: RequestSummary | undefined;
let loading: Promise<RequestSummary> | undefined;

/** Loads the summarizer once; pages drawn by the server with a scope load it before they hydrate. */
export function loadRequestSummary(): Promise<RequestSummary> {
  loading ??= import('@pdb-stats/charts/request-summary').then((module) => (loaded = module));
  return loading;
}

/** The summarizer when `needed` (the render suspends until it has loaded), otherwise undefined. */
export function useRequestSummary(needed: boolean): RequestSummary | undefined {
  if (!needed) return undefined;
  return loaded ?? use(loadRequestSummary());
}
