import { useEffect, useState, type ReactNode } from 'react';
import { DataAsOf } from '../chart-page/data-as-of.tsx';
import type { LegendEntry, Provenance } from '../export/types.ts';

/** Room the modal's header, footer, paddings, legend and caption take from 92% of the window. */
const CHROME_PX = 210;
const MIN_HEIGHT = 320;

function chartHeight(): number {
  return Math.max(MIN_HEIGHT, Math.round(window.innerHeight * 0.92 - CHROME_PX));
}

export interface FullscreenChartProps {
  /** Draws the chart at a height; its width follows the modal. */
  renderChart: (height: number) => ReactNode;
  legend: readonly LegendEntry[];
  provenance: Provenance | undefined;
}

/** Body of the fullscreen modal: the chart as tall as the window allows, its legend and its caption. */
export default function FullscreenChart({ renderChart, legend, provenance }: FullscreenChartProps) {
  const [height, setHeight] = useState(chartHeight);
  useEffect(() => {
    const onResize = () => setHeight(chartHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <div className="ps-fullscreen-chart" data-height={height}>
      {renderChart(height)}
      <ul className="ps-fullscreen-legend" aria-label="Legend">
        {legend.map((entry) => (
          <li key={entry.label}>
            <span className="ps-legend-swatch" style={{ background: entry.color }} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
      <DataAsOf provenance={provenance} />
    </div>
  );
}
