import type { ChartEvent, DataView, GrowthData } from '@pdb-stats/charts';
import { scaleBand } from './scales.ts';
import type { Ref } from 'react';
import type { ChartScale } from '../settings/settings-state.ts';
import { YearPlot } from './chart-axes.tsx';
import { ChartFrame, FrameMessage, useChartFrame } from './chart-frame.tsx';
import { NO_DATA_MESSAGE } from './chart-state.tsx';
import { useBarHandlers } from './bar-handlers.ts';
import { growthSelection, useGrowthBars, type GrowthBar } from './growth-bars.ts';
import { growthLayout, linePath } from './growth-layout.ts';
import { GrowthTooltip } from './growth-tooltip.tsx';
import { YearNotes } from './year-notes.tsx';
import { formatNumber } from './format.ts';
import type { PartialYear } from './partial-year.ts';
import { PatternDefs, usePatternPrefix } from './patterns.tsx';
import type { BarSelection } from './types.ts';
import { BarLink, useBarsClass } from './bar-link.tsx';
import { scaleName } from './value-scale.ts';
import { seriesColor } from '../settings/colors.ts';
import { px } from './svg-number.ts';

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
  const [frameRef, frame] = useChartFrame();
  const { showTooltip: setTooltip, hideTooltip } = frame;
  const barsClass = useBarsClass(line ? 'ps-bars ps-points' : 'ps-bars ps-bars-vertical', props.animationKey);
  const patternPrefix = usePatternPrefix();
  const multi = data.series.length > 1;
  const partial = view === 'annual' ? props.partial : undefined;

  const { shown, bars } = useGrowthBars(data, view, hidden, grouped || line);
  const layoutAt = (width: number) =>
    growthLayout({
      years: data.years,
      shown,
      share,
      stack: !(grouped || line),
      scale,
      format,
      partial,
      events,
      width,
      height,
    });
  // Laid out at the frame's width (the drawing shown once measured); totals and shares are the
  // same at every width.
  const atFrame = layoutAt(frame.width);
  const { totals, percent } = atFrame;
  const color = (index: number) => seriesColor(colors, index);
  const fill = (index: number) => (patterns ? `url(#${patternPrefix}-${index})` : color(index));
  const seriesName = (label: string) => (multi ? label : (props.singleSeriesLabel ?? label));
  const selectionOf = (bar: GrowthBar) => growthSelection(bar, multi, grouped);

  const { onKeyDown: onBarKey, barHandlers } = useBarHandlers({
    bars,
    positions: bars,
    layout: 'stack',
    select: (bar) => onSelect(selectionOf(bar)),
    hideTooltip,
    showTooltip: (bar, at) =>
      setTooltip({
        ...at,
        content: (
          <GrowthTooltip
            year={data.years[bar.column]}
            yearIndex={bar.column}
            shown={shown}
            color={color}
            seriesName={seriesName}
            format={format}
            percent={share ? percent : undefined}
            total={shown.length > 1 && !grouped ? (totals[bar.column] ?? 0) : undefined}
          />
        ),
      }),
  });

  const allHidden = data.series.length > 0 && shown.length === 0;
  const noData = data.series.every((series) => series.annual.every((value) => value === 0));
  if (noData || allHidden) {
    return noData ? (
      <FrameMessage frameRef={frameRef} state="no-data">
        {NO_DATA_MESSAGE}
      </FrameMessage>
    ) : (
      <FrameMessage frameRef={frameRef} state="all-hidden">
        {grouped
          ? 'Every cohort is hidden. Choose a cohort in the legend to show it.'
          : 'Every series is hidden. Choose a series in the legend to show it.'}
      </FrameMessage>
    );
  }

  return (
    <ChartFrame
      frameRef={frameRef}
      frame={frame}
      svgRef={svgRef}
      svg={{
        className: 'ps-chart ps-growth-chart',
        'aria-roledescription': line ? 'line chart' : 'bar chart',
        'aria-label': `${props.yAxisTitle} per year, ${share ? "each year's shares" : view}, ${scaleName(scale)}. Arrow keys move between ${line ? 'points' : 'bars'}; Enter opens ${line ? "a point's" : "a bar's"} search.`,
        'data-chart-type': line ? 'line' : 'bars',
        'data-scale': scale,
      }}
      defs={patterns && <PatternDefs prefix={patternPrefix} colors={colors} count={data.series.length} />}
      draw={(width) => {
        const { drawn, tickText, valueLabelWidth, MARGIN, innerWidth, innerHeight, x, y, placed } =
          width === frame.width ? atFrame : layoutAt(width);
        // Within a year, each visible cohort's bar in its own slot.
        const slots = scaleBand<number>(
          shown.map((s) => s.index),
          [0, x.bandwidth()],
          0.08,
        );
        const barX = (year: string, series: number) => (x(year) ?? 0) + (grouped ? (slots(series) ?? 0) : 0);
        const barWidth = grouped ? slots.bandwidth() : x.bandwidth();
        const center = (year: string) => (x(year) ?? 0) + x.bandwidth() / 2;
        return {
          height,
          margin: MARGIN,
          plot: (
            <YearPlot
              values={y.axis}
              ticks={y.ticks}
              format={tickText}
              valueTitle={props.yAxisTitle}
              valueLabelWidth={valueLabelWidth}
              years={x}
              yearList={data.years}
              yearTitle={props.xAxisTitle}
              innerWidth={innerWidth}
              innerHeight={innerHeight}
            >
              {line &&
                shown.map(({ series, index, values }) => (
                  <path
                    key={series.label}
                    className="ps-line"
                    data-series={series.label}
                    d={linePath(data.years, values, scale, (year, i, value) => [
                      px(center(year)),
                      px(y(drawn(value, i))),
                    ])}
                    stroke={color(index)}
                    fill="none"
                  />
                ))}
              <g key={props.animationKey} className={barsClass} onKeyDown={onBarKey}>
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
                    ...barHandlers(i),
                  };
                  const title = (
                    <title>{`${bar.year} · ${seriesName(bar.label)}: ${format(bar.value)}${shareText}`}</title>
                  );
                  return (
                    <BarLink key={`${bar.year}-${bar.label}`} selection={selectionOf(bar)}>
                      {line ? (
                        <circle
                          className="ps-point"
                          cx={px(center(bar.year))}
                          cy={px(top)}
                          r={POINT_RADIUS}
                          fill={color(bar.series)}
                          {...shared}
                        >
                          {title}
                        </circle>
                      ) : (
                        <rect
                          className="ps-bar"
                          x={px(barX(bar.year, bar.series))}
                          y={px(top)}
                          width={px(barWidth)}
                          height={Math.max(0, px(px(bottom) - px(top)))}
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
              <YearNotes
                placed={placed}
                partial={partial}
                years={x}
                innerWidth={innerWidth}
                innerHeight={innerHeight}
                margin={MARGIN}
                frame={frame}
              />
            </YearPlot>
          ),
        };
      }}
    />
  );
}
