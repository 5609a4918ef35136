import { LEAST_DISTANCE, colorDistance, lab, simulate, type ColorVision } from './color-vision.ts';
import { sequentialColors } from './colors.ts';

const VISIONS: readonly ColorVision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

/** The least distance between neighbours of `colors`, with every colour vision (CIEDE2000). */
export function leastNeighbourDistance(colors: readonly string[]): number {
  let least = Infinity;
  for (const vision of VISIONS)
    for (let i = 1; i < colors.length; i++)
      least = Math.min(least, colorDistance(colors[i - 1]!, colors[i]!, vision));
  return least;
}

const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** A CIELAB (D65) colour as `#rrggbb`, clipped to what a screen shows. */
function labHex([l, a, b]: readonly [number, number, number]): string {
  const fy = (l + 16) / 116;
  const inverse = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));
  const [x, y, z] = [inverse(fy + a / 500) * 0.95047, inverse(fy), inverse(fy - b / 200) * 1.08883];
  const rgb = [
    3.2406 * x - 1.5372 * y - 0.4986 * z,
    -0.9689 * x + 1.8758 * y + 0.0415 * z,
    0.0557 * x - 0.204 * y + 1.057 * z,
  ];
  const byte = (c: number) => Math.round(Math.min(1, Math.max(0, fromLinear(c))) * 255);
  return `#${rgb.map((c) => byte(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The ramp with every second colour moved `shift` in lightness (CIELAB L*), towards the middle: up
 * in the dark half, down in the light half, so that neighbours differ in lightness, which every
 * eye sees, while the hue still runs along the ramp.
 */
function alternated(ramp: readonly string[], shift: number): string[] {
  return ramp.map((hex, i) => {
    if (i % 2 === 0) return hex;
    const [l, a, b] = lab(simulate(hex, 'normal'));
    return labHex([l < 55 ? l + shift : l - shift, a, b]);
  });
}

/** The lightness shifts tried, smallest first: the least that parts every neighbour is taken. */
const SHIFTS = [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36];

const made = new Map<number, string[]>();

/**
 * `count` colours for ordered bins stacked on one another (a trend's shares): viridis, lowest
 * darkest, while its neighbouring steps stay LEAST_DISTANCE apart for every colour vision (up to 5
 * bins). Past that, 20 bins along one ramp differ by 1.7 (CIEDE2000, to eyes without red cones)
 * and cannot be told apart: every second bin then takes another lightness, the least shift that
 * keeps each neighbour LEAST_DISTANCE apart (measured: 20 bins 10.9 with a shift of 20).
 */
export function binColors(count: number): string[] {
  const kept = made.get(count);
  if (kept) return kept;
  const ramp = sequentialColors(count);
  let best = { colors: ramp, distance: leastNeighbourDistance(ramp) };
  for (const shift of best.distance >= LEAST_DISTANCE ? [] : SHIFTS) {
    const colors = alternated(ramp, shift);
    const distance = leastNeighbourDistance(colors);
    if (distance > best.distance) best = { colors, distance };
    if (distance >= LEAST_DISTANCE) break;
  }
  // A chart has tens of bins at most; a count from a hostile address is not kept.
  if (count <= 100) made.set(count, best.colors);
  return best.colors;
}
