import { useId, type CSSProperties } from 'react';
import { Swatch } from './patterns.tsx';
import { seriesColor } from '../settings/colors.ts';

export interface SeriesLegendProps {
  labels: readonly string[];
  colors: readonly string[];
  hidden: ReadonlySet<string>;
  onToggle: (label: string) => void;
  /** Show each series' pattern in its swatch (when the chart uses pattern fills). */
  patterns?: boolean;
  /** What the entries are: series of one chart, or cohorts compared. */
  title?: string;
}

/** The list of visible series: one checkbox per series, ids by position. */
export function SeriesLegend({
  labels,
  colors,
  hidden,
  onToggle,
  patterns = false,
  title = 'Series',
}: SeriesLegendProps) {
  const id = useId();
  // Under the chart (narrow screens) the entries go in columns as wide as the longest label.
  const longest = Math.max(...labels.map((label) => label.length));
  return (
    <fieldset className="ps-legend">
      <legend>{title}</legend>
      <ul style={{ '--ps-legend-label': `${longest}ch` } as CSSProperties}>
        {labels.map((label, index) => (
          <li key={label}>
            <input
              type="checkbox"
              id={`${id}-series-${index}`}
              checked={!hidden.has(label)}
              onChange={() => onToggle(label)}
              data-series={label}
            />
            <label htmlFor={`${id}-series-${index}`}>
              <Swatch color={seriesColor(colors, index)} index={index} patterned={patterns} />
              {label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
