import {
  CHARTS,
  axisTitles,
  barRequest,
  chartFacetRequest,
  defaultKindView,
  drillProblem,
  isChartKey,
  comparesCohorts,
  inBarShares,
  splitsBars,
  segmentCount,
  answeredTitle,
  levelTitle,
  readLevel,
  isOtherLabel,
  otherDimension,
  resolveChart,
  sameChart,
  exploreTag,
  writeExplore,
  writeScope,
  type ChartClick,
  type ChartDefinition,
  type ChartKind,
  type ChartView,
  type DistributionData,
  type Measure,
  type ResolvedChart,
  type Scope,
} from '@pdb-stats/charts';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHref, useLocation, useSearchParams } from '../routing/navigation.tsx';
import { barSearchUrl, chartDataUrl, queryEditorUrl } from '../api/addresses.ts';
import { ApiError } from '../api/search-client.ts';
import { attributesNotHeld } from '../archive-coverage/attribute-sources.ts';
import { MissingAttributesNote } from '../archive-coverage/missing-attributes-note.tsx';
import { useMissingForChart } from '../archive-coverage/use-held-attributes.ts';
import { BarHrefContext } from '../charts/bar-link.tsx';
import { SeriesLegend } from '../charts/series-legend.tsx';
import type { BarSelection } from '../charts/types.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { NotFoundError } from '../errors/messages.ts';
import type { ChartExportInput, ExportScope } from '../export/types.ts';
import { PlotSkeleton } from '../layout/loading.tsx';
import {
  HIDE_PARAM,
  chartDataParams,
  readGrowthLook,
  readPlotState,
  withEvents,
  withLine,
  withWindow,
  withParent,
  withSeriesToggled,
  withVariant,
  withView,
} from '../routing/plot-state.ts';
import { useSettings } from '../settings/settings-context.tsx';
import { isServerMarkup, useServerMarkup } from '../ssr/server-markup.ts';
import { ScopeBar } from '../scope/scope-bar.tsx';
import { scopeRefusal } from '../scope/scope-refusal.ts';
import { useScope } from '../scope/use-scope.ts';
import { useRequestSummary } from '../search-pages/summary-loader.ts';
import { readScale, withScale } from '../settings/url-state.ts';
import {
  ChartSubtitle,
  KindChart,
  KindNote,
  KindTable,
  colorsOf,
  exportRowsOf,
  kindViews,
  seriesLabelsOf,
  withYearWindow,
  type AnyShownChart,
  type ChartLook,
} from './chart-kinds.tsx';
import { ChartToolbar, type ToolbarPlacement } from './chart-toolbar.tsx';
import { DataAsOf, useChartProvenance } from './data-as-of.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { DrillBreadcrumb } from './drill-breadcrumb.tsx';
import { EmbedSource } from './embed-source.tsx';
import { GrowthViewControls } from './growth-controls.tsx';
import { SelectionPanel, type Selected } from './selection-panel.tsx';
import { embedPath, fullPagePath } from './share.ts';
import { useChart } from './use-chart.ts';
import {
  ComparedChart,
  ComparedTable,
  cohortLabels,
  comparedExport,
  comparedSubtitle,
  comparisonOf,
  countOf,
  useComparedChart,
  type ComparedShown,
} from './compared.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';
import './chart-controls.css';

/**
 * The chart page of /{kind}/{key}; the key must be a chart of the route's kind. Embedded (under
 * /embed), the page is the chart alone: its header, the chart and its source line, no controls.
 */
export default function ChartPageRoute({
  kind,
  plotname,
  embedded = false,
}: {
  kind: ChartKind;
  plotname: string;
  embedded?: boolean;
}) {
  const { pathname } = useLocation();
  const definition = isChartKey(plotname) ? CHARTS[plotname] : undefined;
  if (!definition || definition.kind !== kind) throw new NotFoundError(pathname);
  return <ChartPage definition={definition} embedded={embedded} />;
}

/** The axis titles of the downloads: those drawn in the view and measure shown. */
function axesOf(definition: ChartDefinition, view: ChartView, measure?: Measure, shares = false) {
  const { x, y } = axisTitles(definition, view, measure, shares);
  return { xAxisTitle: x, yAxisTitle: y };
}

/** A compared chart as the downloads see it: one column per cohort, every cohort's request. */
function comparedExportInput(
  shown: ComparedShown,
  look: ChartLook,
  scope: Scope,
): Omit<ChartExportInput, 'provenance'> {
  const { chart } = shown;
  const { definition } = chart;
  return {
    key: definition.key,
    title: chart.title,
    kind: chart.kind,
    ...(chart.kind === 'growth' && { view: look.view }),
    ...(chart.variant !== undefined && { variant: chart.variant }),
    hidden: cohortLabels(shown).filter((label) => look.hidden.has(label)),
    ...axesOf(definition, look.view, shown.measure),
    ...comparedExport(shown, look),
    request: shown.answers[0]!.request,
    comparison: {
      scope,
      cohorts: shown.cohorts.map((cohort, i) => ({
        label: cohort.label,
        request: shown.answers[i]!.request,
      })),
    },
  };
}

/** The chart on screen as the downloads see it. */
function exportInput(
  shown: AnyShownChart,
  look: ChartLook,
  scope: ExportScope | undefined,
): Omit<ChartExportInput, 'provenance'> {
  const { chart } = shown;
  const { definition } = chart;
  return {
    key: definition.key,
    title: answeredTitle(chart, shown.response),
    kind: chart.kind,
    ...(kindViews(chart.kind).length > 0 && { view: look.view }),
    ...(chart.variant !== undefined && { variant: chart.variant }),
    ...(chart.parent !== undefined && { parent: chart.parent }),
    ...(chart.explore && { explore: exploreTag(chart.explore) }),
    hidden: seriesLabelsOf(shown, look.view).filter((label) => look.hidden.has(label)),
    ...(scope && { scope }),
    ...(look.shares && { measure: 'percent' as const }),
    ...axesOf(definition, look.view, look.shares ? 'percent' : 'count', look.shares),
    ...exportRowsOf(shown, look),
    request: shown.request,
  };
}

interface ChartPageProps {
  definition: ChartDefinition;
  embedded: boolean;
  /** The chart already resolved by the page that built it (the explorer's), instead of from the URL's variant and level. */
  built?: ResolvedChart;
  /** Controls shown above the chart's header (the explorer's builder). */
  builder?: ReactNode;
}

/** The chart page of any chart definition: the registry's, by key, or one the explorer built. */
export function ChartPage({ definition, embedded, built, builder }: ChartPageProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const embedHref = useHref(embedPath(location.pathname, location.search));
  // The route of this chart view, so that the query editor and results page can link back to it.
  const chartRoute = fullPagePath(location.pathname, location.search);
  const settings = useSettings();
  const { config, archive } = useDataQuery();
  const { searchApiUrl, searchAdvancedUrl } = config.sierraConfig;
  const defaultView = settings.config.dataView;
  const state = readPlotState(params, definition, defaultView);
  const resolved = useMemo(
    () => built ?? resolveChart(definition, state.variant, state.parent),
    [built, definition, state.variant, state.parent],
  );
  // A level the URL names but the chart does not have is said, and the top level drawn.
  const parentProblem = state.parent !== undefined ? drillProblem(definition, state.parent) : undefined;
  const hidden = useMemo(() => new Set(params.getAll(HIDE_PARAM)), [params]);
  const scale = readScale(params);
  const [selected, setSelected] = useState<Selected | null>(null);
  // The server sends the table's markup (it is read without scripts too), so hydration builds it.
  const [tableOpen, setTableOpen] = useState(isServerMarkup);
  const svg = useRef<SVGSVGElement>(null);
  const narrow = useNarrowScreen();
  const hydrating = useServerMarkup();
  // How the last bar was chosen: a touch shows the bar's value first, a click or a key opens its search.
  const lastPointer = useRef('');

  // The search the chart is drawn over; a scope the URL cannot give is said, not asked for.
  const scope = useScope();
  const scopeUnreadable = scope.reading.problems.length > 0;
  // Cohorts are named and the scope said in words: the summarizer is loaded for scoped pages only.
  const summary = useRequestSummary(scope.reading.cohorts.length > 0);
  // Two or more cohorts, or percent, are drawn compared: one request per cohort, bars side by side.
  // A trend chart's medians and shares are not counts to set side by side: it refuses to compare (as
  // the chart data API does) rather than quietly drawing one cohort.
  const comparable = resolved.kind !== 'trend';
  const asksComparison = comparesCohorts(scope.reading, resolved.query);
  // Split bars in percent over one scope: each segment's share of its bar, from the chart's one request.
  const shares = inBarShares(scope.reading, resolved.query);
  const comparison = useMemo(
    () => (asksComparison && comparable ? comparisonOf(resolved, scope.reading, summary) : undefined),
    [asksComparison, comparable, resolved, scope.reading, summary],
  );
  const trendRefusal =
    asksComparison && !comparable
      ? {
          message: `${resolved.title} shows medians and shares, not counts: cohorts are not compared on it${
            scope.reading.cohorts.length > 1 ? '' : ', nor shown in percent'
          }.`,
          remedy:
            scope.reading.cohorts.length > 1 ? 'Keep the first cohort only' : 'Show the chart in counts',
          onRemedy: () =>
            update(writeScope(params, { cohorts: scope.reading.cohorts.slice(0, 1), measure: 'count' })),
        }
      : undefined;
  const scopeSummary = useMemo(
    () =>
      scope.node &&
      (summary?.summarizeNode(scope.node, resolved.query.returnType) ?? JSON.stringify(scope.node)),
    [scope.node, resolved.query.returnType, summary],
  );

  // A chart this archive lacks attributes for is explained, not asked for.
  const knownMissing = useMissingForChart(resolved.query);
  const single = useChart(
    resolved,
    knownMissing.length === 0 && !scopeUnreadable && !asksComparison,
    scope.node,
  );
  const compared = useComparedChart(comparison, knownMissing.length === 0 && !scopeUnreadable);
  const { shown: answered } = single;
  const error = comparison ? compared.error : single.query.error;
  const loadingNext = comparison ? compared.loadingNext : single.loadingNext;
  // The service's refusal of the scope, said next to the scope.
  const refused = scopeRefusal(error, scope.node);
  // Before the held attributes are known, the service's own 400 says what is missing.
  const missing =
    knownMissing.length > 0
      ? knownMissing
      : !refused && error instanceof ApiError && error.status === 400
        ? attributesNotHeld(error.message)
        : [];
  const scopeBlocked = scopeUnreadable || refused !== undefined || trendRefusal !== undefined;
  // Nothing to draw, export or recolour when the archive lacks the chart's attributes or the scope is refused.
  const drawable = missing.length === 0 && !scopeBlocked;
  const isGrowth = definition.kind === 'growth';
  const growthLook = readGrowthLook(params);
  // The chart on screen: the current one, or the previous one while the next loads; a growth
  // chart cut to its window of years (the chart, table and downloads alike).
  const whole = drawable && !comparison ? answered : undefined;
  const shown = whole && withYearWindow(whole, isGrowth ? growthLook.window : {});
  const allYears = whole && 'years' in whole.data ? whole.data.years.map(Number) : [];
  const comparedShown = drawable ? compared.shown : undefined;
  const onScreen = comparison ? comparedShown : shown;
  // The level's answers (every cohort's when compared) name the classes of a drilled-down level
  // where their identifiers do not, tell which bars open a level below, and may refuse its path.
  const levelAnswers = comparedShown
    ? comparedShown.chart.parent === resolved.parent && comparedShown.answers.map((a) => a.response)
    : shown?.chart.parent === resolved.parent && shown && [shown.response];
  const level = levelAnswers
    ? readLevel(resolved, levelAnswers, scope.reading.cohorts.length > 0)
    : undefined;
  const title =
    resolved.parent !== undefined && level
      ? levelTitle(definition, resolved.parent, level.names)
      : resolved.title;
  const levelProblem = parentProblem === undefined ? level?.problem : undefined;

  const [prevChart, setPrevChart] = useState({ resolved, scope: scope.node });
  if (
    !sameChart(prevChart.resolved, resolved) ||
    prevChart.resolved.variant !== resolved.variant ||
    prevChart.resolved.parent !== resolved.parent ||
    prevChart.scope !== scope.node
  ) {
    setPrevChart({ resolved, scope: scope.node });
    setSelected(null);
  }

  const look: ChartLook = {
    view: state.view,
    hidden,
    colors: shown ? colorsOf(shown, state.view, settings.colorScheme) : settings.colorScheme,
    scale,
    patterns: settings.patterns,
    line: isGrowth && growthLook.line,
    events: isGrowth && growthLook.events,
    shares,
  };
  const seriesLabels = comparedShown
    ? cohortLabels(comparedShown)
    : shown
      ? seriesLabelsOf(shown, state.view)
      : [];
  // The legend names what its entries are: cohorts, or the values of the attribute splitting the bars.
  const legendTitle = comparison
    ? 'Cohorts'
    : shown?.chart.kind === 'distribution'
      ? shown.chart.query.second?.name
      : undefined;
  // A trend chart's quartiles are points on a line; every other chart draws bars.
  const mark = definition.kind === 'trend' && state.view === 'quartiles' ? 'point' : 'bar';
  const provenance = useChartProvenance(onScreen?.respondedAt);

  // Each change is a history entry, so Back and Forward step through the views. Drawn at once, not
  // in a transition: a box or switch the visitor flips must not flip back while the page catches up.
  const update = (next: URLSearchParams) => setParams(next, { flushSync: true });
  const yearSpan = { first: allYears[0] ?? 0, last: allYears.at(-1) ?? 0 };
  const onWindow = useCallback(
    (window: { from?: number; to?: number }) => setParams((current) => withWindow(current, window, yearSpan)),
    // The span changes only with the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams, yearSpan.first, yearSpan.last],
  );

  /** The values drawn beside an "Other" bar: its search counts the objects with none of them. */
  const drawnValues = (): string[] => {
    const labels =
      comparedShown?.data.kind === 'distribution'
        ? comparedShown.data.distribution.categories
        : shown?.chart.kind === 'distribution'
          ? (shown.data as DistributionData).bars.map((bar) => bar.label)
          : [];
    return labels.filter((label) => !isOtherLabel(label));
  };
  const clickOf = (selection: BarSelection): ChartClick => ({
    x: selection.x,
    view: state.view,
    ...(selection.series !== undefined && { series: selection.series }),
    ...(otherDimension(resolved.query) && isOtherLabel(selection.x) && { shown: drawnValues() }),
  });
  /** The search of a bar or table value: that cohort AND that bar when compared, else scope AND bar. */
  const requestOf = (selection: BarSelection) =>
    barRequest({ chart: resolved, scope: scope.node, comparison }, clickOf(selection), selection.cohort);
  /** The search of a bar or table value: opened in the query editor now, or offered (`open` false). */
  const select = (selection: BarSelection, open: boolean) => {
    try {
      const request = requestOf(selection);
      const { cohort } = selection;
      if (open) window.open(queryEditorUrl(searchApiUrl, request, chartRoute), '_blank', 'noopener');
      // A compared bar is named with its cohort, and its count (what its search finds) is shown; so
      // is a segment's count when the segments are drawn in percent of their bar.
      const chosen =
        comparedShown && cohort !== undefined
          ? {
              ...selection,
              series: comparedShown.cohorts[cohort]?.label ?? '',
              value: countOf(comparedShown, cohort, selection.x, state.view),
            }
          : shares && shown?.chart.kind === 'distribution' && selection.series !== undefined
            ? {
                ...selection,
                value: segmentCount(shown.data as DistributionData, selection.x, selection.series),
              }
            : selection;
      setSelected({ selection: chosen, view: state.view, opened: open, request, chartRoute });
    } catch (error) {
      console.error(error);
      setSelected({ selection, view: state.view, opened: open, error: (error as Error).message });
    }
  };
  // A bar tapped (or chosen on a phone-sized screen) shows its value and offers its search.
  const onBarSelect = (selection: BarSelection) =>
    select(selection, !(narrow || ['touch', 'pen'].includes(lastPointer.current)));
  // A value of the data table is a button named after its search: it opens it.
  const onTableSelect = (selection: BarSelection) => select(selection, true);
  const closeSelection = useCallback(() => setSelected(null), []);
  // The page's address with another level drawn; the selection and every other parameter kept.
  const levelHref = (parent: string | undefined) => {
    const search = withParent(params, definition, parent).toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  /** The page's address with the level below a bar opened, when the bar's class has one. */
  const drillHrefOf = (label: string) => {
    const child = level?.opens(label);
    return child === undefined ? undefined : levelHref(child);
  };
  // Each bar links to the search a click on it opens, for pages read without scripts: our own service
  // (it answers the archive route) expands a short link, which keeps a drawn page's HTML small.
  const barHref = (selection: BarSelection) => {
    try {
      const request = requestOf(selection);
      const click = clickOf(selection);
      // An "Other" bar's search names the values drawn beside it, which its short link does not carry.
      if (!archive || click.shown) return queryEditorUrl(searchApiUrl, request, chartRoute);
      const bar = { chart: chartRoute, click, cohort: selection.cohort };
      return barSearchUrl(searchApiUrl, definition.kind, bar);
    } catch {
      return undefined;
    }
  };

  // The query editor gets the request of the chart as shown: hidden series left out.
  const visible = seriesLabels.filter((label) => !hidden.has(label));
  const editorRequest = comparedShown
    ? comparedShown.answers[0]!.request
    : shown && visible.length === seriesLabels.length
      ? shown.request
      : chartFacetRequest(resolved.query, { series: { all: seriesLabels, visible }, scope: scope.node });

  const exportScope = scope.node && scopeSummary ? { node: scope.node, summary: scopeSummary } : undefined;
  const exported = comparedShown
    ? comparedExportInput(comparedShown, look, scope.reading)
    : shown && exportInput(shown, look, exportScope);
  const input = exported && provenance && !levelProblem ? { ...exported, provenance } : undefined;

  const chart = (height?: number): ReactNode =>
    comparedShown ? (
      <ComparedChart
        shown={comparedShown}
        look={look}
        onSelect={onBarSelect}
        {...(height && { height })}
        {...(!height && { svgRef: svg })}
      />
    ) : (
      shown && (
        <KindChart
          shown={shown}
          look={look}
          onSelect={onBarSelect}
          {...(height && { height })}
          {...(!height && { svgRef: svg })}
        />
      )
    );

  // The chart data API takes the page's state and its scope (every cohort, label and measure).
  const apiParams = chartDataParams(state, definition, undefined, isGrowth ? growthLook.window : undefined);
  new URLSearchParams(scope.search).forEach((value, name) => apiParams.append(name, value));
  if (resolved.explore) writeExplore(resolved.explore).forEach((value, name) => apiParams.set(name, value));

  const toolbar = (placement: ToolbarPlacement) => (
    <ChartToolbar
      placement={placement}
      definition={definition}
      resolved={resolved}
      drawable={drawable}
      views={kindViews(definition.kind)}
      view={state.view}
      onView={(view) => update(withView(params, view, defaultKindView(definition.kind, defaultView)))}
      onVariant={(value) => update(withVariant(params, definition, value))}
      scale={scale}
      onScale={(next) => update(withScale(params, next))}
      // Counts or percent: of each cohort when compared, of each bar when the bars are split.
      {...((scope.reading.cohorts.length > 1 ||
        scope.reading.measure === 'percent' ||
        splitsBars(resolved.query)) && {
        measure: scope.reading.measure,
        onMeasure: (measure: Measure) => update(writeScope(params, { ...scope.reading, measure })),
      })}
      menu={
        <DownloadMenu
          input={input}
          title={onScreen?.chart.title}
          legend={exported?.legend}
          provenance={provenance}
          renderChart={chart}
          svg={svg}
          editorUrl={queryEditorUrl(searchApiUrl, editorRequest)}
          // Read when the share panel opens; a page drawn on the server has no window yet.
          embedUrl={
            typeof window === 'undefined' ? embedHref : new URL(embedHref, window.location.origin).href
          }
          dataApi={
            // Only our own service answers the archive route, and only it has the chart data API.
            archive
              ? {
                  csv: chartDataUrl(searchApiUrl, definition.key, 'csv', apiParams),
                  json: chartDataUrl(searchApiUrl, definition.key, 'json', apiParams),
                }
              : undefined
          }
        />
      }
    />
  );

  // The controls lead on a wide screen and come under the chart on a phone. Server markup cannot
  // know the screen: it holds them in both places and the stylesheet shows the one the screen's
  // width wants (the same media query), so nothing moves when the page hydrates. An embedded chart
  // has no controls: its view is the one its address names.
  const controlsAt = (placement: ToolbarPlacement) =>
    !embedded && (hydrating || narrow === (placement === 'under')) ? toolbar(placement) : null;

  // On a phone the chart comes first and its controls under it; elsewhere the controls lead.
  return (
    <BarHrefContext value={barHref}>
      <article
        className={`ps-page ps-plot-page${embedded ? ' ps-plot-embedded' : ''}`}
        data-chart={definition.key}
      >
        {builder}
        <header className="ps-plot-header">
          {definition.hierarchy && resolved.parent !== undefined && (
            <DrillBreadcrumb
              hierarchy={definition.hierarchy}
              parent={resolved.parent}
              names={level?.names}
              hrefOf={levelHref}
            />
          )}
          <h1>{title}</h1>
          {parentProblem && (
            <p className="ps-scope-blocked" role="alert" data-testid="parent-problem">
              The level in the address cannot be drawn (parent: {parentProblem}); the top level is shown.
            </p>
          )}
          {levelProblem && (
            <p className="ps-scope-blocked" role="alert" data-testid="parent-problem">
              The level in the address cannot be drawn (parent: {levelProblem}).
            </p>
          )}
          {comparison && comparedShown ? (
            <p className="ps-chart-subtitle" data-testid="chart-subtitle">
              {comparedSubtitle(comparison, state.view)}
            </p>
          ) : (
            shown && <ChartSubtitle shown={shown} view={state.view} shares={shares} />
          )}
          {controlsAt('lead')}
        </header>

        {!embedded && (
          <ScopeBar
            reading={scope.reading}
            serviceError={refused}
            refusal={trendRefusal}
            comparable={comparable}
            returnType={resolved.query.returnType}
            onChange={scope.setCohort}
            onClear={scope.clear}
          />
        )}

        {scopeBlocked ? (
          <>
            <p className="ps-scope-blocked" data-testid="scope-blocked">
              The chart cannot be drawn for this scope: change or clear the scope above.
            </p>
            {controlsAt('under')}
          </>
        ) : missing.length > 0 ? (
          <>
            <MissingAttributesNote missing={missing} />
            {controlsAt('under')}
          </>
        ) : levelProblem ? (
          // A path the archive does not have is not drawn as if it were a level (its bars would be another class's).
          controlsAt('under')
        ) : !onScreen && error ? (
          <DataError error={error} />
        ) : !onScreen ? (
          <>
            <PlotSkeleton />
            {controlsAt('under')}
          </>
        ) : (
          <>
            {error && <DataError error={error} />}
            <div className={`ps-plot-body${loadingNext ? ' ps-stale' : ''}`} aria-busy={loadingNext}>
              <div
                className="ps-plot-chart"
                onPointerDown={(event) => {
                  lastPointer.current = event.pointerType;
                }}
                onKeyDown={() => {
                  lastPointer.current = 'keyboard';
                }}
              >
                {chart()}
                {!embedded && isGrowth && (
                  <GrowthViewControls
                    line={look.line}
                    onLine={(line) => update(withLine(params, line))}
                    events={look.events}
                    onEvents={(events) => update(withEvents(params, events))}
                    first={yearSpan.first}
                    last={yearSpan.last}
                    window={growthLook.window}
                    onWindow={onWindow}
                  />
                )}
                {controlsAt('under')}
              </div>
              {seriesLabels.length > 1 && (
                <aside className="ps-plot-side">
                  <SeriesLegend
                    {...(legendTitle && { title: legendTitle })}
                    labels={seriesLabels}
                    colors={look.colors}
                    hidden={hidden}
                    onToggle={(label) => update(withSeriesToggled(params, label))}
                    patterns={settings.patterns}
                  />
                </aside>
              )}
            </div>
            {/* Cohorts compared are named in the legend; the first alone is no scope of the chart. */}
            <DataAsOf provenance={provenance} scope={comparison ? undefined : scopeSummary} />
            {embedded && <EmbedSource />}
            {shown && <KindNote shown={shown} />}
            <p className="ps-hint" hidden={embedded}>
              {narrow
                ? `Tap a ${mark} to read its value and open its search; a value in the table opens its search.`
                : `Click a ${mark} or a value in the table to open its search in the query editor.`}
            </p>
            {selected && (
              <SelectionPanel
                selected={selected}
                valueTitle={definition.options.yAxisTitle}
                advancedUrl={searchAdvancedUrl}
                searchApiUrl={searchApiUrl}
                onClose={closeSelection}
                drillHref={drillHrefOf(selected.selection.x)}
              />
            )}
            {/* The table is built when opened: hundreds of cells would slow the first chart down. */}
            {!embedded && (
              <details className="ps-data-details" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
                <summary>Data table</summary>
                {tableOpen &&
                  (comparedShown ? (
                    <ComparedTable
                      shown={comparedShown}
                      look={look}
                      caption={`${title}${comparedShown.chart.kind === 'growth' ? ` (${state.view})` : ''}`}
                      onSelect={onTableSelect}
                      drillHrefOf={drillHrefOf}
                    />
                  ) : (
                    shown && (
                      <KindTable
                        shown={shown}
                        view={state.view}
                        hidden={hidden}
                        shares={shares}
                        onSelect={onTableSelect}
                        drillHrefOf={drillHrefOf}
                      />
                    )
                  ))}
              </details>
            )}
          </>
        )}
      </article>
    </BarHrefContext>
  );
}
