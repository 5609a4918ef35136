import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A tooltip shown: for a bar (or point), placed off that bar and off its neighbours (`target`), or
 * at a point of the frame, from its top left corner (an event's explanation, over the plot).
 */
export type TooltipState = ({ target: Element } | { left: number; top: number }) & { content: ReactNode };

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The space left between the tooltip and the bars it avoids. */
const GAP = 8;

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * Where a tooltip of `width` × `height` goes so that it covers neither the bar it describes
 * (`anchor`) nor any other bar (`bars`), inside `bounds` (the chart's frame and the window): above
 * the bars under it for upright bars, else below them or beside the bar; beyond the end of the bars
 * beside it for horizontal bars, else above or below. A stack is a column of bars, so "above the
 * bars under it" is above the whole stack. When every place covers a bar, the one covering least.
 */
export function placeTooltip(
  size: { width: number; height: number },
  anchor: Box,
  bars: readonly Box[],
  bounds: Box,
  horizontal: boolean,
): { left: number; top: number } {
  const { width, height } = size;
  const fitX = (left: number) => clamp(left, bounds.left, Math.max(bounds.left, bounds.right - width));
  const fitY = (top: number) => clamp(top, bounds.top, Math.max(bounds.top, bounds.bottom - height));
  const acrossX = (left: number) => bars.filter((b) => b.right > left && b.left < left + width);
  const acrossY = (top: number) => bars.filter((b) => b.bottom > top && b.top < top + height);
  const above = (left: number) => Math.min(anchor.top, ...acrossX(left).map((b) => b.top)) - GAP - height;
  const below = (left: number) => Math.max(anchor.bottom, ...acrossX(left).map((b) => b.bottom)) + GAP;
  const after = (top: number) => Math.max(anchor.right, ...acrossY(top).map((b) => b.right)) + GAP;
  const before = (top: number) => Math.min(anchor.left, ...acrossY(top).map((b) => b.left)) - GAP - width;

  const middleX = (anchor.left + anchor.right) / 2;
  const middleY = (anchor.top + anchor.bottom) / 2;
  // Horizontal starts: centred on the bar, then flush with either of its sides (clear of a taller
  // neighbour on the other side), then in every place across the bounds.
  const lefts = [
    middleX - width / 2,
    anchor.left,
    anchor.right - width,
    anchor.right + GAP,
    anchor.left - GAP - width,
  ];
  const tops = [middleY - height / 2, anchor.top, anchor.bottom - height];
  const step = Math.max(8, width / 4);
  for (let left = bounds.left; left + width <= bounds.right; left += step) lefts.push(left);
  const stepY = Math.max(8, height / 4);
  for (let top = bounds.top; top + height <= bounds.bottom; top += stepY) tops.push(top);

  const candidates: { left: number; top: number }[] = [];
  const vertical = () => {
    for (const left of lefts.map(fitX)) candidates.push({ left, top: above(left) });
    for (const left of lefts.map(fitX)) candidates.push({ left, top: below(left) });
  };
  const sideways = () => {
    for (const top of tops.map(fitY)) candidates.push({ left: after(top), top });
    for (const top of tops.map(fitY)) candidates.push({ left: before(top), top });
  };
  if (horizontal) {
    sideways();
    vertical();
  } else {
    vertical();
    sideways();
  }

  const inside = (c: { left: number; top: number }) =>
    c.left >= bounds.left - 0.5 &&
    c.top >= bounds.top - 0.5 &&
    c.left + width <= bounds.right + 0.5 &&
    c.top + height <= bounds.bottom + 0.5;
  const covered = (c: { left: number; top: number }) => {
    const box = { left: c.left, top: c.top, right: c.left + width, bottom: c.top + height };
    return [anchor, ...bars].reduce((sum, b) => sum + overlap(box, b), 0);
  };
  const clear = candidates.find((c) => inside(c) && covered(c) === 0);
  if (clear) return clear;
  // Nowhere clear (a tall bar in a crowded, short chart): inside the bounds, covering least, the
  // described bar above all.
  let best = { left: fitX(middleX - width / 2), top: fitY(above(fitX(middleX - width / 2))) };
  let bestCost = Infinity;
  for (const c of candidates) {
    const fitted = { left: fitX(c.left), top: fitY(c.top) };
    const box = {
      left: fitted.left,
      top: fitted.top,
      right: fitted.left + width,
      bottom: fitted.top + height,
    };
    const cost = covered(fitted) + 4 * overlap(box, anchor);
    if (cost < bestCost) {
      best = fitted;
      bestCost = cost;
    }
  }
  return best;
}

const boxOf = (rect: DOMRect): Box => ({
  left: rect.left,
  top: rect.top,
  right: rect.right,
  bottom: rect.bottom,
});

/**
 * A tooltip placed in the chart's (relatively positioned) frame, off the bar it describes, the
 * name of its row and the bars beside it, within the frame and the window. The place is worked out from the bars' boxes
 * on the page, the same for a bar under the pointer and a bar with keyboard focus.
 */
export function ChartTooltip({ tooltip }: { tooltip: TooltipState | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    const frame = element?.parentElement;
    if (!element || !frame || !tooltip) return;
    element.style.visibility = 'visible';
    if (!('target' in tooltip)) {
      // A little right of the point, as it always was: clear of the plot's value axis.
      element.style.left = `${tooltip.left + 12}px`;
      element.style.top = `${tooltip.top}px`;
      return;
    }
    const frameBox = frame.getBoundingClientRect();
    const svg = (tooltip.target as SVGElement).ownerSVGElement ?? frame;
    // Every drawn bar of the chart (a drawing not shown has empty boxes).
    // The name of the bar's row (a horizontal chart's, written over its bar on a phone) is kept
    // clear as a bar is: the tooltip would hide what the bar is.
    const name = tooltip.target.getAttribute('data-x');
    const names =
      name === null
        ? []
        : [...svg.querySelectorAll('.ps-category-label')].filter(
            (label) => label.getAttribute('data-category') === name,
          );
    const bars = [...svg.querySelectorAll('[data-bar-index]'), ...names]
      .filter((bar) => bar !== tooltip.target)
      .map((bar) => bar.getBoundingClientRect())
      .filter((rect) => rect.width > 0 || rect.height > 0)
      .map(boxOf);
    const view = document.documentElement;
    const bounds = {
      left: Math.max(frameBox.left, 0),
      top: Math.max(frameBox.top, 0),
      right: Math.min(frameBox.right, view.clientWidth),
      bottom: Math.min(frameBox.bottom, view.clientHeight),
    };
    const horizontal = svg.classList.contains('ps-horizontal');
    const at = placeTooltip(
      { width: element.offsetWidth, height: element.offsetHeight },
      boxOf(tooltip.target.getBoundingClientRect()),
      bars,
      bounds,
      horizontal,
    );
    element.style.left = `${Math.round(at.left - frameBox.left)}px`;
    element.style.top = `${Math.round(at.top - frameBox.top)}px`;
  }, [tooltip]);
  if (!tooltip) return null;
  return (
    // Hidden until placed: its size is only known once it is drawn.
    <div ref={ref} className="ps-tooltip" role="tooltip" style={{ left: 0, top: 0, visibility: 'hidden' }}>
      {tooltip.content}
    </div>
  );
}
