import { useDataQuery } from '../data/data-context.tsx';
import { chartProvenance, provenanceText, scopeText } from '../export/provenance.ts';
import type { Provenance } from '../export/types.ts';

/**
 * What the chart on screen is as of: the archive date the service reports, or, from a service that
 * reports none, the day its answer for this chart arrived. Undefined while nothing is shown.
 */
export function useChartProvenance(respondedAt: number | undefined): Provenance | undefined {
  const { archive, config } = useDataQuery();
  if (respondedAt === undefined) return undefined;
  return chartProvenance(archive, config.sierraConfig.searchApiUrl, respondedAt);
}

/** The caption under a chart: the search it counts (its scope), what the data are as of, and where they come from. */
export function DataAsOf({ provenance, scope }: { provenance: Provenance | undefined; scope?: string }) {
  return (
    <p className="ps-data-as-of" data-testid="data-as-of" data-basis={provenance?.basis}>
      {scope && `${scopeText(scope)} `}
      {provenance ? provenanceText(provenance) : 'Data as of …'}
    </p>
  );
}
