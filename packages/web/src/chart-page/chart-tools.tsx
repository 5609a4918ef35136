import type { ReactNode, RefObject } from 'react';
import type { ChartExportInput, Provenance } from '../export/types.ts';
import FullscreenChart from '../modals/fullscreen-chart.tsx';
import SnapshotModalBody from '../modals/snapshot-modal.tsx';
import { useModal } from '../modals/modal-context.tsx';
import { DownloadMenu } from './download-menu.tsx';
import './chart-export.css';

export interface ChartToolsProps {
  /** The chart on screen as the downloads see it; undefined while none is. */
  input: ChartExportInput | undefined;
  /** Title of the chart on screen (also while its provenance is not known). */
  title: string | undefined;
  provenance: Provenance | undefined;
  /** Draws the chart at a height (the page's own chart renderer). */
  renderChart: (height?: number) => ReactNode;
  /** The chart's SVG element on the page, for the image downloads. */
  svg: RefObject<SVGSVGElement | null>;
  legend: ChartExportInput['legend'] | undefined;
}

/** Toolbar buttons of a chart page: fullscreen, the data snapshot modal and the download menu. */
export function ChartTools({ input, title, provenance, renderChart, svg, legend }: ChartToolsProps) {
  const { openModal } = useModal();
  return (
    <div className="ps-chart-tools" role="group" aria-label="Chart views and downloads">
      <button
        type="button"
        className="ps-button"
        disabled={!legend}
        onClick={() =>
          legend &&
          openModal('fullscreen', {
            title: title ?? '',
            content: <FullscreenChart renderChart={renderChart} legend={legend} provenance={provenance} />,
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
            content: <SnapshotModalBody input={input} chart={svg} />,
          })
        }
      >
        Data snapshot
      </button>
      <DownloadMenu input={input} chart={svg} />
    </div>
  );
}
