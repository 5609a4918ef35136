/** Colour schemes of the charts and the rules of colour editing. */

export const COLOR_SCHEME_NAMES = ['default', 'achromatic', 'custom'] as const;
export type ColorSchemeName = (typeof COLOR_SCHEME_NAMES)[number];

/** Each palette holds 8 colours; series i gets colour i mod 8. */
export const PALETTE_SIZE = 8;

/** How a scheme is shown to visitors; the achromatic scheme is 'Color Blind Friendly'. */
export const COLOR_SCHEME_LABELS: Record<ColorSchemeName, string> = {
  default: 'Default',
  achromatic: 'Color Blind Friendly',
  custom: 'Custom',
};

/**
 * The palettes. `default` is the Okabe–Ito colour-blind-safe set in the order of the existing app.
 * The existing app's 'Color Blind Friendly' set was not colour-blind safe, so ours is
 * Paul Tol's "muted" set (https://personal.sron.nl/~pault/), also safe for colour-vision deficiencies
 * and clearly different from the default. `custom` starts from the existing app's custom colours.
 */
export const COLOR_SCHEMES: Record<ColorSchemeName, readonly string[]> = {
  default: ['#56b4e9', '#009e73', '#d55e00', '#f0e442', '#cc79a7', '#e69f00', '#0072b2', '#000000'],
  achromatic: ['#332288', '#88ccee', '#44aa99', '#117733', '#999933', '#ddcc77', '#cc6677', '#882255'],
  custom: ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#ff00ff', '#00ffff', '#8b0000', '#006400'],
};

export function isColorSchemeName(value: unknown): value is ColorSchemeName {
  return typeof value === 'string' && (COLOR_SCHEME_NAMES as readonly string[]).includes(value);
}

/** Colour of series `index`. */
export function seriesColor(palette: readonly string[], index: number): string {
  return palette[((index % palette.length) + palette.length) % palette.length] ?? '#000000';
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Colour input: hex with or without a leading '#', accepted only if it is a valid colour
 * (3, 4, 6 or 8 hex digits). Returns the colour as lowercase `#rrggbb…`, or undefined.
 */
export function parseHexInput(text: string): string | undefined {
  const trimmed = text.trim();
  const hex = trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return HEX.test(hex) ? hex.toLowerCase() : undefined;
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

/** Alpha is clamped to 0..1. */
export function clampAlpha(alpha: number): number {
  return Math.min(1, Math.max(0, finiteOr(alpha, 1)));
}

/** The hex-only picker takes alpha as 0..100. */
export function alphaFromPercent(percent: number): number {
  return clampAlpha(finiteOr(percent, 100) / 100);
}

/** Red, green and blue range from 0 to 255. */
export function clampChannel(value: number): number {
  return Math.round(Math.min(255, Math.max(0, finiteOr(value, 0))));
}

/**
 * Why an edit of custom colour `index` is refused, or undefined when it is allowed: only the custom
 * scheme can be edited, and only its colours 0..7.
 */
export function customColorEditError(
  schemeName: string,
  index: number,
  size: number = PALETTE_SIZE,
): string | undefined {
  if (schemeName !== 'custom')
    return `Colors can only be edited in the custom scheme (current: ${schemeName})`;
  if (!Number.isInteger(index) || index < 0 || index >= size)
    return `Color index ${index} is out of range (0 to ${size - 1})`;
  return undefined;
}

/** Stops of the viridis colour map, dark to light: ordered, readable in grey and by colour-blind eyes. */
const VIRIDIS = [
  '#440154',
  '#472c7a',
  '#3b518b',
  '#2c718e',
  '#21908d',
  '#27ad81',
  '#5cc863',
  '#aadc32',
  '#fde725',
];

/**
 * `count` colours in order along viridis, for ordered series (numeric bins, lowest darkest), where a
 * palette of eight that repeats would give neighbouring bins unrelated or equal colours.
 */
export function sequentialColors(count: number): string[] {
  const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return Array.from({ length: count }, (_, i) => {
    const at = count > 1 ? (i / (count - 1)) * (VIRIDIS.length - 1) : 0;
    const low = Math.floor(at);
    const high = Math.min(VIRIDIS.length - 1, low + 1);
    const [a, b] = [channels(VIRIDIS[low]!), channels(VIRIDIS[high]!)];
    const mixed = a.map((c, k) => Math.round(c + (b[k]! - c) * (at - low)));
    return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  });
}

/**
 * The colour of "Other" in every chart: a light grey that no palette holds, so that what is no value
 * of its own never looks like one; light, as Paul Tol's schemes draw what is not data, since a mid
 * grey looks like the muted palette's teal and rose to eyes without red or green cones (the
 * colour-vision test checks every palette with it).
 */
export const OTHER_COLOR = '#c8c8c8';

/**
 * A series or bar that stands for what is left over: the archive's own "Other" value, the bar of
 * the values not drawn, or the smaller series merged together.
 */
export function isOtherSeries(label: string): boolean {
  return /^Other\b/.test(label);
}

/**
 * The colours of a chart's series, in their order: each its own palette colour, the "Other" series
 * grey. More series than the palette's colours would repeat one: `mergeSmallSeries` keeps them within.
 */
export function seriesColors(labels: readonly string[], palette: readonly string[]): string[] {
  let next = 0;
  return labels.map((label) => (isOtherSeries(label) ? OTHER_COLOR : seriesColor(palette, next++)));
}
