/**
 * How colours look to eyes with a colour-vision deficiency, and how far apart two colours look: the
 * check that a chart's colours stay told apart by everyone. Simulation by the matrices of Machado,
 * Oliveira and Fernandes (2009) at full severity, applied to linear RGB; distance as CIEDE2000 in CIELAB.
 */

export type ColorVision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

type Matrix = readonly [number, number, number, number, number, number, number, number, number];

const MACHADO: Record<Exclude<ColorVision, 'normal'>, Matrix> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function linearRgb(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255));
  return [r!, g!, b!];
}

/** A colour as seen with `vision`, in linear RGB (0..1). */
export function simulate(hex: string, vision: ColorVision): [number, number, number] {
  const rgb = linearRgb(hex);
  if (vision === 'normal') return rgb;
  const m = MACHADO[vision];
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clamp(m[0] * rgb[0] + m[1] * rgb[1] + m[2] * rgb[2]),
    clamp(m[3] * rgb[0] + m[4] * rgb[1] + m[5] * rgb[2]),
    clamp(m[6] * rgb[0] + m[7] * rgb[1] + m[8] * rgb[2]),
  ];
}

/** Linear RGB to CIELAB (D65). */
export function lab([r, g, b]: [number, number, number]): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference of two CIELAB colours. */
function ciede2000([l1, a1, b1]: [number, number, number], [l2, a2, b2]: [number, number, number]): number {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cMean = (c1 + c2) / 2;
  const g = 0.5 * (1 - Math.sqrt(cMean ** 7 / (cMean ** 7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1p = hue(a1p, b1);
  const h2p = hue(a2p, b2);
  const dL = l2 - l1;
  const dC = c2p - c1p;
  let dh = h2p - h1p;
  if (c1p * c2p === 0) dh = 0;
  else if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin((dh / 2) * rad);
  const lMean = (l1 + l2) / 2;
  const cMeanP = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hMean += h1p + h2p < 360 ? 360 : -360;
    hMean /= 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hMean - 30) * rad) +
    0.24 * Math.cos(2 * hMean * rad) +
    0.32 * Math.cos((3 * hMean + 6) * rad) -
    0.2 * Math.cos((4 * hMean - 63) * rad);
  const sl = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sc = 1 + 0.045 * cMeanP;
  const sh = 1 + 0.015 * cMeanP * t;
  const rt =
    -2 *
    Math.sqrt(cMeanP ** 7 / (cMeanP ** 7 + 25 ** 7)) *
    Math.sin(60 * Math.exp(-(((hMean - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
}

/** How far apart two colours look with `vision` (CIEDE2000; about 1 is the least difference seen). */
export function colorDistance(a: string, b: string, vision: ColorVision = 'normal'): number {
  return ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)));
}

/** The two colours of a set that look closest with `vision`, and their distance. */
export function closestPair(colors: readonly string[], vision: ColorVision) {
  let closest = { a: '', b: '', distance: Infinity };
  colors.forEach((a, i) =>
    colors.slice(i + 1).forEach((b) => {
      const distance = colorDistance(a, b, vision);
      if (distance < closest.distance) closest = { a, b, distance };
    }),
  );
  return closest;
}

/**
 * The least CIEDE2000 distance two colours of one chart must keep, with every colour vision. About
 * 1 is the least difference seen side by side; small marks and a legend need far more. Measured: the
 * default (Okabe–Ito) set keeps 10.9 (vermilion and orange to a tritanope), the muted set 11.6.
 */
export const LEAST_DISTANCE = 10;

const VISION_WORDS: Record<ColorVision, string> = {
  normal: 'anyone',
  protanopia: 'people without red cones (protanopia)',
  deuteranopia: 'people without green cones (deuteranopia, the most common colour blindness)',
  tritanopia: 'people without blue cones (tritanopia)',
};

/** Two colours of a palette (by index, -1 for the grey of "Other") that look alike, and to whom. */
export interface LookAlike {
  a: number;
  b: number;
  vision: ColorVision;
  distance: number;
}

/**
 * The pair of a palette's colours, with the grey every chart gives "Other" (`other`), that looks
 * the most alike to everyone, else with a colour-vision deficiency, when closer than LEAST_DISTANCE; undefined when every pair
 * is told apart. `colors` are `#rrggbb` or `#rrggbbaa` (seen over the white page).
 */
export function lookAlikeColors(colors: readonly string[], other: string): LookAlike | undefined {
  const opaque = [...colors, other].map(overWhite);
  // Alike to everyone is said so, before the pairs only some eyes confuse.
  for (const visions of [['normal'], ['protanopia', 'deuteranopia', 'tritanopia']] as const) {
    let worst: LookAlike | undefined;
    for (const vision of visions)
      opaque.forEach((a, i) =>
        opaque.slice(i + 1).forEach((b, k) => {
          const distance = colorDistance(a, b, vision);
          if (distance < LEAST_DISTANCE && (!worst || distance < worst.distance)) {
            const j = i + 1 + k;
            worst = { a: i, b: j === colors.length ? -1 : j, vision, distance };
          }
        }),
      );
    if (worst) return worst;
  }
  return undefined;
}

/** The sentence that says which colours look alike and to whom. */
export function lookAlikeText(pair: LookAlike): string {
  const name = (index: number) => (index < 0 ? 'the grey of “Other”' : `colour ${index + 1}`);
  return (
    `${name(pair.a)[0]!.toUpperCase()}${name(pair.a).slice(1)} and ${name(pair.b)} look alike to ` +
    `${VISION_WORDS[pair.vision]}: charts drawn in this scheme are not colour-blind safe. ` +
    'Change one of them, or choose the Default or Color Blind Friendly scheme.'
  );
}

/** A colour of 3, 4, 6 or 8 hex digits as `#rrggbb`, its transparency mixed with the white page. */
function overWhite(hex: string): string {
  const digits = hex.replace('#', '');
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  const alpha = full.length === 8 ? parseInt(full.slice(6, 8), 16) / 255 : 1;
  const channels = [0, 2, 4].map((i) =>
    Math.round(parseInt(full.slice(i, i + 2), 16) * alpha + 255 * (1 - alpha)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
