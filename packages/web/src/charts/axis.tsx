import { CHART_FONT_SIZE } from './text-measure.ts';
import { px } from './svg-number.ts';

/** Grey of every axis line and tick: reads on white and in print. */
export const AXIS_STROKE = '#888';
/** Length of a tick mark, and room between it and its label. */
const TICK_LENGTH = 8;

/** What an axis reads of a scale: a value's position, the scale's extent, a band's width. */
export interface AxisScale<T> {
  (value: T): number | undefined;
  range(): readonly number[];
  bandwidth?(): number;
}

/**
 * A chart axis drawn as plain SVG: a line along the plot's edge, a tick and a label per value, and
 * an optional title. It depends on its props alone (no text measured in the DOM), so the server's
 * markup and the browser's first render are the same. A band scale's ticks stand at its bands'
 * centres. A left axis's title reads upwards, `titleOffset` px left of its tick marks (a bottom
 * axis's title is wrapped to the chart's width: see BottomAxisTitle).
 */
export function Axis<T extends string | number>(props: {
  side: 'left' | 'bottom';
  scale: AxisScale<T>;
  ticks: readonly T[];
  format?: (value: T) => string;
  /** Offset of a bottom axis from the plot's top (its height). */
  top?: number;
  /** Title of a left axis. */
  title?: string;
  titleOffset?: number;
}) {
  const { side, scale, top = 0 } = props;
  const bottom = side === 'bottom';
  const offset = scale.bandwidth ? scale.bandwidth() / 2 : 0;
  const range = scale.range();
  // The line's ends half a pixel past the range's, where they have always been drawn.
  const [start, end] = [px(range[0]! + 0.5), px(range.at(-1)! + 0.5)];
  // Across the axis: ticks go outwards (down from a bottom axis, left of a left one).
  const outwards = bottom ? TICK_LENGTH : -TICK_LENGTH;
  const point = (along: number, across: number) =>
    bottom ? { x: along, y: across } : { x: across, y: along };
  const line = (from: { x: number; y: number }, to: { x: number; y: number }) => ({
    x1: from.x,
    y1: from.y,
    x2: to.x,
    y2: to.y,
  });
  return (
    <g className={`ps-axis ps-axis-${side}`} transform={`translate(0, ${px(top)})`}>
      {props.ticks.map((value) => {
        const at = px((scale(value) ?? 0) + offset);
        const mark = point(at, outwards);
        // A bottom label hangs a line below its tick; a left label ends before its tick, centred on it.
        const label = bottom
          ? { x: mark.x, y: mark.y + CHART_FONT_SIZE, textAnchor: 'middle' as const }
          : { x: mark.x, y: mark.y, dx: '-0.25em', textAnchor: 'end' as const };
        return (
          <g key={value} className="ps-tick">
            <line
              {...line(point(at, 0), mark)}
              stroke={AXIS_STROKE}
              strokeLinecap="square"
              shapeRendering="crispEdges"
            />
            <text {...label} dy="0.25em" fontSize={CHART_FONT_SIZE}>
              {props.format ? props.format(value) : String(value)}
            </text>
          </g>
        );
      })}
      <line
        className="ps-axis-line"
        {...line(point(start, 0), point(end, 0))}
        stroke={AXIS_STROKE}
        shapeRendering="crispEdges"
      />
      {props.title && !bottom && (
        <text
          className="ps-axis-label"
          x={px(-(range[0]! + range.at(-1)!) / 2)}
          y={px(-(TICK_LENGTH + (props.titleOffset ?? 0)))}
          transform="rotate(-90)"
          textAnchor="middle"
        >
          {props.title}
        </text>
      )}
    </g>
  );
}
