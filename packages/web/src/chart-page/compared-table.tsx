import { dataView, growthInMeasure, comparedRows } from '@pdb-stats/charts';
import { RowName, growthTotalRow } from '../charts/data-table.tsx';
import { formatNumber } from '../charts/format.ts';
import type { BarSelection } from '../charts/types.ts';
import type { ChartLook } from './shown-chart.ts';
import { cohortLabels, type ComparedShown } from './use-compared-chart.ts';

/** The compared chart's numbers as a table: one column per visible cohort, each value opening its search. */
export function ComparedTable({
  shown,
  look,
  caption,
  onSelect,
  drillHrefOf,
}: {
  shown: ComparedShown;
  look: ChartLook;
  caption: string;
  onSelect: (selection: BarSelection) => void;
  /** The address of the level below a bar's class, when it has one. */
  drillHrefOf?: (label: string) => string | undefined;
}) {
  const table = comparedRows(shown.chart, shown.data, {
    view: look.view,
    hidden: look.hidden,
    measure: shown.measure,
  });
  // Values as the downloads write them: percents to two decimals.
  const format = (value: number) => `${formatNumber(value)}${shown.measure === 'percent' ? '%' : ''}`;
  const first = table.columns.length - table.series.length;
  const cohortIndex = table.series.map((label) => cohortLabels(shown).indexOf(label));
  // Years newest first with a total row under the annual view, as a single chart's growth table.
  const growth = shown.data.kind === 'growth' ? growthInMeasure(shown.data.growth, shown.measure) : undefined;
  const rows = growth ? [...table.rows].reverse() : table.rows;
  const totalRow =
    growth &&
    growthTotalRow(
      growth.years,
      growth.series.filter((s) => !look.hidden.has(s.label)),
      dataView(look.view),
      shown.chart.query.second?.kind === 'distinct' ? 'last' : 'sum',
    );
  // Percents as the rows write them, to two decimals.
  const rounded = (value: number) => (shown.measure === 'percent' ? Math.round(value * 100) / 100 : value);
  return (
    <div className="ps-table-scroll">
      <table className="ps-table ps-compared-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, i) => (
              <th key={column} scope="col" {...(i >= first && { 'data-cohort': table.series[i - first] })}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const x = String(row[0]);
            return (
              <tr key={x}>
                <RowName label={x} drillHref={drillHrefOf?.(x)} />
                {row.slice(1, first).map((cell, i) => (
                  <td key={`b${i}`}>{cell}</td>
                ))}
                {row.slice(first).map((cell, i) => {
                  const value = Number(cell);
                  const label = table.series[i]!;
                  return (
                    <td key={label} data-cohort={label}>
                      <button
                        type="button"
                        className="ps-value"
                        data-value={value}
                        aria-label={`${x}, ${label}: ${format(value)}, search`}
                        onClick={() => onSelect({ x, cohort: cohortIndex[i]!, value })}
                      >
                        {format(value)}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        {totalRow && (
          <tfoot>
            <tr className="ps-total-row" data-testid="table-total">
              <th scope="row">{totalRow.label}</th>
              {totalRow.values.map((value, i) => (
                <td key={table.series[i]} data-cohort={table.series[i]}>
                  {format(rounded(value))}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
