import type { MouseEvent } from 'react';
import { useBarFocus, type BarPosition } from './bar-focus.ts';

/** A point of the chart's SVG, from its top left corner (margins included), where a tooltip is shown. */
export interface SvgPoint {
  left: number;
  top: number;
}

export interface BarHandlersInput<Bar> {
  /** The drawn bars in reading order (column by column, each stack bottom to top). */
  bars: readonly Bar[];
  /** Where each bar sits, for the arrow keys; the same order as `bars`. */
  positions: readonly BarPosition[];
  layout: 'stack' | 'list';
  /** A click, Enter or Space on a bar. */
  select: (bar: Bar) => void;
  /** Shows the bar's tooltip at a point of the SVG. */
  showTooltip: (bar: Bar, at: SvgPoint) => void;
  hideTooltip: () => void;
}

/**
 * What every bar of a bar chart answers to, the same on the growth and the distribution charts:
 * roving focus and arrow keys (`useBarFocus`), Enter, Space and a click select the bar, the tooltip
 * shown beside a focused bar or under the pointer and hidden when focus leaves.
 */
export function useBarHandlers<Bar>({
  bars,
  positions,
  layout,
  select,
  showTooltip,
  hideTooltip,
}: BarHandlersInput<Bar>) {
  const { onKeyDown, barProps } = useBarFocus(positions, layout, (i) => select(bars[i]!));
  return {
    /** The key handler of the bars' group element. */
    onKeyDown,
    /** Props of bar `index`, whose tooltip shows at `focusAt` when it has focus. */
    barHandlers: (index: number, focusAt: SvgPoint) => ({
      ...barProps(index),
      onFocus: () => {
        barProps(index).onFocus();
        showTooltip(bars[index]!, focusAt);
      },
      // On the bar, not its group: Chromium makes an SVG element with focus listeners focusable.
      onBlur: hideTooltip,
      onMouseMove: (event: MouseEvent<SVGElement>) => {
        const box = (event.currentTarget.ownerSVGElement as SVGSVGElement).getBoundingClientRect();
        showTooltip(bars[index]!, { left: event.clientX - box.left, top: event.clientY - box.top });
      },
      onClick: () => select(bars[index]!),
    }),
  };
}
