import { useQuery, type QueryClient } from '@tanstack/react-query';
import { metadataSchemaQuery } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { useServerMarkup } from '../ssr/server-markup.ts';
import { pickerAttributes, type PickerAttribute } from './catalogue.ts';

/** The query key of the attributes the service at `searchApiUrl` searches. */
export const catalogueKey = (searchApiUrl: string) => ['query-builder-catalogue', { searchApiUrl }] as const;

/** Reads the attributes from the service's metadata schemas; a missing chemical schema leaves the structure attributes. */
export async function loadCatalogue(client: QueryClient, searchApiUrl: string): Promise<PickerAttribute[]> {
  const [structure, chemical] = await Promise.all([
    client.fetchQuery(metadataSchemaQuery(searchApiUrl, 'structure')),
    client.fetchQuery(metadataSchemaQuery(searchApiUrl, 'chemical')).catch(() => undefined),
  ]);
  return pickerAttributes(structure, chemical);
}

/**
 * The attributes the service searches, from its metadata schemas (for our service, those the archive
 * holds). Read once per page. Not on the server, nor while the server's markup is hydrated: the list
 * is large and shown only once asked for, so a drawn page does not carry it, and a page that needs
 * some of its attributes to be drawn asks for those alone (the explorer's).
 */
export function useCatalogue() {
  const { config } = useDataQuery();
  const url = config.sierraConfig.searchApiUrl;
  const serverMarkup = useServerMarkup();
  return useQuery({
    queryKey: catalogueKey(url),
    queryFn: ({ client }) => loadCatalogue(client, url),
    staleTime: Infinity,
    enabled: !serverMarkup,
  });
}
