import type { TrendData, YearQuartiles } from '@pdb-stats/charts';
import { nice, ticks as niceTicks } from 'd3-array';
import type { Ref } from 'react';
import { YEAR_AXIS_ROOM, YearPlot, valueAxisRoom } from './chart-axes.tsx';
import { scaleBand, scaleLinear } from './scales.ts';
import { useBarHandlers, type TooltipAnchor } from './bar-handlers.ts';
import { BarLink } from './bar-link.tsx';
import { ChartFrame, FrameMessage, useChartFrame } from './chart-frame.tsx';
import { NO_DATA_MESSAGE } from './chart-state.tsx';
import { formatNumber } from './format.ts';
import { measureText } from './text-measure.ts';
import type { BarSelection } from './types.ts';
import { px } from './svg-number.ts';

export interface BandChartProps {
  data: TrendData;
  /** Colour of the median's line and points; the band is the same colour, lighter. */
  color: string;
  xAxisTitle: string;
  /** Title of the values ('Resolution (Å)'). */
  yAxisTitle: string;
  /** What each year's count counts ('Number of Entries'). */
  countTitle: string;
  onSelect: (selection: BarSelection) => void;
  height?: number;
  /** Changing it replays the animation. */
  animationKey: string;
  svgRef?: Ref<SVGSVGElement>;
}

/** How much of its colour the band between the quartiles keeps. */
const BAND_OPACITY = 0.25;

/** Runs of consecutive years with values: the line and band break where a year has none. */
function runs(years: readonly string[], quartiles: readonly YearQuartiles[]): YearQuartiles[][] {
  const byYear = new Map(quartiles.map((q) => [q.year, q]));
  const all: YearQuartiles[][] = [];
  let run: YearQuartiles[] = [];
  for (const year of years) {
    const q = byYear.get(year);
    if (q) run.push(q);
    else if (run.length > 0) {
      all.push(run);
      run = [];
    }
  }
  if (run.length > 0) all.push(run);
  return all;
}

/**
 * The median of each year as a line through points, the first to third quartile as a band behind it.
 * Each point is a button: it opens the search of the year's values (a link to it where no script runs).
 */
export function BandChart(props: BandChartProps) {
  const { data, color, onSelect, height = 420, svgRef } = props;
  const [frameRef, frame] = useChartFrame();
  const { showTooltip: setTooltip, hideTooltip } = frame;
  const { quartiles } = data;
  const selectionOf = (q: YearQuartiles): BarSelection => ({ x: q.year, value: q.count });
  const select = (q: YearQuartiles) => onSelect(selectionOf(q));
  const points = quartiles.map((q, column) => ({ column, series: 0 }));
  const { onKeyDown, barHandlers } = useBarHandlers({
    bars: quartiles,
    positions: points,
    layout: 'list',
    select,
    showTooltip: (q, at) => showTooltip(q, at),
    hideTooltip,
  });

  if (quartiles.length === 0)
    return (
      <FrameMessage frameRef={frameRef} state="no-data">
        {NO_DATA_MESSAGE}
      </FrameMessage>
    );

  const max = Math.max(...quartiles.map((q) => q.q3));
  // The axis reaches a round value a little above the highest quartile, with about six ticks.
  const domain = nice(0, max * 1.05, 10);
  const ticks = niceTicks(domain[0], domain[1], 6);
  const valueLabelWidth = Math.max(...ticks.map((t) => measureText(formatNumber(t))));
  const MARGIN = { top: 16, right: 16, bottom: YEAR_AXIS_ROOM, left: valueAxisRoom(valueLabelWidth) };
  const pieces = runs(data.years, quartiles);
  const describe = (q: YearQuartiles) =>
    `${q.year}: median ${formatNumber(q.median)}, quartiles ${formatNumber(q.q1)} to ${formatNumber(q.q3)}, ${formatNumber(q.count)} values`;

  const showTooltip = (q: YearQuartiles, at: TooltipAnchor) =>
    setTooltip({
      ...at,
      content: (
        <>
          <strong>{q.year}</strong>
          <div>Third quartile: {formatNumber(q.q3)}</div>
          <div>Median: {formatNumber(q.median)}</div>
          <div>First quartile: {formatNumber(q.q1)}</div>
          <div>
            {props.countTitle}: {formatNumber(q.count)}
          </div>
        </>
      ),
    });

  return (
    <ChartFrame
      frameRef={frameRef}
      frame={frame}
      svgRef={svgRef}
      svg={{
        className: 'ps-chart ps-band-chart',
        'aria-roledescription': 'line chart',
        'aria-label': `${props.yAxisTitle} per year: median and quartiles. Arrow keys move between years; Enter opens a year's search.`,
      }}
      draw={(width) => {
        const innerWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
        const innerHeight = height - MARGIN.top - MARGIN.bottom;
        const y = scaleLinear(domain, [innerHeight, 0]);
        const x = scaleBand<string>(data.years, [0, innerWidth], 0.15);
        const cx = (year: string) => px((x(year) ?? 0) + x.bandwidth() / 2);
        const band = (run: YearQuartiles[]) =>
          [
            ...run.map((q, i) => `${i === 0 ? 'M' : 'L'}${cx(q.year)},${px(y(q.q3))}`),
            ...[...run].reverse().map((q) => `L${cx(q.year)},${px(y(q.q1))}`),
            'Z',
          ].join('');
        const line = (run: YearQuartiles[]) =>
          run.map((q, i) => `${i === 0 ? 'M' : 'L'}${cx(q.year)},${px(y(q.median))}`).join('');
        return {
          height,
          margin: MARGIN,
          plot: (
            <YearPlot
              values={y}
              ticks={ticks}
              format={formatNumber}
              valueTitle={props.yAxisTitle}
              valueLabelWidth={valueLabelWidth}
              years={x}
              yearList={data.years}
              yearTitle={props.xAxisTitle}
              innerWidth={innerWidth}
              innerHeight={innerHeight}
            >
              <g key={props.animationKey} className="ps-band" aria-hidden="true">
                {pieces.map((run) => (
                  <path key={`band-${run[0]!.year}`} d={band(run)} fill={color} fillOpacity={BAND_OPACITY} />
                ))}
                {pieces.map((run) => (
                  <path
                    key={`line-${run[0]!.year}`}
                    className="ps-median-line"
                    d={line(run)}
                    fill="none"
                    stroke={color}
                    strokeWidth={2}
                  />
                ))}
              </g>
              <g className="ps-points" onKeyDown={onKeyDown}>
                {quartiles.map((q, i) => (
                  <BarLink key={q.year} selection={selectionOf(q)}>
                    <circle
                      className="ps-point"
                      cx={cx(q.year)}
                      cy={px(y(q.median))}
                      r={px(Math.max(3, Math.min(5, x.bandwidth() / 2)))}
                      fill={color}
                      data-x={q.year}
                      data-value={q.count}
                      data-median={q.median}
                      data-q1={q.q1}
                      data-q3={q.q3}
                      aria-label={describe(q)}
                      {...barHandlers(i)}
                    >
                      <title>{describe(q)}</title>
                    </circle>
                  </BarLink>
                ))}
              </g>
            </YearPlot>
          ),
        };
      }}
    />
  );
}
