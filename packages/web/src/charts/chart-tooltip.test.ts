import { describe, expect, it } from 'vitest';
import { placeTooltip, type Box } from './chart-tooltip.tsx';

const size = { width: 120, height: 40 };
const bounds: Box = { left: 0, top: 0, right: 800, bottom: 400 };
/** An upright bar of column `i` (40 px wide, 10 px apart) from the baseline at 350 up to `top`. */
const upright = (i: number, top: number, bottom = 350): Box => ({
  left: 50 * i,
  top,
  right: 50 * i + 40,
  bottom,
});
const boxAt = (at: { left: number; top: number }): Box => ({
  ...at,
  right: at.left + size.width,
  bottom: at.top + size.height,
});
const covers = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const within = (a: Box, b: Box) =>
  a.left >= b.left && a.top >= b.top && a.right <= b.right && a.bottom <= b.bottom;

describe(placeTooltip.name, () => {
  it('goes above an upright bar, clear of its taller neighbours', () => {
    const bars = [upright(3, 100), upright(5, 60), upright(6, 300)];
    const anchor = upright(4, 200);
    const placed = boxAt(placeTooltip(size, anchor, bars, bounds, false));
    expect(placed.bottom).toBeLessThanOrEqual(anchor.top);
    for (const bar of [anchor, ...bars]) expect(covers(placed, bar)).toBe(false);
    expect(within(placed, bounds)).toBe(true);
  });

  it('goes above the whole stack of a stacked segment', () => {
    const top = upright(4, 120, 200);
    const anchor = upright(4, 200);
    const placed = boxAt(placeTooltip(size, anchor, [top], bounds, false));
    expect(placed.bottom).toBeLessThanOrEqual(top.top);
  });

  it('goes below or beside a bar that reaches the top, inside the bounds', () => {
    const anchor = upright(4, 5, 300);
    const bars = [upright(3, 10, 300), upright(5, 20, 300)];
    const placed = boxAt(placeTooltip(size, anchor, bars, bounds, false));
    expect(within(placed, bounds)).toBe(true);
    for (const bar of [anchor, ...bars]) expect(covers(placed, bar)).toBe(false);
  });

  it("goes beyond a horizontal bar's end", () => {
    const anchor = { left: 100, top: 100, right: 300, bottom: 120 };
    const bars = [
      { left: 100, top: 76, right: 500, bottom: 96 },
      { left: 100, top: 124, right: 250, bottom: 144 },
    ];
    const placed = boxAt(placeTooltip(size, anchor, bars, bounds, true));
    expect(placed.left).toBeGreaterThanOrEqual(anchor.right);
    for (const bar of [anchor, ...bars]) expect(covers(placed, bar)).toBe(false);
  });

  it('stays inside narrow bounds by the right edge', () => {
    const narrow = { left: 0, top: 0, right: 343, bottom: 400 };
    const anchor = { left: 330, top: 200, right: 340, bottom: 350 };
    const placed = boxAt(placeTooltip(size, anchor, [], narrow, false));
    expect(within(placed, narrow)).toBe(true);
    expect(covers(placed, anchor)).toBe(false);
  });
});
