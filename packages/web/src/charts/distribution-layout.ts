import { TICK_SPACE } from './chart-axes.tsx';
import { bottomTitleLines } from './axis-title.tsx';
import { CHART_LINE, measureText, widestWord, wrapLabel } from './text-measure.ts';
import { NARROW_FRAME_BELOW } from './use-element-width.ts';

/**
 * Below this chart width (a phone) a category's name is written above its bar, across the chart: the
 * width below which a frame shows the phone's drawing until it is measured, so that the drawing it
 * shows then has the height and labels of the one drawn once measured.
 */
export const STACKED_LABELS_BELOW = NARROW_FRAME_BELOW;
/** Height of a column chart in a frame narrower than that. */
export const NARROW_HEIGHT = 360;
const BAR_THICKNESS = 18;
const STACKED_BAR_THICKNESS = 14;
/** Thickness of each bar of a group (cohorts side by side), wide and narrow. */
const GROUPED_BAR_THICKNESS = 11;

/** One row of a horizontal-bar chart: the category's name in lines, and where its bar and name sit. */
export interface Row {
  label: string;
  lines: string[];
  barTop: number;
  /** Baseline of the name's first line. */
  textY: number;
}

/**
 * Rows of a horizontal-bar chart, every name in full. On a wide chart the names sit in a column left
 * of the bars that is as wide as the longest name needs (at most 40 % of the chart, never narrower
 * than its longest word), wrapped onto more lines when longer; on a narrow one each name is written
 * above its bar, wrapped to the chart's width.
 */
export function horizontalRows(labels: readonly string[], width: number, bars: number) {
  const stacked = width < STACKED_LABELS_BELOW;
  // A group of bars is as thick as its bars side by side, with a pixel between them.
  const group = (one: number) => (bars > 1 ? bars * GROUPED_BAR_THICKNESS + (bars - 1) : one);
  const rows: Row[] = [];
  let y = 0;
  if (stacked) {
    const lineWidth = width - 8;
    for (const label of labels) {
      const lines = wrapLabel(label, lineWidth);
      const textY = y + CHART_LINE - 3;
      const barTop = y + lines.length * CHART_LINE + 2;
      rows.push({ label, lines, barTop, textY });
      y = barTop + group(STACKED_BAR_THICKNESS) + 10;
    }
    return { rows, column: 0, stacked, length: Math.max(0, y - 10), thickness: group(STACKED_BAR_THICKNESS) };
  }
  const widest = Math.max(0, ...labels.map((l) => measureText(l)));
  const longestWord = Math.max(0, ...labels.map(widestWord));
  const column = Math.ceil(Math.min(widest, Math.max(longestWord, width * 0.4))) + 1;
  for (const label of labels) {
    const lines = wrapLabel(label, column);
    const height = Math.max(group(BAR_THICKNESS) + 8, lines.length * CHART_LINE + 10);
    const centre = y + height / 2;
    rows.push({
      label,
      lines,
      barTop: centre - group(BAR_THICKNESS) / 2,
      textY: centre - ((lines.length - 1) * CHART_LINE) / 2,
    });
    y += height;
  }
  return { rows, column, stacked, length: y, thickness: group(BAR_THICKNESS) };
}

/** Margins and plot size of a horizontal-bar chart `width` wide, around its rows. */
export function horizontalLayout(
  rows: ReturnType<typeof horizontalRows>,
  width: number,
  valueLabelWidth: number,
  yAxisTitle: string,
) {
  const left = rows.stacked ? 2 : rows.column + 14;
  const right = Math.max(16, valueLabelWidth / 2 + 4);
  const innerWidth = Math.max(80, width - left - right);
  const bottom = TICK_SPACE + CHART_LINE + 12 + bottomTitleLines(yAxisTitle, innerWidth) * CHART_LINE;
  return { margin: { top: 28, left, right, bottom }, innerWidth, innerHeight: Math.max(1, rows.length) };
}
