import type { ChartExportInput } from './types.ts';

/**
 * The chart as JSON: the data drawn (one record per row of the CSV), the facet request that fetched
 * them, what the data are as of and where they come from.
 */
export function toExportJson(input: ChartExportInput): string {
  const { table } = input;
  const p = input.provenance;
  const document = {
    title: input.title,
    chart: input.key,
    category: input.kind,
    ...(input.view && { view: input.view }),
    ...(input.variant !== undefined && { variant: input.variant }),
    ...(input.parent !== undefined && { parent: input.parent }),
    scope: input.scope ? { query: input.scope.node, summary: input.scope.summary } : null,
    data_as_of: p.date,
    data_as_of_basis: p.basis === 'archive' ? 'archive date' : 'date of the response',
    archive_date: p.basis === 'archive' ? p.date : null,
    source: p.source,
    demo: p.demo,
    search_service: p.searchApiUrl,
    axes: { x: input.xAxisTitle, y: input.yAxisTitle },
    legend: input.legend.map((entry) => entry.label),
    ...(input.hidden.length > 0 && { hidden_series: [...input.hidden] }),
    columns: table.columns,
    data: table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i]]))),
    request: input.request,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
