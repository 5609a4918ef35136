import type { FocusEvent, MouseEvent } from 'react';
import { useBarFocus, type BarPosition } from './bar-focus.ts';

/** What a tooltip is placed by: the bar it describes (it goes off that bar and its neighbours). */
export interface TooltipAnchor {
  target: Element;
}

export interface BarHandlersInput<Bar> {
  /** The drawn bars in reading order (column by column, each stack bottom to top). */
  bars: readonly Bar[];
  /** Where each bar sits, for the arrow keys; the same order as `bars`. */
  positions: readonly BarPosition[];
  layout: 'stack' | 'list';
  /** A click, Enter or Space on a bar. */
  select: (bar: Bar) => void;
  /** Shows the bar's tooltip, placed off the drawn bar `at.target`. */
  showTooltip: (bar: Bar, at: TooltipAnchor) => void;
  hideTooltip: () => void;
}

/**
 * What every bar of a bar chart answers to, the same on the growth and the distribution charts:
 * roving focus and arrow keys (`useBarFocus`), Enter, Space and a click select the bar, the tooltip
 * shown for a focused bar or the bar under the pointer, placed by the bar (the same for both), and
 * hidden when focus leaves.
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
    /** Props of bar `index`, whose tooltip shows when it has focus or the pointer is on it. */
    barHandlers: (index: number) => ({
      ...barProps(index),
      onFocus: (event: FocusEvent<SVGElement>) => {
        barProps(index).onFocus();
        showTooltip(bars[index]!, { target: event.currentTarget });
      },
      // On the bar, not its group: Chromium makes an SVG element with focus listeners focusable.
      onBlur: hideTooltip,
      // Placed by the bar, not the pointer: beside the pointer it covered the neighbouring bars.
      onMouseEnter: (event: MouseEvent<SVGElement>) =>
        showTooltip(bars[index]!, { target: event.currentTarget }),
      onClick: () => select(bars[index]!),
    }),
  };
}
