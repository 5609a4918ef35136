import { advancedSearchUrl, chartDataUrl, scopeParams, toDistributionData } from '@pdb-stats/charts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { chartDataQuery } from '../api/queries.ts';
import { formatNumber } from '../charts/format.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { useSearchParams } from '../routing/navigation.tsx';
import {
  FIRST_MAP_YEAR,
  FUNDING_CHART,
  countrySearch,
  mapYearOf,
  withYear,
  yearScope,
} from './funding-map-data.ts';
import { WorldMap } from './world-map.tsx';
import { PlayButton, nextPlayYear, useYearPlay } from './year-play.tsx';
import './funding-map.css';

/**
 * Where the archive's entries were funded: a world map of the funding organisations' countries,
 * entries counted once per country they had a grant from, over all years or one release year.
 */
export default function FundingMapPage() {
  const { config } = useDataQuery();
  const { searchApiUrl, searchAdvancedUrl } = config.sierraConfig;
  const [params, setParams] = useSearchParams();
  const lastYear = new Date().getUTCFullYear();
  const year = mapYearOf(params, lastYear);
  const result = useQuery({
    ...chartDataQuery(searchApiUrl, FUNDING_CHART, yearScope(year)),
    placeholderData: (previous) => previous,
  });
  const bars = useMemo(
    () => (result.data ? toDistributionData(result.data.response, FUNDING_CHART.query).bars : []),
    [result.data],
  );
  // Play: each year replaces the address's (its first step adds one), so that Back is not flooded.
  const showYear = useCallback(
    (next: number, push: boolean) => setParams((current) => withYear(current, next), { replace: !push }),
    [setParams],
  );
  const { playing, play, pause } = useYearPlay({
    year,
    first: FIRST_MAP_YEAR,
    last: lastYear,
    ready: !result.isFetching,
    show: showYear,
  });
  // While playing, the next year's counts are asked for while this year shows.
  const client = useQueryClient();
  const comingYear = playing ? nextPlayYear(year, FIRST_MAP_YEAR, lastYear) : undefined;
  useEffect(() => {
    if (comingYear !== undefined)
      void client.prefetchQuery(chartDataQuery(searchApiUrl, FUNDING_CHART, yearScope(comingYear)));
  }, [client, searchApiUrl, comingYear]);
  const counts = useMemo(() => new Map(bars.map((bar) => [bar.label, bar.value])), [bars]);
  const hrefOf = (country: string) => advancedSearchUrl(searchAdvancedUrl, countrySearch(country, year));
  const title = `Entries by funding country, ${year ?? 'all years'}`;
  // The chart data API of the same counts: the year is its scope.
  const scope = yearScope(year);
  const dataParams = scope ? scopeParams(scope) : new URLSearchParams();
  const download = (format: 'csv' | 'json') =>
    chartDataUrl(searchApiUrl, FUNDING_CHART.definition.key, format, dataParams);
  return (
    <div className="ps-page ps-funding-map">
      <h1>Where the archive is funded</h1>
      <p>
        Entries by the country of the organisations that funded them, as depositors declare it (since mid
        2016). An entry funded from several countries counts under each. Select a country to see its entries.
      </p>
      <form method="get" className="ps-map-year" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="ps-map-year-input">
          {/* A live region (an output's role): quiet while playing, which would announce it every second. */}
          Release year:{' '}
          <output htmlFor="ps-map-year-input" aria-live={playing ? 'off' : 'polite'}>
            {year ?? 'all years'}
          </output>
        </label>
        <input
          id="ps-map-year-input"
          type="range"
          name="year"
          min={FIRST_MAP_YEAR - 1}
          max={lastYear}
          step={1}
          value={year ?? FIRST_MAP_YEAR - 1}
          aria-valuetext={year ? String(year) : 'all years'}
          onChange={(e) => {
            pause();
            setParams((current) => withYear(current, Number(e.target.value)));
          }}
        />
        <PlayButton playing={playing} onPlay={play} onPause={pause} />
        <noscript>
          <button type="submit">Show</button>
        </noscript>
      </form>
      {result.isError && <DataError error={result.error} />}
      <div className="ps-map-body">
        <div className="ps-map-drawing">
          <WorldMap counts={counts} hrefOf={hrefOf} noun="entries" title={title} />
        </div>
        {/* Busy while another year's counts are on their way: the table still shows the last year's. */}
        <div className="ps-map-table ps-table-scroll" aria-busy={result.isFetching}>
          <table className="ps-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Funding country</th>
                <th scope="col">Entries</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">
                    <a href={hrefOf(bar.label)}>{bar.label}</a>
                  </th>
                  <td>{formatNumber(bar.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="ps-map-downloads">
            Download the table: <a href={download('csv')}>CSV</a> · <a href={download('json')}>JSON</a>
          </p>
        </div>
      </div>
    </div>
  );
}
