import type { ReactNode } from 'react';

export interface TooltipState {
  left: number;
  top: number;
  content: ReactNode;
}

/** A tooltip placed in the chart's (relatively positioned) frame, kept inside its width. */
export function ChartTooltip({ tooltip, width }: { tooltip: TooltipState | null; width: number }) {
  if (!tooltip) return null;
  const flip = tooltip.left > width * 0.6;
  return (
    <div
      className="ps-tooltip"
      role="tooltip"
      style={{
        top: tooltip.top,
        ...(flip ? { right: width - tooltip.left + 12 } : { left: tooltip.left + 12 }),
      }}
    >
      {tooltip.content}
    </div>
  );
}
