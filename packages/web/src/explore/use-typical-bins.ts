import { queryOptions, useQuery } from '@tanstack/react-query';
import { typicalBins } from '@pdb-stats/charts';
import { serviceOf } from '../api/query-client.ts';
import { useDataQuery } from '../data/data-context.tsx';
import type { PickerAttribute } from '../query-builder/catalogue.ts';

/**
 * The default bins of a numeric attribute, read off its values in the archive (`typicalBins`), or
 * null when its range is unknown (the builder then falls back to bins over its whole range). The
 * server asks the same query before it writes out an explore address, so that it writes the bins
 * the browser would.
 */
export function typicalBinsQuery(searchApiUrl: string, attribute: PickerAttribute | undefined) {
  const { path, level, type, min, max } = attribute ?? {};
  return queryOptions({
    queryKey: ['typical-bins', { searchApiUrl, path, level, type, min, max }] as const,
    queryFn: async ({ client, signal }) =>
      (await typicalBins(
        { path: path!, level: level!, type: type as 'integer' | 'number' },
        min !== undefined && max !== undefined ? { min, max } : undefined,
        (request) => serviceOf(client, searchApiUrl).search(request, signal),
      )) ?? null,
    enabled: type === 'integer' || type === 'number',
    staleTime: Infinity,
  });
}

/** `typicalBinsQuery`, asked only for `attribute`, the one whose bins are about to be written. */
export function useTypicalBins(attribute: PickerAttribute | undefined) {
  const { config } = useDataQuery();
  return useQuery(typicalBinsQuery(config.sierraConfig.searchApiUrl, attribute));
}
