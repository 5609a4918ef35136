import {
  createContext,
  useContext,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type SVGProps,
} from 'react';
import { ChartState, type ChartStateKind } from './chart-state.tsx';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { useTextMeasures } from './text-measure.ts';
import { MEDIUM_FRAME_WIDTH, PHONE_FRAME_WIDTH, SERVER_WIDTH, useElementWidth } from './use-element-width.ts';
import { px, translate } from './svg-number.ts';

/**
 * The frame every kind of chart is drawn in: its width as measured (the page's default until it
 * is), the text measures its labels are laid out with, and the tooltip shown over it.
 */
export function useChartFrame() {
  const [frameRef, width, measured] = useElementWidth<HTMLDivElement>();
  useTextMeasures();
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const frame = { width, measured, tooltip, showTooltip: setTooltip, hideTooltip: () => setTooltip(null) };
  return [frameRef, frame] as const;
}

/** A chart's frame: see `useChartFrame`. */
export type ChartFrameState = ReturnType<typeof useChartFrame>[1];

/** The element a chart's frame is measured on. */
export type FrameRef = ReturnType<typeof useChartFrame>[0];

/** A message in the chart's frame in place of its drawing (no data, every series hidden). */
export function FrameMessage({
  frameRef,
  state,
  children,
}: {
  frameRef: FrameRef;
  state: ChartStateKind;
  children: ReactNode;
}) {
  return (
    <div ref={frameRef} className="ps-chart-frame">
      <ChartState state={state}>{children}</ChartState>
    </div>
  );
}

/** Attributes of a chart's SVG element: its class, its role's description, label and data attributes. */
export type ChartSvgAttributes = SVGProps<SVGSVGElement> & {
  [attribute: `data-${string}`]: string | number | undefined;
};

/** A chart laid out at one width. */
export interface ChartDrawing {
  height: number;
  /** Where the plot starts in the drawing: the room left for the axes and their labels. */
  margin: { top: number; left: number };
  /** The plot, drawn from its margin. */
  plot: ReactNode;
}

export interface ChartFrameProps {
  frameRef: FrameRef;
  frame: ChartFrameState;
  /** Receives the chart's SVG element (the image downloads are made from it). */
  svgRef?: Ref<SVGSVGElement> | undefined;
  svg: ChartSvgAttributes;
  /** Drawn before the plot, the same at every width: the patterns its bars are filled with. */
  defs?: ReactNode;
  /**
   * The chart laid out `width` wide. Called once with the frame's width once it is measured; until
   * then (the server's markup and its hydration) once each for a desktop's, a phone's and a medium frame.
   */
  draw: (width: number) => ChartDrawing;
}

/**
 * Whether the server's markup of a chart holds the drawing for a medium frame (below). A page of
 * many charts (the board, whose cards are in such frames only in windows from about 590 to 770 px)
 * leaves it out for its weight: there the phone's drawing is shown, as it was before.
 */
export const MediumDrawing = createContext(true);

/** The plot of a drawing, moved to its margin. */
const plotOf = ({ margin, plot }: ChartDrawing) => (
  <g transform={translate(margin.left, margin.top)}>{plot}</g>
);

/**
 * A chart's drawing in its frame, with its tooltip; the tooltip goes when the pointer leaves.
 *
 * The server cannot know the screen: until the frame is measured, the SVG holds two drawings, each
 * scaled to the frame's width at its own height, and the stylesheet shows one (a container query
 * on the frame's width): laid out `PHONE_FRAME_WIDTH` wide in a frame narrower than
 * `NARROW_FRAME_BELOW`, `SERVER_WIDTH` wide in a wider one. A phone read without JavaScript thus
 * gets a chart laid out for a phone, not a desktop's squeezed to less than half its width; and the
 * chart drawn at the measured width takes the place of the one shown, in the same box, so nothing
 * moves (the height of a horizontal-bar chart, which follows how its names wrap, is exact in a
 * 375 px phone's frame). The drawing not shown is `display: none`: out of the accessibility tree and
 * the tab order. The patterns (`defs`) are drawn once, for both, so no id is repeated.
 *
 * Stretched across to the frame's width at its own height, a drawing's text would be as distorted
 * as its bars (a desktop's drawing half as wide again at 1280 px). With scripts that lasts until
 * hydration; without them it would last, so there the stylesheet gives the chart the proportions of
 * the drawing shown (the custom properties below): scaled alike across and down, up to a quarter
 * larger than it was laid out, centred in a wider frame. There a third drawing, laid out
 * `MEDIUM_FRAME_WIDTH` wide, is shown in frames from 560 to 734 px wide: the desktop's 12 px text
 * would be under 11 px on screen there, and the phone's drawing at most 439 px wide.
 */
export function ChartFrame({ frameRef, frame, svgRef, svg, defs, draw }: ChartFrameProps) {
  const withMedium = useContext(MediumDrawing);
  let content: ReactNode;
  if (frame.measured) {
    const drawing = draw(frame.width);
    content = (
      <svg ref={svgRef} width={frame.width} height={px(drawing.height)} role="group" {...svg}>
        {defs}
        {plotOf(drawing)}
      </svg>
    );
  } else {
    const wide = draw(SERVER_WIDTH);
    const narrow = draw(PHONE_FRAME_WIDTH);
    const medium = withMedium ? draw(MEDIUM_FRAME_WIDTH) : undefined;
    const scaled = (width: number, drawing: ChartDrawing, which: string) => (
      <svg
        className={`ps-drawing ps-drawing-${which}`}
        role="none"
        width="100%"
        height="100%"
        viewBox={`0 0 ${width} ${px(drawing.height)}`}
        preserveAspectRatio="none"
        overflow="visible"
      >
        {plotOf(drawing)}
      </svg>
    );
    content = (
      <svg
        ref={svgRef}
        width="100%"
        height={px(wide.height)}
        role="group"
        data-scaled="width"
        {...svg}
        style={
          {
            ...svg.style,
            '--ps-narrow-height': `${px(narrow.height)}px`,
            '--ps-wide': `${SERVER_WIDTH}px`,
            '--ps-wide-ratio': `${SERVER_WIDTH} / ${px(wide.height)}`,
            '--ps-narrow': `${PHONE_FRAME_WIDTH}px`,
            '--ps-narrow-ratio': `${PHONE_FRAME_WIDTH} / ${px(narrow.height)}`,
            ...(medium && {
              '--ps-medium': `${MEDIUM_FRAME_WIDTH}px`,
              '--ps-medium-ratio': `${MEDIUM_FRAME_WIDTH} / ${px(medium.height)}`,
            }),
          } as CSSProperties
        }
      >
        {defs}
        {scaled(SERVER_WIDTH, wide, 'wide')}
        {scaled(PHONE_FRAME_WIDTH, narrow, 'narrow')}
        {medium && scaled(MEDIUM_FRAME_WIDTH, medium, 'medium')}
      </svg>
    );
  }
  return (
    <div ref={frameRef} className="ps-chart-frame" onMouseLeave={frame.hideTooltip}>
      {content}
      <ChartTooltip tooltip={frame.tooltip} />
    </div>
  );
}
