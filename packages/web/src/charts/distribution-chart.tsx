import type { DistributionData } from '@pdb-stats/search-model/charts';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useState } from 'react';
import { AXIS_STYLE } from './axis-style.ts';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { formatNumber, valueTicks } from './format.ts';
import type { BarSelection } from './types.ts';
import { useElementWidth } from './use-element-width.ts';

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
}

const CHAR_WIDTH = 6.6;

function shorten(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** One bar per bin or bucket: vertical for bins, horizontal (labels on the left) for terms. */
export function DistributionChart(props: DistributionChartProps) {
  const { data, orientation, onSelect } = props;
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const labels = data.bars.map((b) => b.label);
  const ticks = valueTicks(Math.max(0, ...data.bars.map((b) => b.value)), props.yStep);
  const top = ticks.at(-1) ?? 1;
  const vertical = orientation === 'vertical';
  const longest = Math.max(0, ...labels.map((l) => l.length));

  const maxLabelChars = 36;
  const margin = vertical
    ? { top: 16, right: 16, left: 76, bottom: 0 }
    : { top: 16, right: 24, left: Math.min(maxLabelChars, longest) * CHAR_WIDTH + 16, bottom: 52 };
  const innerWidth = Math.max(120, width - margin.left - margin.right);
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
  const values = scaleLinear<number>({
    domain: [0, top],
    range: vertical ? [innerHeight, 0] : [0, innerWidth],
  });

  return (
    <div ref={frame} className="ps-chart-frame" onMouseLeave={() => setTooltip(null)}>
      <svg
        width={width}
        height={height}
        className={`ps-chart ps-distribution-chart ps-${orientation}`}
        role="img"
        aria-label={`${props.yAxisTitle} by ${props.xAxisTitle}`}
      >
        <Group left={margin.left} top={margin.top}>
          {ticks.map((t) =>
            vertical ? (
              <line key={t} className="ps-grid" x1={0} x2={innerWidth} y1={values(t)} y2={values(t)} />
            ) : (
              <line key={t} className="ps-grid" y1={0} y2={innerHeight} x1={values(t)} x2={values(t)} />
            ),
          )}
          <g key={props.animationKey} className={`ps-bars ps-bars-${orientation}`}>
            {data.bars.map((bar) => {
              const position = categories(bar.label) ?? 0;
              const length = vertical ? innerHeight - values(bar.value) : values(bar.value);
              return (
                <rect
                  key={bar.label}
                  className="ps-bar"
                  x={vertical ? position : 0}
                  y={vertical ? values(bar.value) : position}
                  width={vertical ? categories.bandwidth() : Math.max(0, length)}
                  height={vertical ? Math.max(0, length) : categories.bandwidth()}
                  fill={props.color}
                  data-x={bar.label}
                  data-value={bar.value}
                  onMouseMove={(event) => {
                    const box = (
                      event.currentTarget.ownerSVGElement as SVGSVGElement
                    ).getBoundingClientRect();
                    setTooltip({
                      left: event.clientX - box.left,
                      top: event.clientY - box.top,
                      content: (
                        <>
                          <strong>{bar.label}</strong>
                          <div>
                            {props.yAxisTitle}: {formatNumber(bar.value)}
                          </div>
                        </>
                      ),
                    });
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
                scale={values}
                tickValues={ticks}
                tickFormat={(v) => formatNumber(Number(v))}
                label={props.yAxisTitle}
                labelOffset={52}
                {...AXIS_STYLE}
              />
              <AxisBottom
                top={innerHeight}
                scale={categories}
                tickValues={labels}
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
                tickClassName="ps-tick"
                stroke="#888"
                tickStroke="#888"
                tickLabelProps={() => ({ fontSize: 11, textAnchor: 'end', dy: '0.33em', dx: -4 })}
              />
              <AxisBottom
                top={innerHeight}
                scale={values}
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
