import { wrapText } from '../export/svg.ts';

/** Size in px of every text the charts draw (tick labels, category names, bin labels). */
export const CHART_FONT_SIZE = 12;
/** Height of one line of chart text. */
export const CHART_LINE = 15;

let context: CanvasRenderingContext2D | null | undefined;
let family: string | undefined;

/**
 * Width in px of `text` at `fontSize` px in the interface font, from the browser's font metrics; an
 * average glyph width where there is no canvas (unit tests). Layout needs it before anything is drawn.
 */
export function measureText(text: string, fontSize: number = CHART_FONT_SIZE): number {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  if (!context) return text.length * fontSize * 0.6;
  family ??= getComputedStyle(document.querySelector('.ps-app') ?? document.body).fontFamily || 'sans-serif';
  context.font = `${fontSize}px ${family}`;
  return context.measureText(text).width;
}

/** A label broken into lines of at most `width` px at spaces (a longer word keeps its own line). */
export function wrapLabel(label: string, width: number): string[] {
  return wrapText(label, width, CHART_FONT_SIZE, measureText);
}

/** Width of the widest word of `label`: a label column is never narrower. */
export function widestWord(label: string): number {
  return Math.max(0, ...label.split(/\s+/).map((word) => measureText(word)));
}
