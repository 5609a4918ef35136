import type { ReactNode } from 'react';

/** Why a chart draws nothing: no data at all, or every series hidden by the visitor. */
export type ChartStateKind = 'no-data' | 'all-hidden';

/** A message in place of the drawing, so that an empty chart never shows axes with nothing on them. */
export function ChartState({ state, children }: { state: ChartStateKind; children: ReactNode }) {
  return (
    <p className="ps-chart-state" role="status" data-state={state}>
      {children}
    </p>
  );
}

/** The message of a chart whose answer has no counts. */
export const NO_DATA_MESSAGE = 'The search service has no data for this chart.';
