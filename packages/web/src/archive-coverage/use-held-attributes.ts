import type { SearchRequest } from '@pdb-stats/search-model';
import { CHART_LIST, type ChartId, type ChartQuery } from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { heldAttributesQuery } from '../api/queries.ts';
import type { ArchiveInfo } from '../api/search-client.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { missingAttributes, missingInRequest, type HeldAttributes } from './held-attributes.ts';
import {
  chartAttributes,
  chartQueryAttributes,
  metadataKindOf,
  type MetadataKind,
} from './required-attributes.ts';

/**
 * Whether the metadata schema of `kind` must be read to know what the archive holds: not for a
 * service without a manifest (the public one holds every attribute), nor when the manifest says the
 * archive holds the whole catalogue.
 */
export function needsSchema(archive: ArchiveInfo | null | undefined, kind: MetadataKind): boolean {
  if (!archive) return false;
  const counts = archive.attributes?.[kind];
  return !counts || counts.held < counts.catalogue;
}

/**
 * The attributes the archive holds; undefined while that is not yet known. A schema that cannot be
 * read counts as holding everything: the service's own 400 then explains a missing attribute.
 */
export function useHeldAttributes(): HeldAttributes | undefined {
  const { archive, config } = useDataQuery();
  const url = config.sierraConfig.searchApiUrl;
  const structure = useQuery({
    ...heldAttributesQuery(url, 'structure'),
    enabled: needsSchema(archive, 'structure'),
  });
  const chemical = useQuery({
    ...heldAttributesQuery(url, 'chemical'),
    enabled: needsSchema(archive, 'chemical'),
  });
  const { data: structureData, isError: structureError } = structure;
  const { data: chemicalData, isError: chemicalError } = chemical;
  return useMemo(() => {
    if (archive === undefined) return undefined;
    const held = <T>(kind: MetadataKind, data: T, isError: boolean) =>
      !needsSchema(archive, kind) || isError ? 'all' : data;
    const s = held('structure', structureData, structureError);
    const c = held('chemical', chemicalData, chemicalError);
    return s && c ? { structure: s, chemical: c } : undefined;
  }, [archive, structureData, structureError, chemicalData, chemicalError]);
}

/** The attributes of a request the archive lacks (none while unknown). */
export function useMissingForRequest(request: SearchRequest): string[] {
  const held = useHeldAttributes();
  return useMemo(() => missingInRequest(request, held), [request, held]);
}

/** The attributes a chart's data request needs that the archive lacks (none while unknown). */
export function useMissingForChart(query: ChartQuery): string[] {
  const held = useHeldAttributes();
  return useMemo(
    () => missingAttributes(chartQueryAttributes(query), metadataKindOf(query.returnType), held),
    [query, held],
  );
}

/** Per chart of the registry, the attributes it needs in any variant that the archive lacks. */
export function useChartsMissing(): ReadonlyMap<ChartId, string[]> {
  const held = useHeldAttributes();
  return useMemo(() => {
    const missing = new Map<ChartId, string[]>();
    for (const chart of CHART_LIST) {
      const lacking = missingAttributes(chartAttributes(chart), metadataKindOf(chart.query.returnType), held);
      if (lacking.length > 0) missing.set(chart.key, lacking);
    }
    return missing;
  }, [held]);
}
