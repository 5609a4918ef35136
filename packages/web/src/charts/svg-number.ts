/**
 * A coordinate as it is written into a chart's SVG: rounded to the hundredth of a pixel, far below
 * what a screen or a print shows. Laid out from scales, a coordinate has up to 17 digits
 * ("353.98314285714287"); written as is, a page's two drawings of a growth chart by method weigh a
 * hundred kilobytes more than they need to.
 */
export function px(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  // No "-0" in the markup.
  return rounded === 0 ? 0 : rounded;
}

/** `translate(x, y)` with both rounded by `px`. */
export function translate(x: number, y: number): string {
  return `translate(${px(x)}, ${px(y)})`;
}
