import {
  CHARTS,
  FURTHER_CHART_KEYS,
  clickRequest,
  resolveChart,
  toDistributionData,
  toGrowthData,
  PAGES,
  chartPath,
} from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from '../routing/navigation.tsx';
import { chartDataQuery } from '../api/queries.ts';
import { MissingAttributesNote } from '../archive-coverage/missing-attributes-note.tsx';
import { useMissingForChart } from '../archive-coverage/use-held-attributes.ts';
import { formatNumber } from '../charts/format.ts';
import { QueryEditorLink } from '../components/search-link.tsx';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { ChartDirectory } from './chart-directory.tsx';

const FURTHER = FURTHER_CHART_KEYS.map((key) => CHARTS[key]);
const RECENT_YEARS = 10;

/** Further charts of the existing app, recent releases by method, and polymer entities by type. */
export default function OtherStatisticsPage() {
  return (
    <div className="ps-page ps-other">
      <h1>Other Statistics</h1>
      <p>
        Charts beyond the main menu: sequence clusters, protein domains, integrative structures, organisms and
        release periods, and two summary tables.
      </p>
      <ChartDirectory charts={FURTHER} />
      <p>
        Where the archive is funded, year by year: the{' '}
        <Link to={PAGES.fundingMap.path}>map of funding countries</Link>.
      </p>
      <RecentReleases />
      <PolymerEntityTypes />
    </div>
  );
}

function RecentReleases() {
  const chart = CHARTS['experimental-method'];
  const { config } = useDataQuery();
  const missing = useMissingForChart(chart.query);
  const result = useQuery({
    ...chartDataQuery(config.sierraConfig.searchApiUrl, resolveChart(chart)),
    enabled: missing.length === 0,
  });
  const data = useMemo(
    () => (result.isSuccess ? toGrowthData(result.data.response, chart.query) : undefined),
    [result.isSuccess, result.data, chart.query],
  );
  const years = data?.years.slice(-RECENT_YEARS).reverse() ?? [];
  return (
    <section aria-labelledby="ps-recent-title">
      <h2 id="ps-recent-title">
        Structures released in the last {RECENT_YEARS} years, by experimental method
      </h2>
      {missing.length > 0 && <MissingAttributesNote missing={missing} what="this table" />}
      {result.isError && <DataError error={result.error} />}
      {data && (
        <div className="ps-table-scroll">
          <table className="ps-table">
            <thead>
              <tr>
                <th scope="col">Year</th>
                {data.series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {years.map((year) => {
                const i = data.years.indexOf(year);
                const total = data.series.reduce((sum, s) => sum + (s.annual[i] ?? 0), 0);
                return (
                  <tr key={year}>
                    <th scope="row">{year}</th>
                    {data.series.map((s) => (
                      <td key={s.label}>
                        <QueryEditorLink
                          request={clickRequest(
                            chart,
                            { x: year, series: s.label, view: 'annual' },
                            chart.query,
                          )}
                        >
                          {formatNumber(s.annual[i] ?? 0)}
                        </QueryEditorLink>
                      </td>
                    ))}
                    <td>
                      <QueryEditorLink
                        request={clickRequest(
                          CHARTS['overall-structures'],
                          { x: year, view: 'annual' },
                          CHARTS['overall-structures'].query,
                        )}
                      >
                        <strong>{formatNumber(total)}</strong>
                      </QueryEditorLink>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p>
        The whole history: <Link to={chartPath(chart)}>{chart.title}</Link>.
      </p>
    </section>
  );
}

function PolymerEntityTypes() {
  const chart = CHARTS['polymer-entity-type'];
  const { config } = useDataQuery();
  const missing = useMissingForChart(chart.query);
  const result = useQuery({
    ...chartDataQuery(config.sierraConfig.searchApiUrl, resolveChart(chart)),
    enabled: missing.length === 0,
  });
  const data = useMemo(
    () => (result.isSuccess ? toDistributionData(result.data.response, chart.query) : undefined),
    [result.isSuccess, result.data, chart.query],
  );
  const total = data?.bars.reduce((sum, b) => sum + b.value, 0) ?? 0;
  return (
    <section aria-labelledby="ps-entity-types-title">
      <h2 id="ps-entity-types-title">Polymer entities by type</h2>
      {missing.length > 0 && <MissingAttributesNote missing={missing} what="this table" />}
      {result.isError && <DataError error={result.error} />}
      {data && (
        <table className="ps-table">
          <thead>
            <tr>
              <th scope="col">Polymer entity type</th>
              <th scope="col">Polymer entities</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {data.bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>
                  <QueryEditorLink
                    request={clickRequest(chart, { x: bar.label, view: 'cumulative' }, chart.query)}
                  >
                    {formatNumber(bar.value)}
                  </QueryEditorLink>
                </td>
                <td>{total > 0 ? `${((100 * bar.value) / total).toFixed(1)}%` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
