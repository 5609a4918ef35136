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
  /**
   * The page's address with a series shown or hidden: each entry is then also a link there, which
   * the stylesheet shows in place of the checkbox where scripts do not run (a checkbox changes
   * nothing without them).
   */
  hrefOf?: (label: string) => string;
}

/**
 * The unit every label ends with (a trend chart's bins: "1,000–2,000 atoms"), said once in the
 * legend's title instead of on every entry, so that the entries fit two to a line on a phone.
 */
function sharedUnit(labels: readonly string[]): string | undefined {
  const units = new Set(labels.map((label) => / (\p{L}+)$/u.exec(label)?.[1]));
  const [unit] = units;
  return labels.length > 1 && units.size === 1 ? unit : undefined;
}

/** A label's width in `ch` (the width of a digit): commas, points and spaces are about half as wide. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[,.:; ]/.test(char) ? 0.5 : 1;
  return width;
}

/** The list of visible series: one checkbox per series, ids by position. */
export function SeriesLegend({
  labels,
  colors,
  hidden,
  onToggle,
  patterns = false,
  title = 'Series',
  hrefOf,
}: SeriesLegendProps) {
  const id = useId();
  // Under the chart (narrow screens) the entries go in columns as wide as the longest label.
  const unit = sharedUnit(labels);
  const shown = (label: string) => (unit ? label.slice(0, -unit.length - 1) : label);
  const longest = Math.max(...labels.map((label) => textWidth(shown(label))));
  return (
    <fieldset className="ps-legend">
      <legend>{unit ? `${title} (${unit})` : title}</legend>
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
              {shown(label)}
              {unit && <span className="ps-visually-hidden"> {unit}</span>}
            </label>
            {hrefOf && (
              <a
                className="ps-legend-link"
                href={hrefOf(label)}
                data-series={label}
                data-hidden={hidden.has(label) || undefined}
              >
                <span className="ps-legend-mark" aria-hidden="true">
                  {hidden.has(label) ? '' : '✓'}
                </span>
                {/* Pattern fills are a setting kept by scripts: none where this link shows. */}
                <Swatch color={seriesColor(colors, index)} index={index} patterned={false} />
                {shown(label)}
                <span className="ps-visually-hidden">
                  {unit && ` ${unit}`}
                  {hidden.has(label) ? ' (hidden; show it)' : ' (shown; hide it)'}
                </span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
