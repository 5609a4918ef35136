import type { DataView, GrowthData } from '@pdb-stats/search-model/charts';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useMemo, useState } from 'react';
import { AXIS_STYLE } from './axis-style.ts';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { formatNumber, thinLabels, valueTicks } from './format.ts';
import type { BarSelection } from './types.ts';
import { useElementWidth } from './use-element-width.ts';

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
}

const MARGIN = { top: 16, right: 16, bottom: 52, left: 76 };

/** Stacked bars per year; one bar segment per visible series. */
export function GrowthChart(props: GrowthChartProps) {
  const { data, view, colors, hidden, onSelect, height = 420 } = props;
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const innerWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const multi = data.series.length > 1;

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
  const ticks = valueTicks(Math.max(0, ...totals));
  const x = scaleBand<string>({ domain: data.years, range: [0, innerWidth], padding: 0.15 });
  const y = scaleLinear<number>({ domain: [0, ticks.at(-1) ?? 1], range: [innerHeight, 0] });
  const color = (index: number) => colors[index % colors.length] ?? '#000';
  const seriesName = (label: string) => (multi ? label : (props.singleSeriesLabel ?? label));

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
              {seriesName(series.label)}: {formatNumber(values[yearIndex] ?? 0)}
            </div>
          ))}
          {shown.length > 1 && <div>Total: {formatNumber(totals[yearIndex] ?? 0)}</div>}
        </>
      ),
    });

  return (
    <div ref={frame} className="ps-chart-frame" onMouseLeave={() => setTooltip(null)}>
      <svg
        width={width}
        height={height}
        className="ps-chart ps-growth-chart"
        role="img"
        aria-label={`${props.yAxisTitle} per year, ${view}`}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {ticks.map((t) => (
            <line key={t} className="ps-grid" x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} />
          ))}
          <g key={props.animationKey} className="ps-bars ps-bars-vertical">
            {data.years.map((year, i) => {
              let base = 0;
              return shown.map(({ series, index, values }) => {
                const value = values[i] ?? 0;
                const top = y(base + value);
                const bottom = y(base);
                base += value;
                if (value <= 0) return null;
                return (
                  <rect
                    key={`${year}-${series.label}`}
                    className="ps-bar"
                    x={x(year)}
                    y={top}
                    width={x.bandwidth()}
                    height={Math.max(0, bottom - top)}
                    fill={color(index)}
                    data-x={year}
                    data-value={value}
                    {...(multi && { 'data-series': series.label })}
                    onMouseMove={(event) => {
                      const box = (
                        event.currentTarget.ownerSVGElement as SVGSVGElement
                      ).getBoundingClientRect();
                      showTooltip(
                        i,
                        event.clientX - box.left - MARGIN.left,
                        event.clientY - box.top - MARGIN.top,
                      );
                    }}
                    onClick={() => onSelect({ x: year, ...(multi && { series: series.label }), value })}
                  >
                    <title>{`${year} · ${seriesName(series.label)}: ${formatNumber(value)}`}</title>
                  </rect>
                );
              });
            })}
          </g>
          <AxisLeft
            scale={y}
            tickValues={ticks}
            tickFormat={(v) => formatNumber(Number(v))}
            label={props.yAxisTitle}
            labelOffset={52}
            {...AXIS_STYLE}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={thinLabels(data.years, innerWidth, 44)}
            label={props.xAxisTitle}
            {...AXIS_STYLE}
          />
        </Group>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
    </div>
  );
}
