import { Axis, AXIS_STROKE } from './axis.tsx';
import { BottomAxisTitle } from './axis-title.tsx';
import { TICK_SPACE, ValueAxis } from './chart-axes.tsx';
import type { horizontalRows } from './distribution-layout.ts';
import type { BandScale } from './scales.ts';
import { CHART_FONT_SIZE, CHART_LINE, measureText } from './text-measure.ts';
import type { ValueScale } from './value-scale.ts';
import { px } from './svg-number.ts';

export interface CategoryAxesProps {
  vertical: boolean;
  /** The categories in drawing order. */
  labels: readonly string[];
  /** How a vertical chart writes its bins' names: upright or turned, every n-th, how deep. */
  binLabels: { upright: boolean; every: number; depth: number };
  categories: BandScale<string>;
  /** The rows of a horizontal chart. */
  horizontal: ReturnType<typeof horizontalRows> | undefined;
  values: ValueScale;
  format: (value: number) => string;
  innerWidth: number;
  innerHeight: number;
  margin: { left: number };
  xAxisTitle: string;
  yAxisTitle: string;
  valueLabelWidth: number;
  /** The category of an "Other" bar, whose name is set in italics. */
  other: string | undefined;
}

/**
 * The axes of a distribution chart: vertical, the values on the left and the bins' names below;
 * horizontal, the categories' names left of (or above) their bars and the values below.
 */
export function CategoryAxes(props: CategoryAxesProps) {
  const { vertical, labels, binLabels, categories, values, format, innerWidth, innerHeight, margin } = props;
  const { xAxisTitle, yAxisTitle, valueLabelWidth, other } = props;
  const horizontal = props.horizontal!;
  const titleFits = measureText(xAxisTitle) + 14 <= margin.left;
  return vertical ? (
    <>
      <ValueAxis
        scale={values.axis}
        ticks={values.ticks}
        format={format}
        title={yAxisTitle}
        valueLabelWidth={valueLabelWidth}
      />
      <line
        className="ps-axis-line"
        x1={0}
        x2={px(innerWidth)}
        y1={px(innerHeight)}
        y2={px(innerHeight)}
        stroke={AXIS_STROKE}
      />
      <g className="ps-bin-labels">
        {labels.map((label, i) => {
          if (i % binLabels.every !== 0) return null;
          const centre = px((categories(label) ?? 0) + categories.bandwidth() / 2);
          const top = px(innerHeight + TICK_SPACE);
          return (
            <text
              key={label}
              className="ps-bin-label"
              data-x={label}
              fontSize={CHART_FONT_SIZE}
              {...(binLabels.upright
                ? { x: centre, y: top, textAnchor: 'middle', dominantBaseline: 'hanging' }
                : {
                    transform: `translate(${centre}, ${top}) rotate(-90)`,
                    textAnchor: 'end',
                    dominantBaseline: 'central',
                  })}
            >
              {label}
            </text>
          );
        })}
      </g>
      <BottomAxisTitle
        title={xAxisTitle}
        width={innerWidth}
        y={innerHeight + TICK_SPACE + binLabels.depth + 8 + CHART_FONT_SIZE}
      />
    </>
  ) : (
    <>
      {/* Over the names' column, or from the chart's left edge when wider than the column
            (an explored attribute's long name ran off the left edge). */}
      <text
        className="ps-axis-label"
        x={horizontal.stacked ? 0 : titleFits ? -12 : 2 - margin.left}
        y={-12}
        textAnchor={horizontal.stacked || !titleFits ? 'start' : 'end'}
      >
        {xAxisTitle}
      </text>
      {/* Names written above their bars would be crossed by an axis line. */}
      {!horizontal.stacked && (
        <line className="ps-axis-line" x1={0} x2={0} y1={0} y2={px(innerHeight)} stroke={AXIS_STROKE} />
      )}
      <g className="ps-category-labels">
        {horizontal.rows.map((row) => {
          const x = horizontal.stacked ? 0 : -10;
          return (
            <text
              key={row.label}
              className="ps-category-label"
              {...(row.label === other && { fontStyle: 'italic' })}
              data-category={row.label}
              x={x}
              y={px(row.textY)}
              fontSize={CHART_FONT_SIZE}
              textAnchor={horizontal.stacked ? 'start' : 'end'}
              dominantBaseline={horizontal.stacked ? 'auto' : 'central'}
            >
              {row.lines.map((line, k) => (
                <tspan key={k} x={x} dy={k === 0 ? 0 : CHART_LINE}>
                  {/* The space between lines stays in the text, so that it reads as the full name. */}
                  {k < row.lines.length - 1 ? `${line} ` : line}
                </tspan>
              ))}
            </text>
          );
        })}
      </g>
      <Axis side="bottom" top={innerHeight} scale={values.axis} ticks={values.ticks} format={format} />
      <BottomAxisTitle
        title={yAxisTitle}
        width={innerWidth}
        y={innerHeight + TICK_SPACE + CHART_LINE + 12 + CHART_FONT_SIZE}
      />
    </>
  );
}
