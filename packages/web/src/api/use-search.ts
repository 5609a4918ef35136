import type { SearchRequest } from '@pdb-stats/search-model';
import { useQuery } from '@tanstack/react-query';
import { useDataQuery } from '../data/data-context.tsx';
import { searchQuery } from './queries.ts';

/** Sends a search of a page (counts, summary facets) through the shared cache. */
export function useSearch(name: string, request: SearchRequest, enabled = true) {
  const { config } = useDataQuery();
  return useQuery({ ...searchQuery(config.sierraConfig.searchApiUrl, name, request), enabled });
}
