import type { ChartEvent, DataView, GrowthData } from '@pdb-stats/charts';
import { scaleBand } from './scales.ts';
import { useMemo, useState, type Ref } from 'react';
import type { ChartScale } from '../settings/settings-state.ts';
import { TICK_SPACE, ValueAxis, YearAxis } from './chart-axes.tsx';
import { ChartState, NO_DATA_MESSAGE } from './chart-state.tsx';
import { useBarFocus } from './bar-focus.ts';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { EventMarkers, eventOffset, eventRowsHeight, placeEventLabels } from './event-markers.tsx';
import { formatNumber, valueTicks } from './format.ts';
import type { PartialYear } from './partial-year.ts';
import { PatternDefs, usePatternPrefix } from './patterns.tsx';
import type { BarSelection } from './types.ts';
import { chartSize, useElementWidth } from './use-element-width.ts';
import { BarLink, useBarsClass } from './bar-link.tsx';
import { CHART_FONT_SIZE, CHART_LINE, measureText, useTextMeasures } from './text-measure.ts';
import { isDrawn, logTicks, scaleName, valueScale } from './value-scale.ts';
import { seriesColor } from '../settings/colors.ts';

export interface GrowthChartProps {
  data: GrowthData;
  view: DataView;
  /** Colour of series i is colors[i mod 8], fixed by the series' place in the full list. */
  colors: readonly string[];
  hidden: ReadonlySet<string>;
  xAxisTitle: string;
  yAxisTitle: string;
  /** Name of the single series of a one-series chart, per view. */
  singleSeriesLabel?: string;
  onSelect: (selection: BarSelection) => void;
  height?: number;
  /** Changing it replays the 600 ms animation. */
  animationKey: string;
  /** Value axis: linear (default) or logarithmic. */
  scale?: ChartScale;
  /** Receives the chart's SVG element (the image downloads are made from it). */
  svgRef?: Ref<SVGSVGElement>;
  /** Fill series with patterns as well as colours. */
  patterns?: boolean;
  /** The last year when the data stop inside it: drawn lighter in the annual view, with a note. */
  partial?: PartialYear;
  /** Each year's stack drawn to 100 %: a segment's height is its share of the year among the series shown. */
  share?: boolean;
  /** Series stacked in one bar a year (parts of a whole), or side by side (cohorts compared). */
  layout?: 'stacked' | 'grouped';
  /** How values are written (tooltips, ticks): counts by default. */
  formatValue?: (value: number) => string;
  /** Lines, one per series (not stacked), instead of stacked bars. */
  line?: boolean;
  /** Events to mark on the years drawn. */
  events?: readonly ChartEvent[];
}

/** How much of its colour a bar of a year that is not over keeps. */
const PARTIAL_OPACITY = 0.45;

/** Baseline of the note over the plot (a year not over), and of the first row of event labels. */
const EVENT_BASELINE = -10;
/** Radius of a point of the line view (its target is larger: the stroke around it). */
const POINT_RADIUS = 3.5;

/**
 * Stacked bars per year, one bar segment per visible series; side by side when cohorts are
 * compared; or one line per series.
 */
export function GrowthChart(props: GrowthChartProps) {
  const {
    data,
    view,
    colors,
    hidden,
    onSelect,
    height = 420,
    patterns = false,
    svgRef,
    share = false,
    layout = 'stacked',
    line = false,
    events = [],
  } = props;
  // Shares have one scale: a logarithm of per cents would hide the small bins it is read for.
  const scale = share ? 'linear' : (props.scale ?? 'linear');
  const format = props.formatValue ?? formatNumber;
  const grouped = layout === 'grouped';
  const [frame, width, measured] = useElementWidth<HTMLDivElement>();
  useTextMeasures();
  const barsClass = useBarsClass(line ? 'ps-bars ps-points' : 'ps-bars ps-bars-vertical', props.animationKey);
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const patternPrefix = usePatternPrefix();
  const multi = data.series.length > 1;
  const partial = view === 'annual' ? props.partial : undefined;

  const shown = useMemo(
    () =>
      data.series
        .map((series, index) => ({
          series,
          index,
          values: view === 'annual' ? series.annual : series.cumulative,
        }))
        .filter(({ series }) => !hidden.has(series.label)),
    [data.series, hidden, view],
  );
  const totals = data.years.map((_, i) => shown.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  // Grouped bars stand on the axis each, and lines are not stacked: the tallest bar or point, not
  // the tallest stack, sets the scale.
  const maxTotal = share
    ? 100
    : grouped || line
      ? Math.max(0, ...shown.flatMap((s) => s.values))
      : Math.max(0, ...totals);
  /** Where a count sits on the value axis: itself, or its share of its year in per cent. */
  const drawn = (value: number, column: number) =>
    share ? (totals[column] ? (100 * value) / totals[column] : 0) : value;
  const percent = (value: number, column: number) =>
    `${formatNumber(Number(drawn(value, column).toFixed(1)))} %`;
  const tickText = (value: number) => (share ? `${formatNumber(value)} %` : format(value));
  // The value labels' width, before the axis is laid out: that of the highest tick the axis may get.
  const topTick = scale === 'log' ? logTicks(maxTotal).at(-1)! : valueTicks(maxTotal).at(-1)!;
  const valueLabelWidth = measureText(tickText(topTick));
  const noteSpace = partial ? 28 : 16;
  const left = valueLabelWidth + TICK_SPACE + 4 + CHART_LINE + 8;
  const right = 16;
  // The events' labels are laid out before the top margin: their rows add to it. The first row is
  // the one of the note of a year not over, which it must leave free.
  const plotWidth = Math.max(120, width - left - right);
  const bandX = scaleBand<string>(data.years, [0, plotWidth], 0.15);
  const partialNote = partial ? `${partial.year} to ${partial.through}` : '';
  const partialEnd = partial ? (bandX(partial.year) ?? 0) + bandX.bandwidth() : 0;
  const { placed, rows } = placeEventLabels(
    events,
    // The year's step (band and gap) spans the year: its start is half a gap before the band.
    (event) =>
      (bandX(event.date.slice(0, 4)) ?? 0) -
      (bandX.step() - bandX.bandwidth()) / 2 +
      bandX.step() * eventOffset(event),
    plotWidth,
    (text) => measureText(text),
    partial ? [[partialEnd - measureText(partialNote), partialEnd]] : [],
  );
  const MARGIN = {
    top: Math.max(noteSpace, 12 + eventRowsHeight(rows)),
    right,
    bottom: TICK_SPACE + CHART_LINE + 12 + CHART_LINE,
    left,
  };
  const innerWidth = plotWidth;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const y = valueScale(scale, maxTotal, [innerHeight, 0]);
  const x = bandX;
  // Within a year, each visible cohort's bar in its own slot.
  const slots = scaleBand<number>(
    shown.map((s) => s.index),
    [0, x.bandwidth()],
    0.08,
  );
  const barX = (year: string, series: number) => (x(year) ?? 0) + (grouped ? (slots(series) ?? 0) : 0);
  const barWidth = grouped ? slots.bandwidth() : x.bandwidth();
  const color = (index: number) => seriesColor(colors, index);
  const center = (year: string) => (x(year) ?? 0) + x.bandwidth() / 2;
  const fill = (index: number) => (patterns ? `url(#${patternPrefix}-${index})` : color(index));
  const seriesName = (label: string) => (multi ? label : (props.singleSeriesLabel ?? label));

  // The drawn segments in reading order: year by year, each stack bottom to top. Zeros are not drawn.
  const bars = useMemo(
    () =>
      data.years.flatMap((year, column) => {
        let base = 0;
        return shown.flatMap(({ series, index, values }) => {
          const value = values[column] ?? 0;
          // Grouped bars and a line's points stand on the axis, not on the series below them.
          const from = grouped || line ? 0 : base;
          base += value;
          return isDrawn(value) ? [{ year, column, series: index, label: series.label, value, from }] : [];
        });
      }),
    [data.years, shown, grouped, line],
  );
  const selectionOf = (bar: (typeof bars)[number]): BarSelection => ({
    x: bar.year,
    ...(multi && !grouped && { series: bar.label }),
    ...(grouped && { cohort: bar.series }),
    value: bar.value,
  });
  const select = (bar: (typeof bars)[number]) => onSelect(selectionOf(bar));
  const {
    group: barGroup,
    onKeyDown: onBarKey,
    barProps,
  } = useBarFocus(bars, 'stack', (i) => select(bars[i]!));

  const showTooltip = (yearIndex: number, left: number, top: number) =>
    setTooltip({
      left: left + MARGIN.left,
      top: top + MARGIN.top,
      content: (
        <>
          <strong>{data.years[yearIndex]}</strong>
          {shown.map(({ series, index, values }) => (
            <div key={series.label}>
              <span className="ps-tooltip-swatch" style={{ background: color(index) }} />{' '}
              {seriesName(series.label)}: {format(values[yearIndex] ?? 0)}
              {share && ` (${percent(values[yearIndex] ?? 0, yearIndex)})`}
            </div>
          ))}
          {shown.length > 1 && !grouped && <div>Total: {format(totals[yearIndex] ?? 0)}</div>}
        </>
      ),
    });

  const allHidden = data.series.length > 0 && shown.length === 0;
  const noData = data.series.every((series) => series.annual.every((value) => value === 0));
  if (noData || allHidden) {
    return (
      <div ref={frame} className="ps-chart-frame">
        {noData ? (
          <ChartState state="no-data">{NO_DATA_MESSAGE}</ChartState>
        ) : (
          <ChartState state="all-hidden">
            {grouped
              ? 'Every cohort is hidden. Choose a cohort in the legend to show it.'
              : 'Every series is hidden. Choose a series in the legend to show it.'}
          </ChartState>
        )}
      </div>
    );
  }

  return (
    <div ref={frame} className="ps-chart-frame" onMouseLeave={() => setTooltip(null)}>
      <svg
        ref={svgRef}
        {...chartSize(width, height, measured)}
        className="ps-chart ps-growth-chart"
        role="group"
        aria-roledescription={line ? 'line chart' : 'bar chart'}
        aria-label={`${props.yAxisTitle} per year, ${share ? "each year's shares" : view}, ${scaleName(scale)}. Arrow keys move between ${line ? 'points' : 'bars'}; Enter opens ${line ? "a point's" : "a bar's"} search.`}
        data-chart-type={line ? 'line' : 'bars'}
        data-scale={scale}
      >
        {patterns && <PatternDefs prefix={patternPrefix} colors={colors} count={data.series.length} />}
        <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
          {y.ticks.map((t) => (
            <line key={t} className="ps-grid" x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} />
          ))}
          {line &&
            shown.map(({ series, index, values }) => {
              // Through every year, zeros on the axis; a zero the log scale cannot draw breaks the line.
              let gap = true;
              const d = data.years
                .map((year, i) => {
                  const value = values[i] ?? 0;
                  if (scale === 'log' && value <= 0) {
                    gap = true;
                    return '';
                  }
                  const step = `${gap ? 'M' : 'L'}${center(year)},${y(drawn(value, i))}`;
                  gap = false;
                  return step;
                })
                .join('');
              return (
                <path
                  key={series.label}
                  className="ps-line"
                  data-series={series.label}
                  d={d}
                  stroke={color(index)}
                  fill="none"
                />
              );
            })}
          <g ref={barGroup} key={props.animationKey} className={barsClass} onKeyDown={onBarKey}>
            {bars.map((bar, i) => {
              const top = y(drawn(bar.from + bar.value, bar.column));
              const bottom = y(drawn(bar.from, bar.column));
              const shareText = share ? ` (${percent(bar.value, bar.column)})` : '';
              const name = `${bar.year}, ${seriesName(bar.label)}: ${format(bar.value)}${shareText}`;
              const shared = {
                'data-color': color(bar.series),
                'data-x': bar.year,
                'data-value': bar.value,
                ...(multi && { [grouped ? 'data-cohort' : 'data-series']: bar.label }),
                ...(partial?.year === bar.year && {
                  'data-partial': 'true',
                  fillOpacity: PARTIAL_OPACITY,
                }),
                'aria-label': name,
                ...barProps(i),
                onFocus: () => {
                  barProps(i).onFocus();
                  showTooltip(bar.column, barX(bar.year, bar.series) + barWidth, top);
                },
                // On the bar, not its group: Chromium makes an SVG element with focus listeners focusable.
                onBlur: () => setTooltip(null),
                onMouseMove: (event: React.MouseEvent<SVGElement>) => {
                  const box = (event.currentTarget.ownerSVGElement as SVGSVGElement).getBoundingClientRect();
                  showTooltip(
                    bar.column,
                    event.clientX - box.left - MARGIN.left,
                    event.clientY - box.top - MARGIN.top,
                  );
                },
                onClick: () => select(bar),
              };
              const title = (
                <title>{`${bar.year} · ${seriesName(bar.label)}: ${format(bar.value)}${shareText}`}</title>
              );
              return (
                <BarLink key={`${bar.year}-${bar.label}`} selection={selectionOf(bar)}>
                  {line ? (
                    <circle
                      className="ps-point"
                      cx={center(bar.year)}
                      cy={top}
                      r={POINT_RADIUS}
                      fill={color(bar.series)}
                      {...shared}
                    >
                      {title}
                    </circle>
                  ) : (
                    <rect
                      className="ps-bar"
                      x={barX(bar.year, bar.series)}
                      y={top}
                      width={barWidth}
                      height={Math.max(0, bottom - top)}
                      fill={fill(bar.series)}
                      {...shared}
                    >
                      {title}
                    </rect>
                  )}
                </BarLink>
              );
            })}
          </g>
          <EventMarkers
            placed={placed}
            plotHeight={innerHeight}
            rowBaseline={(row) => EVENT_BASELINE - row * CHART_LINE}
            onShow={(p) =>
              setTooltip({
                // From the plot's left edge: placed at the marker, a long explanation would run off it.
                left: MARGIN.left,
                top: MARGIN.top,
                content: (
                  // Wrapped to the plot's width: an explanation is a sentence, not a label.
                  <div className="ps-event-tooltip" style={{ width: Math.min(320, innerWidth - 24) }}>
                    <strong>{p.event.label}</strong> ({p.event.date})<div>{p.event.detail}</div>
                  </div>
                ),
              })
            }
            onHide={() => setTooltip(null)}
          />
          {partial && (
            // Above the drawing, ending over the year's bar: inside it, it would cross its neighbours.
            <text
              className="ps-partial-note"
              data-year={partial.year}
              x={(x(partial.year) ?? 0) + x.bandwidth()}
              y={EVENT_BASELINE}
              textAnchor="end"
              fontSize={CHART_FONT_SIZE}
            >
              {`${partial.year} to ${partial.through}`}
            </text>
          )}
          <ValueAxis
            scale={y.axis}
            ticks={y.ticks}
            format={tickText}
            title={props.yAxisTitle}
            valueLabelWidth={valueLabelWidth}
          />
          <YearAxis
            scale={x}
            years={data.years}
            title={props.xAxisTitle}
            innerWidth={innerWidth}
            innerHeight={innerHeight}
          />
        </g>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
    </div>
  );
}
