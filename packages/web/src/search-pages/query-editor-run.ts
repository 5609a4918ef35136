import type { SearchRequest } from '@pdb-stats/search-model';
import { useQuery } from '@tanstack/react-query';
import { useDataQuery } from '../data/data-context.tsx';
import { runSearch } from './api.ts';
import { jsonFault } from './json-locate.ts';
import { parseRequestText } from './request-param.ts';

/** One press of Run: the request as sent, numbered so that running the same text again asks again. */
export interface Run {
  request: SearchRequest;
  text: string;
  number: number;
}

/** A press of Run on text that is no request: why, in plain words, and where. */
export interface Fault {
  fault: string;
  at?: { offset: number };
  number: number;
}

/** The request of a press of Run, or why its text is none. */
export function evaluate(text: string, number: number): Run | Fault {
  const fault = jsonFault(text);
  if (fault) {
    const where = fault.at ? `Line ${fault.at.line}, column ${fault.at.column}: ` : '';
    return { fault: `${where}${fault.reason}.`, number, ...(fault.at && { at: fault.at }) };
  }
  const parsed = parseRequestText(text, 'request');
  return parsed.ok ? { request: parsed.request, text, number } : { fault: `The ${parsed.message}.`, number };
}

/** The service's answer to a run (one request however many parts of the page ask). */
export function useRunAnswer(run: Run | undefined) {
  const { config } = useDataQuery();
  const searchApiUrl = config.sierraConfig.searchApiUrl;
  return useQuery({
    queryKey: ['query-editor', searchApiUrl, run?.request, run?.number],
    queryFn: () => runSearch(searchApiUrl, run!.request),
    enabled: run !== undefined,
    staleTime: Infinity,
  });
}
