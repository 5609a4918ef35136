import type { DistributionData } from '@pdb-stats/charts';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand } from '@visx/scale';
import { useMemo, useState, type Ref } from 'react';
import type { ChartScale } from '../settings/settings-state.ts';
import { AXIS_STYLE } from './axis-style.tsx';
import { useBarFocus } from './bar-focus.ts';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { formatNumber, thinLabels } from './format.ts';
import { PatternDefs, usePatternPrefix } from './patterns.tsx';
import type { BarSelection } from './types.ts';
import { useElementWidth } from './use-element-width.ts';
import { isDrawn, scaleName, valueScale } from './value-scale.ts';

export interface DistributionChartProps {
  data: DistributionData;
  orientation: 'vertical' | 'horizontal';
  color: string;
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
}

const CHAR_WIDTH = 6.6;

function shorten(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** One bar per bin or bucket: vertical for bins, horizontal (labels on the left) for terms. */
export function DistributionChart(props: DistributionChartProps) {
  const { data, orientation, onSelect, scale = 'linear', patterns = false, svgRef } = props;
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const patternPrefix = usePatternPrefix();
  const labels = data.bars.map((b) => b.label);
  const vertical = orientation === 'vertical';
  const longest = Math.max(0, ...labels.map((l) => l.length));

  // Category labels take at most 40% of a narrow chart (a phone), and 36 characters.
  const maxLabelChars = Math.max(8, Math.min(36, Math.floor((width * 0.4) / CHAR_WIDTH)));
  const margin = vertical
    ? { top: 16, right: 16, left: 76, bottom: 0 }
    : { top: 16, right: 24, left: Math.min(maxLabelChars, longest) * CHAR_WIDTH + 16, bottom: 52 };
  const innerWidth = Math.max(80, width - margin.left - margin.right);
  const band = vertical ? innerWidth / Math.max(1, labels.length) : 22;
  const rotate = vertical && longest * CHAR_WIDTH > band * 0.9;
  if (vertical) margin.bottom = rotate ? 40 + longest * CHAR_WIDTH * 0.72 : 52;
  const innerHeight = vertical ? (props.height ?? 420) - margin.top - 16 : Math.max(1, labels.length) * band;
  const height = innerHeight + margin.top + margin.bottom;

  const categories = scaleBand<string>({
    domain: labels,
    range: vertical ? [0, innerWidth] : [0, innerHeight],
    padding: 0.15,
  });
  const values = valueScale(
    scale,
    Math.max(0, ...data.bars.map((b) => b.value)),
    vertical ? [innerHeight, 0] : [0, innerWidth],
    props.yStep,
  );
  const ticks = values.ticks;
  const zero = values(0);
  // On the log scale a zero has no position and is not drawn; on the linear scale an empty bin keeps
  // its (flat) bar, so that it can be reached by keyboard and read as 0.
  const drawn = useMemo(
    () => (scale === 'log' ? data.bars.filter((b) => isDrawn(b.value)) : data.bars),
    [data.bars, scale],
  );
  const {
    group: barGroup,
    onKeyDown: onBarKey,
    barProps,
  } = useBarFocus(
    useMemo(() => drawn.map((_, column) => ({ column, series: 0 })), [drawn]),
    'list',
    (i) => onSelect({ x: drawn[i]!.label, value: drawn[i]!.value }),
  );
  const showTooltip = (bar: (typeof drawn)[number], left: number, top: number) =>
    setTooltip({
      left,
      top,
      content: (
        <>
          <strong>{bar.label}</strong>
          <div>
            {props.yAxisTitle}: {formatNumber(bar.value)}
          </div>
        </>
      ),
    });

  return (
    <div ref={frame} className="ps-chart-frame" onMouseLeave={() => setTooltip(null)}>
      <svg
        ref={svgRef}
        width={width}
        height={height}
        className={`ps-chart ps-distribution-chart ps-${orientation}`}
        role="group"
        aria-roledescription="bar chart"
        aria-label={`${props.yAxisTitle} by ${props.xAxisTitle}, ${scaleName(scale)}. Arrow keys move between bars; Enter opens a bar's search.`}
        data-scale={scale}
      >
        {patterns && <PatternDefs prefix={patternPrefix} colors={[props.color]} count={1} />}
        <Group left={margin.left} top={margin.top}>
          {ticks.map((t) =>
            vertical ? (
              <line key={t} className="ps-grid" x1={0} x2={innerWidth} y1={values(t)} y2={values(t)} />
            ) : (
              <line key={t} className="ps-grid" y1={0} y2={innerHeight} x1={values(t)} x2={values(t)} />
            ),
          )}
          <g
            ref={barGroup}
            key={props.animationKey}
            className={`ps-bars ps-bars-${orientation}`}
            onKeyDown={onBarKey}
          >
            {drawn.map((bar, i) => {
              const position = categories(bar.label) ?? 0;
              const length = Math.abs(values(bar.value) - zero);
              return (
                <rect
                  key={bar.label}
                  className="ps-bar"
                  x={vertical ? position : 0}
                  y={vertical ? values(bar.value) : position}
                  width={vertical ? categories.bandwidth() : Math.max(0, length)}
                  height={vertical ? Math.max(0, length) : categories.bandwidth()}
                  fill={patterns ? `url(#${patternPrefix}-0)` : props.color}
                  data-color={props.color}
                  data-x={bar.label}
                  data-value={bar.value}
                  aria-label={`${bar.label}: ${formatNumber(bar.value)}`}
                  {...barProps(i)}
                  onFocus={() => {
                    barProps(i).onFocus();
                    showTooltip(
                      bar,
                      margin.left + (vertical ? position + categories.bandwidth() : length),
                      margin.top + (vertical ? values(bar.value) : position),
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
                  onClick={() => onSelect({ x: bar.label, value: bar.value })}
                >
                  <title>{`${bar.label}: ${formatNumber(bar.value)}`}</title>
                </rect>
              );
            })}
          </g>
          {vertical ? (
            <>
              <AxisLeft
                scale={values.axis}
                tickValues={ticks}
                tickFormat={(v) => formatNumber(Number(v))}
                label={props.yAxisTitle}
                labelOffset={52}
                {...AXIS_STYLE}
              />
              <AxisBottom
                top={innerHeight}
                scale={categories}
                // Slanted labels need about 16 px each; on a phone every other one is shown.
                tickValues={rotate ? thinLabels(labels, innerWidth, 16) : labels}
                label={props.xAxisTitle}
                labelOffset={rotate ? longest * CHAR_WIDTH * 0.72 : 12}
                {...AXIS_STYLE}
                tickLabelProps={() =>
                  rotate ? { angle: -45, textAnchor: 'end', dx: 4, dy: -2, fontSize: 11 } : { fontSize: 11 }
                }
              />
            </>
          ) : (
            <>
              <AxisLeft
                scale={categories}
                tickValues={labels}
                tickFormat={(v) => shorten(String(v), maxLabelChars)}
                tickClassName={AXIS_STYLE.tickClassName}
                stroke={AXIS_STYLE.stroke}
                tickStroke={AXIS_STYLE.tickStroke}
                tickComponent={AXIS_STYLE.tickComponent}
                tickLabelProps={() => ({ fontSize: 11, textAnchor: 'end', dy: '0.33em', dx: -4 })}
              />
              <AxisBottom
                top={innerHeight}
                scale={values.axis}
                tickValues={ticks}
                tickFormat={(v) => formatNumber(Number(v))}
                label={props.yAxisTitle}
                {...AXIS_STYLE}
              />
            </>
          )}
        </Group>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
    </div>
  );
}
