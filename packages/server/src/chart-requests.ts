import { CHART_LIST, chartFacetRequest, resolveChart, type SearchRequest } from '@pdb-stats/search-model';

/**
 * The data request of every chart of the dashboard's registry, in every variant, exactly as the
 * dashboard sends it today (same year ranges, same query_id), so computing them ahead of time
 * fills the answer cache for the first visitor.
 */
export function registryChartRequests(now: Date = new Date()): { name: string; request: SearchRequest }[] {
  return CHART_LIST.flatMap((definition) =>
    (definition.variants?.options.map((o) => o.value) ?? [undefined]).map((variant) => {
      const chart = resolveChart(definition, variant);
      return {
        name: chart.variant ? `${definition.key} (${chart.variant})` : definition.key,
        request: chartFacetRequest(chart.query, { now }),
      };
    }),
  );
}
