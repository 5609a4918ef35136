import type { Ref } from 'react';
import type { ChartScale } from '../settings/settings-state.ts';
import { OTHER_COLOR, seriesColor } from '../settings/colors.ts';
import { BarLink, useBarsClass } from './bar-link.tsx';
import { useBarHandlers } from './bar-handlers.ts';
import { CategoryAxes } from './category-axes.tsx';
import { ChartFrame, FrameMessage, useChartFrame } from './chart-frame.tsx';
import { NO_DATA_MESSAGE } from './chart-state.tsx';
import {
  distributionSelection,
  useDistributionBars,
  type DistributionBar,
  type DistributionSeries,
} from './distribution-bars.ts';
import { distributionGeometry } from './distribution-geometry.ts';
import { DistributionTooltip } from './distribution-tooltip.tsx';
import { formatNumber } from './format.ts';
import { PatternDefs, usePatternPrefix } from './patterns.tsx';
import type { BarSelection } from './types.ts';
import { scaleName } from './value-scale.ts';
import { px } from './svg-number.ts';

export type { DistributionSeries } from './distribution-bars.ts';

export interface DistributionChartProps {
  /** Categories (bins or terms) in drawing order. */
  categories: readonly string[];
  /**
   * The series drawn: one gives one bar per category, more give a group of bars side by side (cohorts
   * compared, or segments grouped) or a stack of them (segments stacked).
   */
  series: readonly DistributionSeries[];
  /**
   * The series are segments of each category's bar (the values of a second attribute), drawn one on
   * another or side by side; a click on one names it as the series. Without it, several series are
   * cohorts compared.
   */
  segments?: 'stacked' | 'grouped';
  orientation: 'vertical' | 'horizontal';
  colors: readonly string[];
  /** How values are written (tooltips, ticks, labels): counts by default. */
  formatValue?: (value: number) => string;
  /**
   * The most the values reach (100 for shares of a bar): a stack of shares may add up to a hair over
   * 100, which would stretch the axis to its next tick.
   */
  top?: number;
  xAxisTitle: string;
  yAxisTitle: string;
  /** The chart's value-axis step. */
  yStep?: number;
  onSelect: (selection: BarSelection) => void;
  height?: number;
  animationKey: string;
  /** Value axis: linear (default) or logarithmic. */
  scale?: ChartScale;
  /** Receives the chart's SVG element (the image downloads are made from it). */
  svgRef?: Ref<SVGSVGElement>;
  /** Fill the bars with a pattern as well as the colour. */
  patterns?: boolean;
  /** The category of an "Other" bar (last), drawn muted, and what it counts (its tooltip says it). */
  other?: { label: string; note: string };
}

/**
 * One bar per bin or bucket: vertical for bins, horizontal (names left of or above the bars) for
 * terms. Several series (cohorts compared) draw a group of bars per category, side by side.
 */
export function DistributionChart(props: DistributionChartProps) {
  const {
    categories: labels,
    series,
    orientation,
    onSelect,
    scale = 'linear',
    patterns = false,
    svgRef,
  } = props;
  const format = props.formatValue ?? formatNumber;
  const [frameRef, frame] = useChartFrame();
  const { showTooltip: setTooltip, hideTooltip } = frame;
  const barsClass = useBarsClass(`ps-bars ps-bars-${orientation}`, props.animationKey);
  const patternPrefix = usePatternPrefix();
  const multi = series.length > 1;
  const stacked = props.segments === 'stacked';
  const grouped = multi && !stacked;
  const vertical = orientation === 'vertical';
  const geometryAt = (width: number) =>
    distributionGeometry({
      labels,
      series,
      stacked,
      grouped,
      vertical,
      scale,
      top: props.top,
      yStep: props.yStep,
      format,
      yAxisTitle: props.yAxisTitle,
      width,
      height: props.height,
    });
  // Laid out at the frame's width (the drawing shown once measured); the values' top is the same at
  // every width.
  const atFrame = geometryAt(frame.width);
  const { bars: drawn, positions } = useDistributionBars(labels, series, scale, stacked);
  const selectionOf = (bar: DistributionBar) => distributionSelection(bar, multi, Boolean(props.segments));
  const { onKeyDown: onBarKey, barHandlers } = useBarHandlers({
    bars: drawn,
    positions,
    layout: multi ? 'stack' : 'list',
    select: (bar) => onSelect(selectionOf(bar)),
    hideTooltip,
    showTooltip: (bar, at) =>
      setTooltip({
        ...at,
        content: (
          <DistributionTooltip
            bar={bar}
            series={series}
            colors={props.colors}
            format={format}
            yAxisTitle={props.yAxisTitle}
            other={props.other}
          />
        ),
      }),
  });
  const barName = (bar: DistributionBar) =>
    `${bar.label}${multi ? `, ${bar.series.label}` : ''}: ${format(bar.value)}`;

  if (series.length === 0) {
    return (
      <FrameMessage frameRef={frameRef} state="all-hidden">
        {props.segments
          ? 'Every segment is hidden. Choose a value in the legend to show it.'
          : 'Every cohort is hidden. Choose a cohort in the legend to show it.'}
      </FrameMessage>
    );
  }
  if (atFrame.maxValue === 0) {
    return (
      <FrameMessage frameRef={frameRef} state="no-data">
        {NO_DATA_MESSAGE}
      </FrameMessage>
    );
  }

  return (
    <ChartFrame
      frameRef={frameRef}
      frame={frame}
      svgRef={svgRef}
      svg={{
        className: `ps-chart ps-distribution-chart ps-${orientation}`,
        'aria-roledescription': 'bar chart',
        'aria-label': `${props.yAxisTitle} by ${props.xAxisTitle}, ${scaleName(scale)}. Arrow keys move between bars; Enter opens a bar's search.`,
        'data-scale': scale,
      }}
      defs={
        patterns && (
          <PatternDefs
            prefix={patternPrefix}
            colors={props.colors}
            count={Math.max(1, ...series.map((s) => s.index + 1))}
          />
        )
      }
      draw={(width) => {
        const {
          valueLabelWidth,
          margin,
          innerWidth,
          innerHeight,
          height,
          binLabels,
          horizontal,
          categories,
          thickness,
          positionOf,
          values,
        } = width === frame.width ? atFrame : geometryAt(width);
        return {
          height,
          margin,
          plot: (
            <>
              {values.ticks.map((t) => {
                // A grid line across the plot at the tick's value: level in a vertical chart, upright else.
                const at = px(values(t));
                const across = px(vertical ? innerWidth : innerHeight);
                const ends = vertical
                  ? { x1: 0, x2: across, y1: at, y2: at }
                  : { x1: at, x2: at, y1: 0, y2: across };
                return <line key={t} className="ps-grid" {...ends} />;
              })}
              <g key={props.animationKey} className={barsClass} onKeyDown={onBarKey}>
                {drawn.map((bar, i) => {
                  const position = positionOf(bar.label, bar.slot);
                  const start = values(bar.from);
                  const end = values(bar.from + bar.value);
                  // Its ends rounded as they are written, so that stacked bars still meet.
                  const length = px(Math.abs(px(end) - px(start)));
                  // The "Other" bar is no value of the attribute: grey, as "Other" is in every chart, a
                  // pale fill inside a dashed edge.
                  const other = bar.label === props.other?.label;
                  const color = other ? OTHER_COLOR : seriesColor(props.colors, bar.series.index);
                  return (
                    <BarLink key={`${bar.label}-${bar.series.label}`} selection={selectionOf(bar)}>
                      <rect
                        className={other ? 'ps-bar ps-bar-other' : 'ps-bar'}
                        {...(other && { fillOpacity: 0.4, stroke: color, strokeDasharray: '4 3' })}
                        x={px(vertical ? position : start)}
                        y={px(vertical ? end : position)}
                        width={vertical ? px(thickness) : Math.max(0, length)}
                        height={vertical ? Math.max(0, length) : px(thickness)}
                        fill={patterns ? `url(#${patternPrefix}-${bar.series.index})` : color}
                        data-color={color}
                        data-x={bar.label}
                        data-value={bar.value}
                        {...(multi && !props.segments && { 'data-cohort': bar.series.label })}
                        {...(props.segments && { 'data-series': bar.series.label })}
                        aria-label={barName(bar)}
                        {...barHandlers(i)}
                      >
                        <title>{barName(bar)}</title>
                      </rect>
                    </BarLink>
                  );
                })}
              </g>
              <CategoryAxes
                {...{
                  vertical,
                  labels,
                  binLabels,
                  categories,
                  horizontal,
                  innerWidth,
                  innerHeight,
                  margin,
                  format,
                }}
                values={values}
                xAxisTitle={props.xAxisTitle}
                yAxisTitle={props.yAxisTitle}
                valueLabelWidth={valueLabelWidth}
                other={props.other?.label}
              />
            </>
          ),
        };
      }}
    />
  );
}
