import {
  CHARTS,
  countedName,
  isChartKey,
  queryEditorUrl,
  type ChartDefinition,
  type ChartKind,
  type ResolvedChart,
} from '@pdb-stats/charts';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { MissingAttributesNote } from '../archive-coverage/missing-attributes-note.tsx';
import { BarHrefContext } from '../charts/bar-link.tsx';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { NotFoundError } from '../errors/messages.ts';
import { PlotSkeleton } from '../layout/loading.tsx';
import { useLocation } from '../routing/navigation.tsx';
import { withWindow } from '../routing/plot-state.ts';
import { ScopeBar } from '../scope/scope-bar.tsx';
import { isServerMarkup, useServerMarkup } from '../ssr/server-markup.ts';
import { KindChart, colorsOf, seriesLabelsOf } from './chart-kinds.tsx';
import type { ToolbarPlacement } from './chart-toolbar.tsx';
import { ComparedChart, cohortLabels } from './compared.tsx';
import { DataAsOf } from './data-as-of.tsx';
import { EmptyScope } from './empty-scope.tsx';
import { PageBody } from './page-body.tsx';
import { pageDownloads } from './page-downloads.ts';
import { PageHeader } from './page-header.tsx';
import { PageToolbar } from './page-toolbar.tsx';
import type { ChartLook } from './shown-chart.ts';
import { useBarSelection } from './use-bar-selection.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { usePageData } from './use-page-data.ts';
import { usePageState } from './use-page-state.ts';
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

interface ChartPageProps {
  definition: ChartDefinition;
  embedded: boolean;
  /** The chart already resolved by the page that built it (the explorer's), instead of from the URL's variant and level. */
  built?: ResolvedChart;
  /** Controls shown above the chart's header (the explorer's builder). */
  builder?: ReactNode;
}

/**
 * The chart page of any chart definition: the registry's, by key, or one the explorer built. Its
 * state is read from the address (`usePageState`), its data asked for (`usePageData`), its bars
 * made links and choices (`useBarSelection`); this component lays them out.
 */
export function ChartPage({ definition, embedded, built, builder }: ChartPageProps) {
  const page = usePageState(definition, built);
  const { setParams, state, resolved, hidden, scale, settings, isGrowth, growthLook, chartRoute } = page;
  const data = usePageData(definition, page);
  const { scope, comparedShown, shown, onScreen, error, missing, provenance } = data;
  const { config } = useDataQuery();
  const { searchApiUrl } = config.sierraConfig;
  const narrow = useNarrowScreen();
  const hydrating = useServerMarkup();
  const selection = useBarSelection(definition, page, data, narrow);
  // The server sends the table's markup (it is read without scripts too), so hydration builds it.
  const [tableOpen, setTableOpen] = useState(isServerMarkup);
  const svg = useRef<SVGSVGElement>(null);

  const look: ChartLook = {
    view: state.view,
    hidden,
    colors: shown ? colorsOf(shown, state.view, settings.colorScheme) : settings.colorScheme,
    scale,
    patterns: settings.patterns,
    line: isGrowth && growthLook.line,
    events: isGrowth && growthLook.events,
    shares: data.shares,
  };
  const seriesLabels = comparedShown
    ? cohortLabels(comparedShown)
    : shown
      ? seriesLabelsOf(shown, state.view)
      : [];
  const yearSpan = { first: data.allYears[0] ?? 0, last: data.allYears.at(-1) ?? 0 };
  const onWindow = useCallback(
    (window: { from?: number; to?: number }) => setParams((current) => withWindow(current, window, yearSpan)),
    // The span changes only with the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams, yearSpan.first, yearSpan.last],
  );
  const downloads = pageDownloads(definition, page, data, look, seriesLabels, selection.mergedOf);

  const chart = (height?: number): ReactNode =>
    comparedShown ? (
      <ComparedChart
        shown={comparedShown}
        look={look}
        onSelect={selection.onBarSelect}
        {...(height && { height })}
        {...(!height && { svgRef: svg })}
      />
    ) : (
      shown && (
        <KindChart
          shown={shown}
          look={look}
          onSelect={selection.onBarSelect}
          {...(height && { height })}
          {...(!height && { svgRef: svg })}
        />
      )
    );

  // The controls lead on a wide screen and come under the chart on a phone. Server markup cannot
  // know the screen: it holds them in both places and the stylesheet shows the one the screen's
  // width wants (the same media query), so nothing moves when the page hydrates. An embedded chart
  // has no controls: its view is the one its address names.
  const controlsAt = (placement: ToolbarPlacement) =>
    !embedded && (hydrating || narrow === (placement === 'under')) ? (
      <PageToolbar
        placement={placement}
        definition={definition}
        page={page}
        data={data}
        downloads={downloads}
        renderChart={chart}
        svg={svg}
      />
    ) : null;

  // On a phone the chart comes first and its controls under it; elsewhere the controls lead.
  return (
    <BarHrefContext value={selection.barHref}>
      <article
        className={`ps-page ps-plot-page${embedded ? ' ps-plot-embedded' : ''}`}
        data-chart={definition.key}
      >
        {builder}
        <PageHeader definition={definition} page={page} data={data} controls={controlsAt('lead')} />

        {!embedded && (
          <ScopeBar
            reading={scope.reading}
            serviceError={data.refused}
            refusal={data.trendRefusal}
            comparable={data.comparable}
            returnType={resolved.query.returnType}
            onChange={scope.setCohort}
            onClear={scope.clear}
          />
        )}

        {data.scopeBlocked ? (
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
        ) : data.levelProblem ? (
          // A path the archive does not have is not drawn as if it were a level (its bars would be another class's).
          controlsAt('under')
        ) : !onScreen && error ? (
          <DataError error={error} />
        ) : !onScreen ? (
          <>
            <PlotSkeleton />
            {controlsAt('under')}
          </>
        ) : data.emptyScope ? (
          <>
            <EmptyScope
              sentence={`No ${countedName(resolved.query.returnType).toLowerCase()} match ${data.scopeSummary}.`}
              node={scope.node}
              editorHref={queryEditorUrl(
                searchApiUrl,
                { query: scope.node!, return_type: resolved.query.returnType },
                chartRoute,
              )}
            />
            <DataAsOf provenance={provenance} />
            {controlsAt('under')}
          </>
        ) : (
          <PageBody
            definition={definition}
            embedded={embedded}
            narrow={narrow}
            page={page}
            data={data}
            selection={selection}
            look={look}
            seriesLabels={seriesLabels}
            chart={chart()}
            controls={controlsAt('under')}
            yearSpan={yearSpan}
            onWindow={onWindow}
            tableOpen={tableOpen}
            onTableOpen={setTableOpen}
          />
        )}
      </article>
    </BarHrefContext>
  );
}
