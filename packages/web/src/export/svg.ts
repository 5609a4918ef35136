import type { LegendEntry } from './types.ts';

/** The drawn chart, serialized: a standalone `<svg>` element and its size in px. */
export interface ChartMarkup {
  markup: string;
  width: number;
  height: number;
}

/** What the exported image shows around the chart. */
export interface SvgParts {
  chart: ChartMarkup;
  title: string;
  /** The line under the title: what is counted, over which span (cumulative or annual). */
  subtitle: string;
  legend: readonly LegendEntry[];
  xAxisTitle: string;
  yAxisTitle: string;
  /** Lines under the legend: source and address of the chart page, data date, licence. */
  caption: readonly string[];
  /** Width of text in px; a browser measures it, elsewhere it is estimated. */
  measure?: TextMeasure;
}

/** Width in px of `text` at `fontSize` px in the export's font, of `weight` (400 when absent). */
export type TextMeasure = (text: string, fontSize: number, weight?: number) => number;

export interface ComposedSvg {
  svg: string;
  width: number;
  height: number;
}

const PAD = 16;
export const EXPORT_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const TEXT = '#1d2733';
const MUTED = '#4d5866';
const TITLE_SIZE = 18;
const TITLE_WEIGHT = 600;
const SUBTITLE_SIZE = 13;
const AXIS_SIZE = 12;
const LEGEND_SIZE = 12;
const CAPTION_SIZE = 11;
/** Room left of the chart for the rotated value-axis title. */
const Y_TITLE_STRIP = 24;

/** Text and attribute values in SVG/XML. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A rough width of text in px: no font metrics outside a browser, so an average glyph width. */
export function textWidth(text: string, fontSize: number, weight = 400): number {
  return text.length * fontSize * (weight >= 600 ? 0.62 : 0.58);
}

/** Pieces of a word, each at most `width` px: a long address is cut anywhere rather than run past the edge. */
function cutWord(word: string, width: number, fontSize: number, measure: TextMeasure, weight?: number) {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && measure(piece + char, fontSize, weight) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Breaks text into lines of at most `width` px, at spaces; a word wider than a line is cut. */
export function wrapText(
  text: string,
  width: number,
  fontSize: number,
  measure: TextMeasure = textWidth,
  weight?: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) =>
      measure(word, fontSize, weight) > width ? cutWord(word, width, fontSize, measure, weight) : [word],
    );
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, fontSize, weight) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function text(x: number, y: number, size: number, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}"${extra}>${escapeXml(content)}</text>`;
}

/**
 * The exported image: a white page with the title and subtitle on top, the chart with an axis title on
 * each axis, then its legend and a caption naming the source, the chart's page, the date the data are
 * as of and their licence. The chart's own
 * axis titles must already be removed from `chart.markup`; they are drawn here so that every export
 * has them whatever the chart draws.
 */
export function composeChartSvg(parts: SvgParts): ComposedSvg {
  const { chart, measure = textWidth } = parts;
  const chartX = PAD + Y_TITLE_STRIP;
  const width = Math.round(chartX + chart.width + PAD);
  const inner = width - 2 * PAD;
  const out: string[] = [];

  let y = PAD;
  // Measured in its own weight: bold glyphs are wider, and a line measured regular ran past the edge.
  const titleLines = wrapText(parts.title, inner, TITLE_SIZE, measure, TITLE_WEIGHT);
  out.push(`<g class="ps-export-title" font-weight="${TITLE_WEIGHT}">`);
  for (const line of titleLines) {
    y += TITLE_SIZE + 4;
    out.push(text(PAD, y, TITLE_SIZE, line));
  }
  out.push('</g>');
  // The subtitle tells a cumulative chart from an annual one, and what is counted.
  out.push(`<g class="ps-export-subtitle" fill="${MUTED}">`);
  for (const line of wrapText(parts.subtitle, inner, SUBTITLE_SIZE, measure)) {
    y += SUBTITLE_SIZE + 5;
    out.push(text(PAD, y, SUBTITLE_SIZE, line));
  }
  out.push('</g>');

  const chartY = y + 12;
  out.push(`<g transform="translate(${chartX},${chartY})">${chart.markup}</g>`);
  const middleY = chartY + chart.height / 2;
  const yTitleX = PAD + AXIS_SIZE;
  out.push(
    text(
      yTitleX,
      middleY,
      AXIS_SIZE,
      parts.yAxisTitle,
      ` class="ps-export-axis-title ps-export-y-title" text-anchor="middle" fill="${MUTED}" transform="rotate(-90 ${yTitleX} ${middleY})"`,
    ),
  );
  y = chartY + chart.height + AXIS_SIZE + 10;
  out.push(
    text(
      chartX + chart.width / 2,
      y,
      AXIS_SIZE,
      parts.xAxisTitle,
      ` class="ps-export-axis-title ps-export-x-title" text-anchor="middle" fill="${MUTED}"`,
    ),
  );

  // Legend: swatch and label per entry, wrapped into rows.
  out.push('<g class="ps-export-legend">');
  let x = PAD;
  y += 14;
  for (const entry of parts.legend) {
    const itemWidth = 16 + measure(entry.label, LEGEND_SIZE) + 18;
    if (x > PAD && x + itemWidth > width - PAD) {
      x = PAD;
      y += LEGEND_SIZE + 8;
    }
    out.push(
      `<g class="ps-export-legend-item"><rect x="${x}" y="${y}" width="12" height="12" rx="2" fill="${escapeXml(entry.color)}"/>` +
        text(x + 16, y + 10, LEGEND_SIZE, entry.label) +
        '</g>',
    );
    x += itemWidth;
  }
  out.push('</g>');
  y += LEGEND_SIZE + 6;

  out.push(`<g class="ps-export-caption" fill="${MUTED}">`);
  for (const line of parts.caption.flatMap((sentence) => wrapText(sentence, inner, CAPTION_SIZE, measure))) {
    y += CAPTION_SIZE + 4;
    out.push(text(PAD, y, CAPTION_SIZE, line));
  }
  out.push('</g>');
  const height = Math.round(y + PAD);

  const svg =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" font-family="${escapeXml(EXPORT_FONT)}" fill="${TEXT}">` +
    `<title>${escapeXml(parts.title)}</title>` +
    `<desc>${escapeXml([parts.subtitle, ...parts.caption].join(' '))}</desc>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${out.join('')}</svg>\n`;
  return { svg, width, height };
}
