import { useQuery } from '@tanstack/react-query';
import { typicalBins } from '@pdb-stats/charts';
import { postSearch } from '../api/search-client.ts';
import { useDataQuery } from '../data/data-context.tsx';
import type { PickerAttribute } from '../query-builder/catalogue.ts';

/**
 * The default bins of a numeric attribute, read off its values in the archive (`typicalBins`), or
 * null when its range is unknown (the builder then falls back to bins over its whole range). Asked
 * only for `attribute`, the one whose bins are about to be written.
 */
export function useTypicalBins(attribute: PickerAttribute | undefined) {
  const { config } = useDataQuery();
  const url = config.sierraConfig.searchApiUrl;
  const { path, level, type, min, max } = attribute ?? {};
  return useQuery({
    queryKey: ['typical-bins', { searchApiUrl: url, path, level, type, min, max }] as const,
    queryFn: async ({ signal }) =>
      (await typicalBins(
        { path: path!, level: level!, type: type as 'integer' | 'number' },
        min !== undefined && max !== undefined ? { min, max } : undefined,
        (request) => postSearch(url, request, signal),
      )) ?? null,
    enabled: type === 'integer' || type === 'number',
    staleTime: Infinity,
  });
}
