import { useSyncExternalStore } from 'react';
import { wrapText } from '../export/svg.ts';
import { isServerMarkup, onHydrationEnd } from '../ssr/server-markup.ts';

/** Size in px of every text the charts draw (tick labels, category names, bin labels). */
export const CHART_FONT_SIZE = 12;
/** Height of one line of chart text. */
export const CHART_LINE = 15;

let context: CanvasRenderingContext2D | null | undefined;
let family: string | undefined;

/*
 * Advance widths of the printable ASCII characters (space to tilde) in thousandths of an em, those
 * of Arial and Liberation Sans, which the usual interface fonts come close to. Text measured on the
 * server, and while its markup hydrates, is measured with them: the browser's first render has to
 * give the markup the server gave, before the browser's own measures correct it.
 */
const ADVANCES = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Width of `text` from the table above (other characters as wide as a digit). */
function estimateTextWidth(text: string, fontSize: number = CHART_FONT_SIZE): number {
  let thousandths = 0;
  for (const char of text) thousandths += ADVANCES[(char.codePointAt(0) ?? 0) - 32] ?? 556;
  return (thousandths * fontSize) / 1000;
}

/**
 * Width in px of `text` at `fontSize` px in the interface font, from the browser's font metrics;
 * from the table of advances on the server, while server markup hydrates, and where there is no
 * canvas (unit tests). Layout needs it before anything is drawn.
 */
export function measureText(text: string, fontSize: number = CHART_FONT_SIZE): number {
  if (isServerMarkup()) return estimateTextWidth(text, fontSize);
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  if (!context) return estimateTextWidth(text, fontSize);
  family ??= getComputedStyle(document.querySelector('.ps-app') ?? document.body).fontFamily || 'sans-serif';
  context.font = `${fontSize}px ${family}`;
  return context.measureText(text).width;
}

/**
 * Which measures text is laid out with: 'estimate' while server markup is drawn, then 'browser'. A
 * chart that lays out text calls it so that it is drawn again with the browser's measures once the
 * page has hydrated.
 */
export function useTextMeasures(): 'estimate' | 'browser' {
  return useSyncExternalStore(
    onHydrationEnd,
    () => (isServerMarkup() ? 'estimate' : 'browser'),
    () => 'estimate',
  );
}

/** A label broken into lines of at most `width` px at spaces (a longer word keeps its own line). */
export function wrapLabel(label: string, width: number): string[] {
  return wrapText(label, width, CHART_FONT_SIZE, measureText);
}

/** Width of the widest word of `label`: a label column is never narrower. */
export function widestWord(label: string): number {
  return Math.max(0, ...label.split(/\s+/).map((word) => measureText(word)));
}
