import { useState, type KeyboardEvent } from 'react';

/** Where a bar sits: its column (year, bin) and its place in the column's stack (0 = bottom). */
export interface BarPosition {
  column: number;
  series: number;
}

/**
 * The bar a key moves focus to, or undefined for other keys. Bars are in reading order (column by
 * column, each bottom to top). Left and Right go to the neighbouring column, to the same series
 * when it has a bar there; Up and Down move within the stack; Home and End go to the ends. In a
 * `list` (one bar per column) every arrow moves to the neighbouring bar.
 */
export function nextBar(
  bars: readonly BarPosition[],
  current: number,
  key: string,
  layout: 'stack' | 'list',
): number | undefined {
  if (bars.length === 0) return undefined;
  const last = bars.length - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  const forward = key === 'ArrowRight' || key === 'ArrowDown';
  const backward = key === 'ArrowLeft' || key === 'ArrowUp';
  if (!forward && !backward) return undefined;
  if (layout === 'list') return Math.min(last, Math.max(0, current + (forward ? 1 : -1)));
  const here = bars[current]!;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const next = current + (key === 'ArrowUp' ? 1 : -1);
    return bars[next]?.column === here.column ? next : current;
  }
  const step = key === 'ArrowRight' ? 1 : -1;
  let column: number | undefined;
  for (let i = current + step; i >= 0 && i <= last; i += step) {
    if (bars[i]!.column !== here.column) {
      column = bars[i]!.column;
      break;
    }
  }
  if (column === undefined) return current;
  const inColumn = bars.map((b, i) => ({ ...b, i })).filter((b) => b.column === column);
  return (inColumn.find((b) => b.series === here.series) ?? inColumn[0]!).i;
}

/**
 * Roving focus over a chart's bars: one bar is in the tab order, arrow keys move focus, Enter and
 * Space activate the focused bar like a click. Bars carry `data-bar-index`; `onKeyDown`, on the
 * element holding them, moves focus among the bars inside it (a chart drawn twice until its frame is
 * measured has a group of bars in each drawing).
 */
export function useBarFocus(
  bars: readonly BarPosition[],
  layout: 'stack' | 'list',
  activate: (index: number) => void,
) {
  const [active, setActive] = useState(0);
  const current = Math.max(0, Math.min(active, bars.length - 1));

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const index = Number((event.target as Element).getAttribute('data-bar-index'));
    if (!Number.isInteger(index)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(index);
      return;
    }
    const next = nextBar(bars, index, event.key, layout);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    event.currentTarget.querySelector<SVGElement>(`[data-bar-index="${next}"]`)?.focus();
  };

  return {
    onKeyDown,
    /** Props of bar `index`. */
    barProps: (index: number) => ({
      'data-bar-index': index,
      // Lowercase on purpose: Preact sets SVG attributes by their prop name, and SVG attribute names
      // are case-sensitive, so `tabIndex` would not make the bar focusable.
      tabindex: index === current ? 0 : -1,
      role: 'button' as const,
      onFocus: () => setActive(index),
    }),
  };
}
