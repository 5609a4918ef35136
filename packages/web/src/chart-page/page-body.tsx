import type { ChartDefinition } from '@pdb-stats/charts';
import type { ReactNode } from 'react';
import { SeriesLegend } from '../charts/series-legend.tsx';
import { useDataQuery } from '../data/data-context.tsx';
import { DataError } from '../errors/data-error.tsx';
import { withEvents, withLine, withSeriesToggled } from '../routing/plot-state.ts';
import { KindNote, KindTable } from './chart-kinds.tsx';
import { ChartSources } from './chart-sources.tsx';
import { ComparedTable } from './compared.tsx';
import { DataAsOf } from './data-as-of.tsx';
import { EmbedSource } from './embed-source.tsx';
import { GrowthViewControls } from './growth-controls.tsx';
import { SelectionPanel } from './selection-panel.tsx';
import type { ChartLook } from './shown-chart.ts';
import type { useBarSelection } from './use-bar-selection.ts';
import type { PageData } from './use-page-data.ts';
import type { PageState } from './use-page-state.ts';

export interface PageBodyProps {
  definition: ChartDefinition;
  embedded: boolean;
  narrow: boolean;
  page: PageState;
  data: PageData;
  selection: ReturnType<typeof useBarSelection>;
  look: ChartLook;
  seriesLabels: readonly string[];
  /** The chart drawn. */
  chart: ReactNode;
  /** The controls that come under the chart on a phone. */
  controls: ReactNode;
  yearSpan: { first: number; last: number };
  onWindow: (window: { from?: number; to?: number }) => void;
  tableOpen: boolean;
  onTableOpen: (open: boolean) => void;
}

/** A drawn chart with what goes with it: legend, growth controls, notes, the bar chosen, table and sources. */
export function PageBody(props: PageBodyProps) {
  const { definition, embedded, narrow, page, data, selection, look, seriesLabels } = props;
  const { params, state, hidden, settings, isGrowth, growthLook, update, chartRoute } = page;
  const { error, loadingNext, comparison, comparedShown, shown, provenance, scopeSummary, title, shares } =
    data;
  const { selected, notePointer, onTableSelect, closeSelection, drillHrefOf } = selection;
  const { config } = useDataQuery();
  const { searchApiUrl, searchAdvancedUrl } = config.sierraConfig;
  // The legend names what its entries are: cohorts, or the values of the attribute splitting the bars.
  const legendTitle = comparison
    ? 'Cohorts'
    : shown?.chart.kind === 'distribution'
      ? shown.chart.query.second?.name
      : undefined;
  // A trend chart's quartiles are points on a line; every other chart draws bars.
  const mark = definition.kind === 'trend' && state.view === 'quartiles' ? 'point' : 'bar';
  return (
    <>
      {error && <DataError error={error} />}
      <div className={`ps-plot-body${loadingNext ? ' ps-stale' : ''}`} aria-busy={loadingNext}>
        <div
          className="ps-plot-chart"
          onPointerDown={(event) => notePointer(event.pointerType)}
          onKeyDown={() => notePointer('keyboard')}
        >
          {props.chart}
          {!embedded && isGrowth && (
            <GrowthViewControls
              params={params}
              line={look.line}
              onLine={(line) => update(withLine(params, line))}
              events={look.events}
              onEvents={(events) => update(withEvents(params, events))}
              first={props.yearSpan.first}
              last={props.yearSpan.last}
              window={growthLook.window}
              onWindow={props.onWindow}
            />
          )}
          {props.controls}
        </div>
        {seriesLabels.length > 1 && (
          <aside className="ps-plot-side">
            <SeriesLegend
              {...(legendTitle && { title: legendTitle })}
              labels={seriesLabels}
              colors={look.colors}
              hidden={hidden}
              onToggle={(label) => update(withSeriesToggled(params, label))}
              hrefOf={(label) => `?${withSeriesToggled(params, label).toString()}`}
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
          ? `Tap a ${mark} to read its value and see what it counts; a value in the table opens its results.`
          : `Click a ${mark} or a value in the table to see the results it counts.`}
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
        <details className="ps-data-details" onToggle={(e) => props.onTableOpen(e.currentTarget.open)}>
          <summary>Data table</summary>
          {props.tableOpen &&
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
      {!embedded && (
        <ChartSources
          chartKey={definition.key}
          title={title}
          returnType={page.resolved.query.returnType}
          provenance={provenance}
          path={chartRoute}
        />
      )}
    </>
  );
}
