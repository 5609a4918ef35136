import type { ChartKey, ChartQuery } from '@pdb-stats/charts';
import { useQueryClient } from '@tanstack/react-query';
import { chartDataQuery } from '../api/queries.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { chartProvenance, provenanceText } from '../export/provenance.ts';
import type { Provenance } from '../export/types.ts';

/**
 * What the chart on screen is as of: the archive date the service reports, or, from a service that
 * reports none, the day its answer for this chart arrived. Undefined while nothing is shown.
 */
export function useChartProvenance(
  chartKey: ChartKey,
  query: ChartQuery | undefined,
): Provenance | undefined {
  const { archive, config } = useDataQuery();
  const client = useQueryClient();
  const searchApiUrl = config.sierraConfig.searchApiUrl;
  if (!query) return undefined;
  const respondedAt = client.getQueryState(
    chartDataQuery(searchApiUrl, chartKey, query).queryKey,
  )?.dataUpdatedAt;
  return chartProvenance(archive, searchApiUrl, respondedAt || Date.now());
}

/** The caption under a chart: what the data are as of, and where they come from. */
export function DataAsOf({ provenance }: { provenance: Provenance | undefined }) {
  return (
    <p className="ps-data-as-of" data-testid="data-as-of" data-basis={provenance?.basis}>
      {provenance ? provenanceText(provenance) : 'Data as of …'}
    </p>
  );
}
