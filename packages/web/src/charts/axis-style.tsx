import type { TickRendererProps } from '@visx/axis';
import { CHART_FONT_SIZE } from './text-measure.ts';

/**
 * A tick label drawn as visx's `Text` draws one line (the same nested `svg` and `text`), without
 * what `Text` does first for every label: measure each word in the DOM and evaluate its CSS `calc`
 * offsets, about 25 ms per chart on the way to the first one. Tick labels never wrap, so neither is
 * needed.
 */
export function TickLabel(props: TickRendererProps) {
  const {
    dx = 0,
    dy = 0,
    formattedValue,
    angle,
    verticalAnchor = 'end',
    textAnchor = 'start',
    ...rest
  } = props;
  // Props of Text that shape lines: meaningless for one line, and no SVG attributes.
  const { lineHeight: _l, capHeight: _c, scaleToFit: _s, width: _w, ...text } = rest;
  // Text's first-line offset for one line, with its default cap height of 0.71em.
  const startDy = { start: '0.71em', middle: '0.355em', end: undefined }[verticalAnchor];
  return (
    <svg x={dx} y={dy} fontSize={text.fontSize} style={{ overflow: 'visible' }}>
      <text
        {...text}
        textAnchor={textAnchor}
        {...(angle ? { transform: `rotate(${angle}, ${text.x}, ${text.y})` } : {})}
      >
        <tspan x={text.x} dy={startDy}>
          {formattedValue}
        </tspan>
      </text>
    </svg>
  );
}

/**
 * Tick labels in the interface font (inherited: no font family of their own) at the charts' text size;
 * below a bottom axis centred on their tick, left of a left axis ending at it.
 */
export const BOTTOM_TICK_LABELS = () =>
  ({ fontSize: CHART_FONT_SIZE, textAnchor: 'middle', dy: '0.25em' }) as const;
export const LEFT_TICK_LABELS = () =>
  ({ fontSize: CHART_FONT_SIZE, textAnchor: 'end', dx: '-0.25em', dy: '0.25em' }) as const;

/** Look of every chart axis: classes for the stylesheet, and a grey that reads on white and in print. */
export const AXIS_STYLE = {
  labelClassName: 'ps-axis-label',
  tickClassName: 'ps-tick',
  stroke: '#888',
  tickStroke: '#888',
  tickComponent: TickLabel,
} as const;
