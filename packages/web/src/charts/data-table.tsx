import {
  barShares,
  type DataView,
  type DistributionData,
  type GrowthData,
  type TrendData,
} from '@pdb-stats/charts';
import type { ReactNode } from 'react';
import { Link } from '../routing/navigation.tsx';
import { formatNumber, formatPercent } from './format.ts';
import type { BarSelection } from './types.ts';

interface TableProps {
  caption: string;
  onSelect: (selection: BarSelection) => void;
}

/**
 * A table that scrolls sideways on a narrow screen instead of widening the page. Every value in it
 * is a button, so keyboard users scroll it by moving through them; its caption names the table.
 */
function ScrollBox({ children }: { children: ReactNode }) {
  return <div className="ps-table-scroll">{children}</div>;
}

function ValueButton({
  value,
  label,
  onClick,
  format = formatNumber,
}: {
  value: number;
  label: string;
  onClick: () => void;
  format?: (value: number) => string;
}) {
  return (
    <button
      type="button"
      className="ps-value"
      onClick={onClick}
      aria-label={`${label}: ${format(value)}, search`}
    >
      {format(value)}
    </button>
  );
}

/**
 * A row's name; when its class has a level below (a classification chart), a link to that level, as
 * the bar's panel offers it: a keyboard or screen-reader user of the table opens it there.
 */
export function RowName({ label, drillHref }: { label: string; drillHref?: string | undefined }) {
  return (
    <th scope="row">
      {drillHref === undefined ? (
        label
      ) : (
        <Link
          to={drillHref}
          aria-label={`Open level below ${label}`}
          title="Open the level below"
          data-testid="table-drill"
        >
          {label}
        </Link>
      )}
    </th>
  );
}

/**
 * How a growth table's total row is made from its annual values: `sum` adds each series' years (each
 * object is released in one year), `last` reads its cumulative value at the last year (distinct
 * counts, which do not add up across years).
 */
export type GrowthTotal = 'sum' | 'last';

/**
 * The total row under a growth table's annual view: its label ("Total 1976–2026", or "All years to
 * 2026" for distinct counts) and each series' total. Undefined for the cumulative view, whose newest
 * row already is the total.
 */
export function growthTotalRow(
  years: readonly string[],
  series: readonly { annual: readonly number[]; cumulative: readonly number[] }[],
  view: DataView,
  total: GrowthTotal,
): { label: string; values: number[] } | undefined {
  const first = years[0];
  const last = years.at(-1);
  if (view !== 'annual' || last === undefined) return undefined;
  return {
    label:
      total === 'last' ? `All years to ${last}` : first === last ? `Total ${last}` : `Total ${first}–${last}`,
    values: series.map((s) =>
      total === 'last' ? (s.cumulative.at(-1) ?? 0) : s.annual.reduce((sum, value) => sum + value, 0),
    ),
  };
}

/**
 * The chart's numbers as a table, newest year first, as a reader looks for the latest figures; in
 * the annual view a total row closes it. Each value opens its search like a click on its bar.
 */
export function GrowthTable({
  data,
  view,
  hidden,
  seriesLabel,
  caption,
  onSelect,
  total = 'sum',
}: TableProps & {
  data: GrowthData;
  view: DataView;
  hidden: ReadonlySet<string>;
  seriesLabel: string;
  total?: GrowthTotal;
}) {
  const multi = data.series.length > 1;
  const shown = data.series.filter((s) => !hidden.has(s.label));
  const rows = data.years.map((year, i) => ({ year, i })).reverse();
  const totalRow = growthTotalRow(data.years, shown, view, total);
  return (
    <ScrollBox>
      <table className="ps-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            {shown.map((s) => (
              <th key={s.label} scope="col">
                {multi ? s.label : seriesLabel}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ year, i }) => (
            <tr key={year}>
              <th scope="row">{year}</th>
              {shown.map((s) => {
                const value = (view === 'annual' ? s.annual : s.cumulative)[i] ?? 0;
                return (
                  <td key={s.label}>
                    <ValueButton
                      value={value}
                      label={multi ? `${year} ${s.label}` : year}
                      onClick={() => onSelect({ x: year, ...(multi && { series: s.label }), value })}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {totalRow && (
          <tfoot>
            <tr className="ps-total-row" data-testid="table-total">
              <th scope="row">{totalRow.label}</th>
              {totalRow.values.map((value, index) => (
                <td key={shown[index]!.label}>{formatNumber(value)}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </ScrollBox>
  );
}

export function DistributionTable({
  data,
  hidden,
  segmentTitle,
  categoryTitle,
  valueTitle,
  caption,
  onSelect,
  drillHrefOf,
  shares = false,
}: TableProps & {
  data: DistributionData;
  /** The address of the level below a bar's class, when it has one. */
  drillHrefOf?: (label: string) => string | undefined;
  /** Hidden segments (a chart with a second attribute): their columns are left out. */
  hidden?: ReadonlySet<string>;
  /** The column title of a segment. */
  segmentTitle?: (label: string) => string;
  categoryTitle: string;
  valueTitle: string;
  /** The segments in percent of their bar (`barShares`); their searches still count what they find. */
  shares?: boolean;
}) {
  // A bar's count, then each visible segment's: each value opens the search of what it counts.
  const segments = (data.segments ?? []).filter((s) => !hidden?.has(s.label));
  const percents = shares ? barShares(data, hidden) : undefined;
  const percentOf = (label: string, i: number) =>
    percents?.segments?.find((s) => s.label === label)?.values[i] ?? 0;
  return (
    <ScrollBox>
      <table className="ps-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryTitle}</th>
            <th scope="col">{valueTitle}</th>
            {segments.map((s) => (
              <th key={s.label} scope="col" data-series={s.label}>
                {segmentTitle?.(s.label) ?? s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.bars.map((bar, i) => (
            <tr key={bar.label}>
              <RowName label={bar.label} drillHref={drillHrefOf?.(bar.label)} />
              <td>
                <ValueButton
                  value={bar.value}
                  label={bar.label}
                  onClick={() => onSelect({ x: bar.label, value: bar.value })}
                />
              </td>
              {segments.map((s) => {
                const value = s.values[i] ?? 0;
                return (
                  <td key={s.label}>
                    <ValueButton
                      value={percents ? percentOf(s.label, i) : value}
                      {...(percents && { format: formatPercent })}
                      label={`${bar.label} ${s.label}`}
                      onClick={() => onSelect({ x: bar.label, series: s.label, value })}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A trend chart's quartiles per year; a year's count opens the search of its values. */
export function QuartilesTable({
  data,
  countTitle,
  caption,
  onSelect,
}: TableProps & { data: TrendData; countTitle: string }) {
  return (
    <ScrollBox>
      <table className="ps-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">{countTitle}</th>
            <th scope="col">First quartile</th>
            <th scope="col">Median</th>
            <th scope="col">Third quartile</th>
          </tr>
        </thead>
        <tbody>
          {data.quartiles.map((q) => (
            <tr key={q.year}>
              <th scope="row">{q.year}</th>
              <td>
                <ValueButton
                  value={q.count}
                  label={q.year}
                  onClick={() => onSelect({ x: q.year, value: q.count })}
                />
              </td>
              <td>{formatNumber(q.q1)}</td>
              <td>{formatNumber(q.median)}</td>
              <td>{formatNumber(q.q3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
