import { useState, type ReactNode, type Ref, type SVGProps } from 'react';
import { ChartState, type ChartStateKind } from './chart-state.tsx';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import { useTextMeasures } from './text-measure.ts';
import { chartSize, useElementWidth } from './use-element-width.ts';

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

export interface ChartFrameProps {
  frameRef: FrameRef;
  frame: ChartFrameState;
  height: number;
  /** Receives the chart's SVG element (the image downloads are made from it). */
  svgRef?: Ref<SVGSVGElement> | undefined;
  svg: ChartSvgAttributes;
  /** Where the plot starts in the drawing: the room left for the axes and their labels. */
  margin: { top: number; left: number };
  /** Drawn before the plot: the patterns its bars are filled with. */
  defs?: ReactNode;
  /** The plot, drawn from its margin. */
  children: ReactNode;
}

/** A chart's drawing in its frame, with its tooltip; the tooltip goes when the pointer leaves. */
export function ChartFrame({
  frameRef,
  frame,
  height,
  svgRef,
  svg,
  margin,
  defs,
  children,
}: ChartFrameProps) {
  return (
    <div ref={frameRef} className="ps-chart-frame" onMouseLeave={frame.hideTooltip}>
      <svg ref={svgRef} {...chartSize(frame.width, height, frame.measured)} role="group" {...svg}>
        {defs}
        <g transform={`translate(${margin.left}, ${margin.top})`}>{children}</g>
      </svg>
      <ChartTooltip tooltip={frame.tooltip} width={frame.width} />
    </div>
  );
}
