import { useId } from 'react';

export interface SeriesLegendProps {
  labels: readonly string[];
  colors: readonly string[];
  hidden: ReadonlySet<string>;
  onToggle: (label: string) => void;
}

/** The list of visible series: one checkbox per series, ids by position (defect D20). */
export function SeriesLegend({ labels, colors, hidden, onToggle }: SeriesLegendProps) {
  const id = useId();
  return (
    <fieldset className="ps-legend">
      <legend>Series</legend>
      <ul>
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
              <span className="ps-legend-swatch" style={{ background: colors[index % colors.length] }} />
              {label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
