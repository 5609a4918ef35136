import { useQuery } from '@tanstack/react-query';
import { metadataSchemaQuery } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { pickerAttributes, type PickerAttribute } from './catalogue.ts';

/**
 * The attributes the service searches, from its metadata schemas (for our service, those the archive
 * holds). Read once per page; a missing chemical schema leaves the structure attributes.
 */
export function useCatalogue() {
  const { config } = useDataQuery();
  const url = config.sierraConfig.searchApiUrl;
  return useQuery({
    queryKey: ['query-builder-catalogue', { searchApiUrl: url }] as const,
    queryFn: async ({ client }): Promise<PickerAttribute[]> => {
      const [structure, chemical] = await Promise.all([
        client.fetchQuery(metadataSchemaQuery(url, 'structure')),
        client.fetchQuery(metadataSchemaQuery(url, 'chemical')).catch(() => undefined),
      ]);
      return pickerAttributes(structure, chemical);
    },
    staleTime: Infinity,
  });
}
