import { CHART_LINE, wrapLabel } from './text-measure.ts';
import { px } from './svg-number.ts';

/**
 * An axis title under a horizontal axis, centred on it and wrapped to its width (a long title on a
 * phone would otherwise run past the chart). `y` is the baseline of its first line.
 */
export function BottomAxisTitle({ title, width, y }: { title: string; width: number; y: number }) {
  const lines = wrapLabel(title, width);
  return (
    <text className="ps-axis-label" x={px(width / 2)} y={px(y)} textAnchor="middle">
      {lines.map((line, i) => (
        <tspan key={i} x={px(width / 2)} dy={i === 0 ? 0 : CHART_LINE}>
          {i < lines.length - 1 ? `${line} ` : line}
        </tspan>
      ))}
    </text>
  );
}

/** Lines a bottom axis title takes at `width` px. */
export function bottomTitleLines(title: string, width: number): number {
  return wrapLabel(title, width).length;
}
