import type { SearchRequest } from '@pdb-stats/search-model';

/** A request read from the address, or why it could not be: the message names the parameter. */
export type ParsedRequest =
  | { ok: true; request: SearchRequest; text: string }
  | { ok: false; message: string; field: string; text: string };

/**
 * Reads `?request=` or `?json=`. Only the JSON is checked here; the search service validates the
 * request itself and names the faulty field in its 400 answer.
 */
export function parseRequestText(text: string | null, name: string): ParsedRequest {
  if (text === null || text.trim() === '')
    return {
      ok: false,
      field: name,
      text: '',
      message: `the address has no search request (?${name}=<JSON>)`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      field: name,
      text,
      message: `${name} is not valid JSON: ${(error as Error).message}`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, field: name, text, message: `${name} must be a JSON object with a return_type` };
  return { ok: true, request: value as SearchRequest, text };
}

/**
 * The dashboard route a link came from (`&chart=/growth/experimental-method?view=annual`), if it is
 * a path on this site: anything else (another origin, `javascript:`) is ignored.
 */
export function chartRoute(chart: string | null): string | undefined {
  if (!chart || !chart.startsWith('/') || chart.startsWith('//') || /[\\\s]/.test(chart)) return undefined;
  return chart;
}
