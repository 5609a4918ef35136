import type { SearchRequest, SearchResponse } from '@pdb-stats/search-model';
import {
  CHARTS,
  chartFacetRequest,
  clickRequest,
  isChartKey,
  resolveChart,
  toDistributionData,
  toGrowthData,
  type ChartCategory,
  type ChartClick,
  type ChartDefinition,
  type DataView,
  type ResolvedChart,
} from '@pdb-stats/charts';
import { advancedSearchUrl, queryEditorUrl } from '../api/addresses.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { chartDataQuery } from '../api/queries.ts';
import { ApiError } from '../api/search-client.ts';
import { attributesNotHeld } from '../archive-coverage/attribute-sources.ts';
import { MissingAttributesNote } from '../archive-coverage/missing-attributes-note.tsx';
import { useMissingForChart } from '../archive-coverage/use-held-attributes.ts';
import { ChartTools, exportedChart } from '../components/chart-tools.tsx';
import { DataAsOf, useChartProvenance } from '../components/data-as-of.tsx';
import { DistributionTable, GrowthTable } from '../charts/data-table.tsx';
import { DistributionChart } from '../charts/distribution-chart.tsx';
import { formatNumber } from '../charts/format.ts';
import { GrowthChart } from '../charts/growth-chart.tsx';
import { SeriesLegend } from '../charts/series-legend.tsx';
import type { BarSelection } from '../charts/types.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { NotFoundError } from '../errors/messages.ts';
import { PlotSkeleton } from '../layout/loading.tsx';
import { useModal } from '../modals/modal-context.tsx';
import { preloadSettingsModal } from '../modals/modal-layer.tsx';
import {
  HIDE_PARAM,
  readPlotState,
  withSeriesToggled,
  withVariant,
  withView,
} from '../routing/plot-state.ts';
import { ScaleControl } from '../settings/scale-control.tsx';
import { useSettings } from '../settings/settings-context.tsx';
import { readScale, withScale } from '../settings/url-state.ts';

/** The chart page of /growth/{key} and /distribution/{key}; the key must be of the route's category. */
export default function PlotPage({ category }: { category: ChartCategory }) {
  const { plotname } = useParams();
  const { pathname } = useLocation();
  const definition = isChartKey(plotname) ? CHARTS[plotname] : undefined;
  if (!definition || definition.category !== category) throw new NotFoundError(pathname);
  return <ChartPage definition={definition} />;
}

interface Shown {
  resolved: ResolvedChart;
  response: SearchResponse | null;
}

interface Selected {
  selection: BarSelection;
  view: DataView;
  request?: SearchRequest;
  chartRoute?: string;
  error?: string;
}

function ChartPage({ definition }: { definition: ChartDefinition }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The route of this chart view, so that the query editor and results page can link back to it.
  const chartRoute = `${location.pathname}${location.search}`;
  const settings = useSettings();
  const { setChart } = settings;
  const { config } = useDataQuery();
  const { openModal } = useModal();
  const { searchApiUrl, searchAdvancedUrl } = config.sierraConfig;
  const defaultView = settings.config.dataView;
  const state = readPlotState(params, definition, defaultView);
  const resolved = resolveChart(definition, state.variant);
  const hidden = useMemo(() => new Set(params.getAll(HIDE_PARAM)), [params]);
  const scale = readScale(params);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [tableOpen, setTableOpen] = useState(false);

  // A chart this archive lacks attributes for is explained, not asked for.
  const knownMissing = useMissingForChart(resolved.query);
  const query = useQuery({
    ...chartDataQuery(searchApiUrl, definition.key, resolved.query),
    placeholderData: keepPreviousData,
    enabled: knownMissing.length === 0,
  });
  // Before the held attributes are known, the service's own 400 says what is missing.
  const missing =
    knownMissing.length > 0
      ? knownMissing
      : query.error instanceof ApiError && query.error.status === 400
        ? attributesNotHeld(query.error.message)
        : [];

  // The chart on screen: the current one, or the previous one while the next loads.
  const last = useRef<Shown | null>(null);
  if (query.isSuccess && !query.isPlaceholderData) last.current = { resolved, response: query.data };
  // Nothing to draw, export or recolour when the archive lacks the chart's attributes.
  const drawable = missing.length === 0;
  const shown = !drawable
    ? null
    : query.isPlaceholderData || !query.isSuccess
      ? last.current
      : { resolved, response: query.data };
  const loadingNext = query.isPlaceholderData || (query.isFetching && !query.isSuccess);

  useEffect(() => setSelected(null), [definition.key, resolved.variant]);

  const chartDef = shown?.resolved.definition;
  const growth = useMemo(
    () =>
      shown && chartDef?.category === 'growth'
        ? toGrowthData(shown.response, shown.resolved.query)
        : undefined,
    [shown?.response, shown?.resolved.query, chartDef?.category],
  );
  const distribution = useMemo(
    () =>
      shown && chartDef?.category === 'distribution'
        ? toDistributionData(shown.response, shown.resolved.query, { truncate: chartDef.truncateViewData })
        : undefined,
    [shown?.response, shown?.resolved.query, chartDef?.category],
  );
  const seriesLabels = useMemo(() => growth?.series.map((s) => s.label) ?? [], [growth]);

  // The list of visible series of the chart on screen.
  const inputKey = JSON.stringify([definition.key, seriesLabels, state.hidden]);
  useEffect(() => {
    setChart({
      type: 'setChart',
      chartDetails: { key: definition.key, title: resolved.title },
      currentInput: seriesLabels.map((label) => ({ label, visible: !hidden.has(label) })),
    });
  }, [inputKey]);

  // Each change is a history entry, so Back and Forward step through the views.
  const update = (next: URLSearchParams) => setParams(next, { preventScrollReset: true });

  const onSelect = (selection: BarSelection) => {
    const click: ChartClick = {
      x: selection.x,
      view: state.view,
      ...(selection.series !== undefined && { series: selection.series }),
    };
    try {
      const request = clickRequest(definition, click, resolved.query);
      window.open(queryEditorUrl(searchApiUrl, request, chartRoute), '_blank', 'noopener');
      setSelected({ selection, view: state.view, request, chartRoute });
    } catch (error) {
      console.error(error);
      setSelected({ selection, view: state.view, error: (error as Error).message });
    }
  };

  const visible = seriesLabels.filter((label) => !hidden.has(label));
  const editorRequest = chartFacetRequest(resolved.query, { series: { all: seriesLabels, visible } });
  // Axis titles follow the chart on screen, which is the previous one while the next loads.
  const options = (chartDef ?? definition).options;
  const singleLabel = options.seriesLabels?.[state.view];
  const colors = settings.colorScheme;
  const provenance = useChartProvenance(chartDef?.key ?? definition.key, shown?.resolved.query);

  const chart = (height?: number): ReactNode => {
    if (!shown) return null;
    if (growth) {
      return (
        <GrowthChart
          data={growth}
          view={state.view}
          colors={colors}
          hidden={hidden}
          xAxisTitle={options.xAxisTitle}
          yAxisTitle={options.yAxisTitle}
          onSelect={onSelect}
          animationKey={`${definition.key}-${state.view}-${resolved.variant ?? ''}`}
          scale={scale}
          patterns={settings.patterns}
          {...(singleLabel && { singleSeriesLabel: singleLabel })}
          {...(height && { height })}
        />
      );
    }
    if (distribution) {
      return (
        <DistributionChart
          data={distribution}
          orientation={options.orientation}
          color={colors[0] ?? '#000'}
          xAxisTitle={options.xAxisTitle}
          yAxisTitle={options.yAxisTitle}
          onSelect={onSelect}
          animationKey={`${definition.key}-${resolved.variant ?? ''}`}
          scale={scale}
          patterns={settings.patterns}
          {...(options.yStep && { yStep: options.yStep })}
          {...(height && { height })}
        />
      );
    }
    return null;
  };

  return (
    <article className="ps-page ps-plot-page" data-chart={definition.key}>
      <header className="ps-plot-header">
        <h1>{resolved.title}</h1>
        <div className="ps-toolbar" role="toolbar" aria-label="Chart options">
          {drawable && definition.category === 'growth' && (
            <div className="ps-segmented" role="group" aria-label="Data view">
              {(['cumulative', 'annual'] as const).map((view) => (
                <button
                  key={view}
                  type="button"
                  className="ps-button"
                  aria-pressed={state.view === view}
                  onClick={() => update(withView(params, view, defaultView))}
                >
                  {view === 'cumulative' ? 'Cumulative' : 'Annual'}
                </button>
              ))}
            </div>
          )}
          {definition.variants && (
            <label className="ps-variant">
              {definition.variants.label}{' '}
              <select
                value={resolved.variant}
                onChange={(event) => update(withVariant(params, definition, event.target.value))}
              >
                {definition.variants.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {drawable && <ScaleControl scale={scale} onChange={(next) => update(withScale(params, next))} />}
          <button
            type="button"
            className="ps-button"
            onClick={() => openModal('information', { chartKey: definition.key, title: resolved.title })}
          >
            About this chart
          </button>
          {drawable && (
            <>
              <button
                type="button"
                className="ps-button"
                onPointerEnter={preloadSettingsModal}
                onFocus={preloadSettingsModal}
                onClick={() => openModal('settings')}
              >
                Colors
              </button>
              <ChartTools
                chart={
                  shown
                    ? exportedChart({
                        resolved: shown.resolved,
                        view: state.view,
                        growth,
                        distribution,
                        hidden,
                        colors,
                      })
                    : undefined
                }
                provenance={provenance}
                renderChart={chart}
              />
              <a
                className="ps-button ps-link-button"
                href={queryEditorUrl(searchApiUrl, editorRequest)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="facet-request-link"
              >
                Search API
              </a>
            </>
          )}
        </div>
      </header>

      {missing.length > 0 ? (
        <MissingAttributesNote missing={missing} />
      ) : !shown && query.isError ? (
        <DataError error={query.error} />
      ) : !shown ? (
        <PlotSkeleton />
      ) : (
        <>
          {query.isError && <DataError error={query.error} />}
          <div className={`ps-plot-body${loadingNext ? ' ps-stale' : ''}`} aria-busy={loadingNext}>
            <div className="ps-plot-chart">
              {shown.response === null && (
                <p className="ps-empty" role="status">
                  The search service has no data for this chart.
                </p>
              )}
              {chart()}
            </div>
            {growth && growth.series.length > 1 && (
              <aside className="ps-plot-side">
                <SeriesLegend
                  labels={seriesLabels}
                  colors={colors}
                  hidden={hidden}
                  onToggle={(label) => update(withSeriesToggled(params, label))}
                  patterns={settings.patterns}
                />
              </aside>
            )}
          </div>
          <DataAsOf provenance={provenance} />
          {distribution &&
            definition.truncateViewData &&
            distribution.bucketCount > distribution.bars.length && (
              <p className="ps-note">
                Showing the {distribution.bars.length} largest of {formatNumber(distribution.bucketCount)}{' '}
                groups.
              </p>
            )}
          <p className="ps-hint">
            Click a bar or a value in the table to open its search in the query editor.
          </p>
          {selected && (
            <SelectionPanel selected={selected} advancedUrl={searchAdvancedUrl} searchApiUrl={searchApiUrl} />
          )}
          {/* The table is built when opened: hundreds of cells would slow the first chart down. */}
          <details className="ps-data-details" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
            <summary>Data table</summary>
            {tableOpen && growth && (
              <GrowthTable
                data={growth}
                view={state.view}
                hidden={hidden}
                seriesLabel={singleLabel ?? options.yAxisTitle}
                caption={`${resolved.title} (${state.view})`}
                onSelect={onSelect}
              />
            )}
            {tableOpen && distribution && (
              <DistributionTable
                data={distribution}
                categoryTitle={options.xAxisTitle}
                valueTitle={options.yAxisTitle}
                caption={resolved.title}
                onSelect={onSelect}
              />
            )}
          </details>
        </>
      )}
    </article>
  );
}

function SelectionPanel({
  selected,
  advancedUrl,
  searchApiUrl,
}: {
  selected: Selected;
  advancedUrl: string;
  searchApiUrl: string;
}) {
  const { selection, request, chartRoute, error } = selected;
  const what = [selection.x, selection.series].filter(Boolean).join(' · ');
  return (
    <section className="ps-selection" aria-live="polite" data-testid="selection">
      <h2 className="ps-selection-title">
        Selected: {what} — {formatNumber(selection.value)}
      </h2>
      {error && <p role="alert">{error}</p>}
      {request && (
        <p className="ps-selection-links">
          <a
            href={queryEditorUrl(searchApiUrl, request, chartRoute)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in the query editor
          </a>
          <a href={advancedSearchUrl(advancedUrl, request)} target="_blank" rel="noopener noreferrer">
            Open in advanced search
          </a>
        </p>
      )}
    </section>
  );
}
