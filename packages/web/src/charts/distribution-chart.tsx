import { scaleBand } from './scales.ts';
import { useMemo, useState, type CSSProperties, type Ref } from 'react';
import type { ChartScale } from '../settings/settings-state.ts';
import { TICK_SPACE, ValueAxis } from './chart-axes.tsx';
import { Axis, AXIS_STROKE } from './axis.tsx';
import { BottomAxisTitle, bottomTitleLines } from './axis-title.tsx';
import { ChartState, NO_DATA_MESSAGE } from './chart-state.tsx';
import { useBarFocus } from './bar-focus.ts';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { formatNumber, valueTicks } from './format.ts';
import { PatternDefs, usePatternPrefix } from './patterns.tsx';
import type { BarSelection } from './types.ts';
import { chartSize, useElementWidth } from './use-element-width.ts';
import { BarLink, useBarsClass } from './bar-link.tsx';
import {
  CHART_FONT_SIZE,
  CHART_LINE,
  measureText,
  useTextMeasures,
  widestWord,
  wrapLabel,
} from './text-measure.ts';
import { seriesColor } from '../settings/colors.ts';
import { isDrawn, logTicks, scaleName, valueScale } from './value-scale.ts';

/** One bar per category: the chart's one series, a cohort among those compared, or a segment of each bar. */
export interface DistributionSeries {
  label: string;
  values: readonly number[];
  /** Place in the full list of series, which fixes its colour and pattern. */
  index: number;
}

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

/** Below this chart width (a phone) a category's name is written above its bar, across the chart. */
export const STACKED_LABELS_BELOW = 560;
/** Height of a column chart in a frame narrower than that. */
const NARROW_HEIGHT = 360;
const BAR_THICKNESS = 18;
const STACKED_BAR_THICKNESS = 14;
/** Thickness of each bar of a group (cohorts side by side), wide and narrow. */
const GROUPED_BAR_THICKNESS = 11;

/** One row of a horizontal-bar chart: the category's name in lines, and where its bar and name sit. */
interface Row {
  label: string;
  lines: string[];
  barTop: number;
  /** Baseline of the name's first line. */
  textY: number;
}

/**
 * Rows of a horizontal-bar chart, every name in full. On a wide chart the names sit in a column left
 * of the bars that is as wide as the longest name needs (at most 40 % of the chart, never narrower
 * than its longest word), wrapped onto more lines when longer; on a narrow one each name is written
 * above its bar, wrapped to the chart's width.
 */
function horizontalRows(labels: readonly string[], width: number, bars: number) {
  const stacked = width < STACKED_LABELS_BELOW;
  // A group of bars is as thick as its bars side by side, with a pixel between them.
  const group = (one: number) => (bars > 1 ? bars * GROUPED_BAR_THICKNESS + (bars - 1) : one);
  const rows: Row[] = [];
  let y = 0;
  if (stacked) {
    const lineWidth = width - 8;
    for (const label of labels) {
      const lines = wrapLabel(label, lineWidth);
      const textY = y + CHART_LINE - 3;
      const barTop = y + lines.length * CHART_LINE + 2;
      rows.push({ label, lines, barTop, textY });
      y = barTop + group(STACKED_BAR_THICKNESS) + 10;
    }
    return { rows, column: 0, stacked, length: Math.max(0, y - 10), thickness: group(STACKED_BAR_THICKNESS) };
  }
  const widest = Math.max(0, ...labels.map((l) => measureText(l)));
  const longestWord = Math.max(0, ...labels.map(widestWord));
  const column = Math.ceil(Math.min(widest, Math.max(longestWord, width * 0.4))) + 1;
  for (const label of labels) {
    const lines = wrapLabel(label, column);
    const height = Math.max(group(BAR_THICKNESS) + 8, lines.length * CHART_LINE + 10);
    const centre = y + height / 2;
    rows.push({
      label,
      lines,
      barTop: centre - group(BAR_THICKNESS) / 2,
      textY: centre - ((lines.length - 1) * CHART_LINE) / 2,
    });
    y += height;
  }
  return { rows, column, stacked, length: y, thickness: group(BAR_THICKNESS) };
}

/** Margins and plot size of a horizontal-bar chart `width` wide, around its rows. */
function horizontalLayout(
  rows: ReturnType<typeof horizontalRows>,
  width: number,
  valueLabelWidth: number,
  yAxisTitle: string,
) {
  const left = rows.stacked ? 2 : rows.column + 14;
  const right = Math.max(16, valueLabelWidth / 2 + 4);
  const innerWidth = Math.max(80, width - left - right);
  const bottom = TICK_SPACE + CHART_LINE + 12 + bottomTitleLines(yAxisTitle, innerWidth) * CHART_LINE;
  return { margin: { top: 28, left, right, bottom }, innerWidth, innerHeight: Math.max(1, rows.length) };
}

/**
 * The chart frame on a phone's screen (375 px less the page's margins). A horizontal chart there
 * writes each name above its bar, which makes it taller than the server's drawing; its height at
 * this width is what the stylesheet gives the server's drawing in a narrow frame, so that nothing
 * moves when the chart is drawn at its measured width (phones of other widths wrap the same names
 * onto as many lines, save the longest).
 */
const PHONE_FRAME_WIDTH = 351;

/** Height of a horizontal-bar chart drawn `width` wide. */
function horizontalHeight(
  labels: readonly string[],
  bars: number,
  width: number,
  valueLabelWidth: number,
  yAxisTitle: string,
) {
  const { margin, innerHeight } = horizontalLayout(
    horizontalRows(labels, width, bars),
    width,
    valueLabelWidth,
    yAxisTitle,
  );
  return margin.top + innerHeight + margin.bottom;
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
  const [frame, width, measured] = useElementWidth<HTMLDivElement>();
  useTextMeasures();
  const barsClass = useBarsClass(`ps-bars ps-bars-${orientation}`, props.animationKey);
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const patternPrefix = usePatternPrefix();
  const multi = series.length > 1;
  const stacked = props.segments === 'stacked';
  const grouped = multi && !stacked;
  const vertical = orientation === 'vertical';
  // A stack's top, not its tallest segment, sets the scale.
  const largest = stacked
    ? Math.max(0, ...labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)))
    : Math.max(0, ...series.flatMap((s) => s.values));
  const maxValue = props.top === undefined ? largest : Math.min(props.top, largest);
  // The widest value label, before the axis is laid out: that of the highest tick the axis may get.
  const topTick = scale === 'log' ? logTicks(maxValue).at(-1)! : valueTicks(maxValue, props.yStep).at(-1)!;
  const valueLabelWidth = measureText(format(topTick));

  // Vertical: one rule for every bin label: upright and centred under its bar when every label fits
  // its bar's width, else turned a quarter and still centred (every n-th when bars are thinner than
  // a line of text).
  const margin = { top: 16, right: 16, bottom: 0, left: 0 };
  let innerWidth: number;
  let innerHeight: number;
  let binLabels = { upright: true, every: 1, depth: CHART_LINE };
  const horizontal = vertical ? undefined : horizontalRows(labels, width, grouped ? series.length : 1);
  if (vertical) {
    margin.left = valueLabelWidth + TICK_SPACE + 4 + CHART_LINE + 8;
    innerWidth = Math.max(80, width - margin.left - margin.right);
    const band = innerWidth / Math.max(1, labels.length);
    const widest = Math.max(0, ...labels.map((l) => measureText(l)));
    const upright = widest + 6 <= band;
    binLabels = {
      upright,
      every: upright ? 1 : Math.ceil((CHART_LINE + 2) / band),
      depth: upright ? CHART_LINE : widest,
    };
    margin.bottom = TICK_SPACE + binLabels.depth + 10 + CHART_LINE;
    const height = props.height ?? (width < STACKED_LABELS_BELOW ? NARROW_HEIGHT : 420);
    innerHeight = Math.max(120, height - margin.top - margin.bottom);
  } else {
    const layout = horizontalLayout(horizontal!, width, valueLabelWidth, props.yAxisTitle);
    Object.assign(margin, layout.margin);
    ({ innerWidth, innerHeight } = layout);
  }
  const height = innerHeight + margin.top + margin.bottom;
  const titleFits = measureText(props.xAxisTitle) + 14 <= margin.left;

  const categories = scaleBand<string>([...labels], [0, innerWidth], 0.15);
  const rowOf = new Map(horizontal?.rows.map((row) => [row.label, row]));
  const groupThickness = vertical ? categories.bandwidth() : horizontal!.thickness;
  // Within a category, each series' bar in its own slot, a pixel apart when they are thin.
  const slots = scaleBand<number>(
    grouped ? series.map((_, i) => i) : [0],
    [0, groupThickness],
    grouped ? 0.08 : 0,
  );
  const thickness = grouped ? slots.bandwidth() : groupThickness;
  const positionOf = (label: string, slot: number) =>
    (vertical ? (categories(label) ?? 0) : (rowOf.get(label)?.barTop ?? 0)) + (slots(slot) ?? 0);
  const values = valueScale(
    scale,
    maxValue,
    vertical ? [innerHeight, 0] : [0, innerWidth],
    props.yStep,
    !vertical,
  );
  const ticks = values.ticks;
  // On the log scale a zero has no position and is not drawn; on the linear scale an empty bin keeps
  // its (flat) bar, so that it can be reached by keyboard and read as 0.
  // The bars in reading order: category by category, each group in the series' order. A stack's
  // segments start where the one below ends (`from`); grouped bars stand on the axis.
  const drawn = useMemo(
    () =>
      labels.flatMap((label, column) => {
        let base = 0;
        return series.flatMap((s, i) => {
          const value = s.values[column] ?? 0;
          const from = stacked ? base : 0;
          base += value;
          const slot = stacked ? 0 : i;
          // A stack's empty segment has no length to draw or reach; a log scale cannot draw a zero.
          return (stacked || scale === 'log') && !isDrawn(value)
            ? []
            : [{ label, column, slot, series: s, value, from }];
        });
      }),
    [labels, series, scale, stacked],
  );
  const selectionOf = (bar: (typeof drawn)[number]): BarSelection => ({
    x: bar.label,
    value: bar.value,
    ...(multi && (props.segments ? { series: bar.series.label } : { cohort: bar.series.index })),
  });
  const select = (bar: (typeof drawn)[number]) => onSelect(selectionOf(bar));
  const {
    group: barGroup,
    onKeyDown: onBarKey,
    barProps,
  } = useBarFocus(
    useMemo(
      () => drawn.map((bar) => ({ column: bar.column, series: series.indexOf(bar.series) })),
      [drawn, series],
    ),
    multi ? 'stack' : 'list',
    (i) => select(drawn[i]!),
  );
  const barName = (bar: (typeof drawn)[number]) =>
    `${bar.label}${multi ? `, ${bar.series.label}` : ''}: ${format(bar.value)}`;
  const showTooltip = (bar: (typeof drawn)[number], left: number, top: number) =>
    setTooltip({
      left,
      top,
      content: multi ? (
        <>
          <strong>{bar.label}</strong>
          {series.map((s) => (
            <div key={s.label}>
              <span
                className="ps-tooltip-swatch"
                style={{ background: seriesColor(props.colors, s.index) }}
              />{' '}
              {s.label}: {format(s.values[bar.column] ?? 0)}
            </div>
          ))}
          {bar.label === props.other?.label && <div className="ps-tooltip-note">{props.other.note}</div>}
        </>
      ) : (
        <>
          <strong>{bar.label}</strong>
          <div>
            {props.yAxisTitle}: {format(bar.value)}
          </div>
          {bar.label === props.other?.label && <div className="ps-tooltip-note">{props.other.note}</div>}
        </>
      ),
    });

  if (series.length === 0) {
    return (
      <div ref={frame} className="ps-chart-frame">
        <ChartState state="all-hidden">
          {props.segments
            ? 'Every segment is hidden. Choose a value in the legend to show it.'
            : 'Every cohort is hidden. Choose a cohort in the legend to show it.'}
        </ChartState>
      </div>
    );
  }
  if (maxValue === 0) {
    return (
      <div ref={frame} className="ps-chart-frame">
        <ChartState state="no-data">{NO_DATA_MESSAGE}</ChartState>
      </div>
    );
  }

  return (
    <div ref={frame} className="ps-chart-frame" onMouseLeave={() => setTooltip(null)}>
      <svg
        ref={svgRef}
        {...chartSize(width, height, measured)}
        // Before the frame is measured, the stylesheet draws the chart in a narrow frame as high as
        // it will be drawn once measured (a container query on the frame's width).
        {...(!measured &&
          props.height === undefined && {
            'data-narrow-height': '',
            style: {
              '--ps-narrow-height': `${
                vertical
                  ? NARROW_HEIGHT
                  : horizontalHeight(
                      labels,
                      grouped ? series.length : 1,
                      PHONE_FRAME_WIDTH,
                      valueLabelWidth,
                      props.yAxisTitle,
                    )
              }px`,
            } as CSSProperties,
          })}
        className={`ps-chart ps-distribution-chart ps-${orientation}`}
        role="group"
        aria-roledescription="bar chart"
        aria-label={`${props.yAxisTitle} by ${props.xAxisTitle}, ${scaleName(scale)}. Arrow keys move between bars; Enter opens a bar's search.`}
        data-scale={scale}
      >
        {patterns && (
          <PatternDefs
            prefix={patternPrefix}
            colors={props.colors}
            count={Math.max(1, ...series.map((s) => s.index + 1))}
          />
        )}
        <g transform={`translate(${margin.left}, ${margin.top})`}>
          {ticks.map((t) =>
            vertical ? (
              <line key={t} className="ps-grid" x1={0} x2={innerWidth} y1={values(t)} y2={values(t)} />
            ) : (
              <line key={t} className="ps-grid" y1={0} y2={innerHeight} x1={values(t)} x2={values(t)} />
            ),
          )}
          <g ref={barGroup} key={props.animationKey} className={barsClass} onKeyDown={onBarKey}>
            {drawn.map((bar, i) => {
              const position = positionOf(bar.label, bar.slot);
              const start = values(bar.from);
              const end = values(bar.from + bar.value);
              const length = Math.abs(end - start);
              const color = seriesColor(props.colors, bar.series.index);
              // The "Other" bar is no value of the attribute: a pale fill inside a dashed edge.
              const other = bar.label === props.other?.label;
              return (
                <BarLink key={`${bar.label}-${bar.series.label}`} selection={selectionOf(bar)}>
                  <rect
                    className={other ? 'ps-bar ps-bar-other' : 'ps-bar'}
                    {...(other && { fillOpacity: 0.4, stroke: color, strokeDasharray: '4 3' })}
                    x={vertical ? position : start}
                    y={vertical ? end : position}
                    width={vertical ? thickness : Math.max(0, length)}
                    height={vertical ? Math.max(0, length) : thickness}
                    fill={patterns ? `url(#${patternPrefix}-${bar.series.index})` : color}
                    data-color={color}
                    data-x={bar.label}
                    data-value={bar.value}
                    {...(multi && !props.segments && { 'data-cohort': bar.series.label })}
                    {...(props.segments && { 'data-series': bar.series.label })}
                    aria-label={barName(bar)}
                    {...barProps(i)}
                    onFocus={() => {
                      barProps(i).onFocus();
                      showTooltip(
                        bar,
                        margin.left + (vertical ? position + thickness : end),
                        margin.top + (vertical ? end : position),
                      );
                    }}
                    // On the bar, not its group: Chromium makes an SVG element with focus listeners focusable.
                    onBlur={() => setTooltip(null)}
                    onMouseMove={(event) => {
                      const box = (
                        event.currentTarget.ownerSVGElement as SVGSVGElement
                      ).getBoundingClientRect();
                      showTooltip(bar, event.clientX - box.left, event.clientY - box.top);
                    }}
                    onClick={() => select(bar)}
                  >
                    <title>{barName(bar)}</title>
                  </rect>
                </BarLink>
              );
            })}
          </g>
          {vertical ? (
            <>
              <ValueAxis
                scale={values.axis}
                ticks={ticks}
                format={format}
                title={props.yAxisTitle}
                valueLabelWidth={valueLabelWidth}
              />
              <line
                className="ps-axis-line"
                x1={0}
                x2={innerWidth}
                y1={innerHeight}
                y2={innerHeight}
                stroke={AXIS_STROKE}
              />
              <g className="ps-bin-labels">
                {labels.map((label, i) => {
                  if (i % binLabels.every !== 0) return null;
                  const centre = (categories(label) ?? 0) + categories.bandwidth() / 2;
                  const top = innerHeight + TICK_SPACE;
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
                title={props.xAxisTitle}
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
                x={horizontal!.stacked ? 0 : titleFits ? -12 : 2 - margin.left}
                y={-12}
                textAnchor={horizontal!.stacked || !titleFits ? 'start' : 'end'}
              >
                {props.xAxisTitle}
              </text>
              {/* Names written above their bars would be crossed by an axis line. */}
              {!horizontal!.stacked && (
                <line className="ps-axis-line" x1={0} x2={0} y1={0} y2={innerHeight} stroke={AXIS_STROKE} />
              )}
              <g className="ps-category-labels">
                {horizontal!.rows.map((row) => {
                  const x = horizontal!.stacked ? 0 : -10;
                  return (
                    <text
                      key={row.label}
                      className="ps-category-label"
                      {...(row.label === props.other?.label && { fontStyle: 'italic' })}
                      data-category={row.label}
                      x={x}
                      y={row.textY}
                      fontSize={CHART_FONT_SIZE}
                      textAnchor={horizontal!.stacked ? 'start' : 'end'}
                      dominantBaseline={horizontal!.stacked ? 'auto' : 'central'}
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
              <Axis side="bottom" top={innerHeight} scale={values.axis} ticks={ticks} format={format} />
              <BottomAxisTitle
                title={props.yAxisTitle}
                width={innerWidth}
                y={innerHeight + TICK_SPACE + CHART_LINE + 12 + CHART_FONT_SIZE}
              />
            </>
          )}
        </g>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
    </div>
  );
}
