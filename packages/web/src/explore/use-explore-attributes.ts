import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataQuery } from '../data/data-context.tsx';
import type { PickerAttribute } from '../query-builder/catalogue.ts';
import { catalogueKey, loadCatalogue } from '../query-builder/use-catalogue.ts';

/** The attributes of `all` at `paths` (a path in both schemas twice: the resolver picks one). */
const named = (all: readonly PickerAttribute[], paths: readonly string[]) =>
  all.filter((attribute) => paths.includes(attribute.path));

/** The catalogue's attributes at `paths`, read from the metadata schemas. */
export function exploreAttributesQuery(searchApiUrl: string, paths: readonly string[]) {
  return queryOptions({
    queryKey: ['explore-attributes', { searchApiUrl, paths }] as const,
    queryFn: async ({ client }) =>
      paths.length === 0 ? [] : named(await loadCatalogue(client, searchApiUrl), paths),
    staleTime: Infinity,
  });
}

/**
 * The catalogue's attributes an explore chart names (its attribute and the one splitting its bars),
 * which are all it needs to be drawn: a page the server draws carries these few to the browser, not
 * the whole catalogue. Once the catalogue is read (the builder's picker reads it), they are taken
 * from it at once, so that a chart picked in the builder is drawn without a wait.
 */
export function useExploreAttributes(paths: readonly string[]) {
  const { config } = useDataQuery();
  const url = config.sierraConfig.searchApiUrl;
  const client = useQueryClient();
  return useQuery({
    ...exploreAttributesQuery(url, paths),
    initialData: () => {
      if (paths.length === 0) return [];
      const all = client.getQueryData<PickerAttribute[]>(catalogueKey(url));
      return all && named(all, paths);
    },
  });
}
