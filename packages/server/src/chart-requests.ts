import { CHART_LIST, chartFacetRequest, requestAttributes, resolveChart } from '@pdb-stats/charts';
import { FULL_CATALOGUE, type AttributeSet, type SearchRequest } from '@pdb-stats/search-model';

/**
 * The data request of every chart of the dashboard's registry, in every variant, exactly as the
 * dashboard sends it today (same year ranges, same query_id), so computing them ahead of time
 * fills the answer cache for the first visitor. Charts whose attributes the archive does not hold
 * are left out: their answer is a 400 that the dashboard explains.
 */
export function registryChartRequests(
  now: Date = new Date(),
  held: AttributeSet = FULL_CATALOGUE,
): { name: string; request: SearchRequest }[] {
  const drawable = (request: SearchRequest) =>
    requestAttributes(request).every((path) => held.find(path, request.return_type));
  const requests = CHART_LIST.flatMap((definition) =>
    (definition.variants?.options.map((o) => o.value) ?? [undefined]).map((variant) => {
      const chart = resolveChart(definition, variant);
      return {
        name: chart.variant ? `${definition.key} (${chart.variant})` : definition.key,
        request: chartFacetRequest(chart.query, { now }),
      };
    }),
  );
  return requests.filter(({ request }) => drawable(request));
}
