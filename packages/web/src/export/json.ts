import { DATA_LICENCE, citationText } from './provenance.ts';
import type { ChartExportInput } from './types.ts';

/**
 * The chart as JSON: the data drawn (one record per row of the CSV), the facet request that fetched
 * them (one per cohort compared, with the cohorts' queries and the measure, as the chart data API
 * gives them), what the data are as of and where they come from.
 */
export function toExportJson(input: ChartExportInput): string {
  const { table, comparison } = input;
  const p = input.provenance;
  const document = {
    title: input.title,
    subtitle: input.subtitle,
    chart: input.key,
    url: input.address,
    category: input.kind,
    ...(input.view && { view: input.view }),
    ...(input.variant !== undefined && { variant: input.variant }),
    ...(input.parent !== undefined && { parent: input.parent }),
    scope: input.scope && !comparison ? { query: input.scope.node, summary: input.scope.summary } : null,
    ...(comparison && {
      cohorts: comparison.cohorts.map((cohort, i) => ({
        label: cohort.label,
        query: comparison.scope.cohorts[i]?.node ?? null,
      })),
      measure: comparison.scope.measure,
    }),
    data_as_of: p.date,
    data_as_of_basis: p.basis === 'archive' ? 'archive date' : 'date of the response',
    archive_date: p.basis === 'archive' ? p.date : null,
    source: p.source,
    demo: p.demo,
    search_service: p.searchApiUrl,
    licence: DATA_LICENCE,
    citation: citationText(input.title, input.address, p),
    axes: { x: input.xAxisTitle, y: input.yAxisTitle },
    legend: input.legend.map((entry) => entry.label),
    ...(input.hidden.length > 0 && { hidden_series: [...input.hidden] }),
    columns: table.columns,
    data: table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i]]))),
    ...(comparison ? { requests: comparison.cohorts.map((c) => c.request) } : { request: input.request }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
