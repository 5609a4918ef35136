import {
  chartFacetRequest,
  type DataView,
  type DistributionData,
  type GrowthData,
  type ResolvedChart,
} from '@pdb-stats/charts';
import { useRef, type ReactNode } from 'react';
import type { ChartExportInput, Provenance } from '../export/types.ts';
import { legendEntries } from '../export/table.ts';
import FullscreenChart from '../modals/fullscreen-chart.tsx';
import SnapshotModalBody from '../modals/snapshot-modal.tsx';
import { useModal } from '../modals/modal-context.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { chartElementNear } from './use-chart-download.ts';
import './chart-export.css';

type ExportChart = Omit<ChartExportInput, 'request' | 'provenance'>;

/** The chart on screen (possibly the previous one while the next loads), as the exports see it. */
export function exportedChart(shown: {
  resolved: ResolvedChart;
  view: DataView;
  growth: GrowthData | undefined;
  distribution: DistributionData | undefined;
  hidden: ReadonlySet<string>;
  colors: readonly string[];
}): ExportChart {
  const { resolved, growth, distribution } = shown;
  const { definition } = resolved;
  const singleSeriesLabel = definition.options.seriesLabels?.[shown.view];
  return {
    key: definition.key,
    title: resolved.title,
    category: definition.category,
    ...(definition.category === 'growth' && { view: shown.view }),
    ...(resolved.variant !== undefined && { variant: resolved.variant }),
    ...(growth && { growth }),
    ...(distribution && { distribution }),
    // Only series of this chart: the URL may name others.
    hidden: growth?.series.map((s) => s.label).filter((label) => shown.hidden.has(label)) ?? [],
    ...(singleSeriesLabel && { singleSeriesLabel }),
    xAxisTitle: definition.options.xAxisTitle,
    yAxisTitle: definition.options.yAxisTitle,
    colors: shown.colors,
    query: resolved.query,
  };
}

export interface ChartToolsProps {
  /** The chart on screen, as drawn; undefined while none is. */
  chart: ExportChart | undefined;
  provenance: Provenance | undefined;
  /** Draws the chart at a height (the page's own chart renderer). */
  renderChart: (height?: number) => ReactNode;
}

/** Toolbar buttons of a chart page: fullscreen, the data snapshot modal and the download menu. */
export function ChartTools({ chart, provenance, renderChart }: ChartToolsProps) {
  const { openModal } = useModal();
  const group = useRef<HTMLDivElement>(null);
  const input: ChartExportInput | undefined =
    chart && provenance ? { ...chart, request: chartFacetRequest(chart.query), provenance } : undefined;
  const chartElement = () => chartElementNear(group.current);

  return (
    <div ref={group} className="ps-chart-tools" role="group" aria-label="Chart views and downloads">
      <button
        type="button"
        className="ps-button"
        disabled={!chart}
        onClick={() =>
          chart &&
          openModal('fullscreen', {
            title: chart.title,
            content: (
              <FullscreenChart
                renderChart={renderChart}
                legend={legendEntries(chart)}
                provenance={provenance}
              />
            ),
          })
        }
      >
        Fullscreen
      </button>
      <button
        type="button"
        className="ps-button"
        disabled={!input}
        onClick={() =>
          input &&
          openModal('snapshot', {
            title: `Data snapshot: ${input.title}`,
            content: <SnapshotModalBody input={input} chart={chartElement} />,
          })
        }
      >
        Data snapshot
      </button>
      <DownloadMenu input={input} chart={chartElement} />
    </div>
  );
}
