import { tokenize, type SearchRequest } from '@pdb-stats/search-model';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { postSearch } from '../api/search-client.ts';
import { useDataQuery } from '../data/data-context.tsx';
import type { PickerAttribute } from './catalogue.ts';

/** How long typing must pause before the archive is asked. */
const DEBOUNCE_MS = 250;
/** How many of the most frequent values are asked for. */
const MOST_FREQUENT = 100;

/** A value the archive holds, with how many objects hold it (undefined for an allowed value none has). */
export interface Suggestion {
  value: string;
  count?: number;
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The terms facet of an attribute's most frequent values. While words are typed into a full-text
 * attribute, the finished ones (all but the last, still being typed) narrow the objects counted.
 */
function suggestionRequest(attribute: PickerAttribute, typed: string): SearchRequest {
  const words = tokenize(typed);
  const finished = /\s$/.test(typed) ? words : words.slice(0, -1);
  const narrow = attribute.contexts.includes('full-text') && finished.length > 0;
  return {
    ...(narrow && {
      query: {
        type: 'terminal',
        service: attribute.service,
        parameters: { attribute: attribute.path, operator: 'contains_words', value: finished.join(' ') },
      },
    }),
    return_type: attribute.service === 'text_chem' ? 'mol_definition' : attribute.level,
    request_options: {
      paginate: { start: 0, rows: 0 },
      results_content_type: ['experimental'],
      facets: [
        {
          name: 'values',
          aggregation_type: 'terms',
          attribute: attribute.path,
          min_interval_population: 1,
          max_num_intervals: MOST_FREQUENT,
        },
      ],
    },
  };
}

/**
 * Values to offer for a text attribute as the visitor types: the archive's most frequent ones (a
 * debounced terms facet request), then the catalogue's allowed values none holds; those containing
 * the typed text.
 */
export function useSuggestions(attribute: PickerAttribute | undefined, typed: string) {
  const { config } = useDataQuery();
  const url = config.sierraConfig.searchApiUrl;
  const debounced = useDebounced(typed, DEBOUNCE_MS);
  const wanted = attribute?.type === 'string' && attribute.contexts.includes('exact-match');
  const request = attribute && wanted ? suggestionRequest(attribute, debounced) : undefined;
  const answer = useQuery({
    queryKey: ['query-builder-suggestions', { searchApiUrl: url, request }] as const,
    queryFn: ({ signal }) => postSearch(url, request!, signal),
    enabled: request !== undefined,
    staleTime: Infinity,
  });
  const needle = typed.trim().toLowerCase();
  const facet = answer.data?.facets?.[0];
  const buckets = facet && 'buckets' in facet ? facet.buckets : [];
  const counted: Suggestion[] = buckets.map((b) => ({ value: String(b.label), count: b.population }));
  const known = new Set(counted.map((s) => s.value));
  const allowed: Suggestion[] = (attribute?.values ?? [])
    .filter((v) => !known.has(v))
    .map((value) => ({ value }));
  const suggestions = [...counted, ...allowed].filter((s) => s.value.toLowerCase().includes(needle));
  return { suggestions, pending: wanted && (answer.isPending || debounced !== typed) };
}
