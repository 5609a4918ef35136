/**
 * WCAG 2.x contrast of chart colours against the page background. Bars and legend swatches are
 * graphical objects, for which WCAG 2.1 (success criterion 1.4.11, non-text contrast) asks for at
 * least 3:1.
 * @see https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
 */
const MIN_GRAPHIC_CONTRAST = 3;

/** The page background the charts are drawn on. */
const CHART_BACKGROUND = '#ffffff';

/**
 * Red, green, blue (0..255) and alpha (0..1) of a hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa), the
 * only form the palettes hold. Parsed here rather than with colord, which would add 2 KB to every
 * chart page. Anything else reads as black.
 */
export function hexChannels(color: string): { r: number; g: number; b: number; a: number } {
  let hex = color.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) return { r: 0, g: 0, b: 0, a: 1 };
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  const at = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return { r: at(0), g: at(2), b: at(4), a: hex.length === 8 ? at(6) / 255 : 1 };
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * Relative luminance (0 = black, 1 = white) of an opaque colour. A translucent colour is first
 * composited over `background`, as the browser paints it.
 */
export function relativeLuminance(color: string, background: string = CHART_BACKGROUND): number {
  const { r, g, b, a } = hexChannels(color);
  const under = hexChannels(background);
  const mix = (top: number, bottom: number) => top * a + bottom * (1 - a);
  return (
    0.2126 * linear(mix(r, under.r)) + 0.7152 * linear(mix(g, under.g)) + 0.0722 * linear(mix(b, under.b))
  );
}

/** Contrast ratio (1 to 21) of `color` against `background`. */
export function contrastRatio(color: string, background: string = CHART_BACKGROUND): number {
  const l1 = relativeLuminance(color, background);
  const l2 = relativeLuminance(background, background);
  const [light, dark] = l1 > l2 ? [l1, l2] : [l2, l1];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether a chart colour stands out enough from the background (at least 3:1). */
export function hasGraphicContrast(color: string, background: string = CHART_BACKGROUND): boolean {
  return contrastRatio(color, background) >= MIN_GRAPHIC_CONTRAST;
}

/** Why a chart colour is hard to see on the white page, or undefined when it has at least 3:1. */
export function contrastWarning(color: string, background: string = CHART_BACKGROUND): string | undefined {
  const ratio = contrastRatio(color, background);
  if (ratio >= MIN_GRAPHIC_CONTRAST) return undefined;
  return `Low contrast: ${color} has ${ratio.toFixed(2)}:1 against the white background (at least ${MIN_GRAPHIC_CONTRAST}:1 is needed), so its bars are hard to see.`;
}
