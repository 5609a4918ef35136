import {
  MEASURES,
  type ChartDefinition,
  type ChartView,
  type Measure,
  type ResolvedChart,
} from '@pdb-stats/charts';
import type { ReactNode } from 'react';
import { useModal } from '../modals/modal-context.tsx';
import { ScaleControl } from '../settings/scale-control.tsx';
import type { ChartScale } from '../settings/settings-state.ts';

const VIEW_LABELS: Record<ChartView, string> = {
  cumulative: 'Cumulative',
  annual: 'Annual',
  quartiles: 'Median & quartiles',
  shares: 'Shares by bin',
};
const MEASURE_LABELS: Record<Measure, string> = { count: 'Counts', percent: 'Percent' };

/** Where the controls are: before the chart (wide screens) or under it (phones). */
export type ToolbarPlacement = 'lead' | 'under';

export interface ChartToolbarProps {
  placement: ToolbarPlacement;
  definition: ChartDefinition;
  resolved: ResolvedChart;
  /** Whether there is a chart to draw (the archive holds its attributes). */
  drawable: boolean;
  /** The views of the chart's kind (none: no switch). */
  views: readonly ChartView[];
  view: ChartView;
  onView: (view: ChartView) => void;
  onVariant: (value: string) => void;
  scale: ChartScale;
  onScale: (scale: ChartScale) => void;
  /** Counts or percent of each cohort, when cohorts are compared. */
  measure?: Measure;
  onMeasure?: (measure: Measure) => void;
  /** The "Download & share" menu. */
  menu: ReactNode;
}

/**
 * The options of a chart page on one row: first what the chart shows (data view, variant, scale),
 * then, apart, what to do with it (about, download and share).
 */
export function ChartToolbar(props: ChartToolbarProps) {
  const { definition, resolved, drawable } = props;
  const { openModal } = useModal();
  return (
    <div className={`ps-toolbar ps-toolbar-${props.placement}`} role="toolbar" aria-label="Chart options">
      <div className="ps-toolbar-view">
        {drawable && props.views.length > 0 && (
          <div className="ps-segmented" role="group" aria-label="Data view">
            {props.views.map((view) => (
              <button
                key={view}
                type="button"
                className="ps-button"
                aria-pressed={props.view === view}
                onClick={() => props.onView(view)}
              >
                {VIEW_LABELS[view]}
              </button>
            ))}
          </div>
        )}
        {drawable && props.measure && (
          <div className="ps-segmented" role="group" aria-label="Measure">
            {MEASURES.map((measure) => (
              <button
                key={measure}
                type="button"
                className="ps-button"
                aria-pressed={props.measure === measure}
                onClick={() => props.onMeasure?.(measure)}
              >
                {MEASURE_LABELS[measure]}
              </button>
            ))}
          </div>
        )}
        {definition.variants && (
          <label className="ps-variant">
            {definition.variants.label}{' '}
            <select value={resolved.variant} onChange={(event) => props.onVariant(event.target.value)}>
              {definition.variants.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* A trend chart's values and shares are not counts: they keep their linear axis. */}
        {drawable && definition.kind !== 'trend' && (
          <ScaleControl scale={props.scale} onChange={props.onScale} />
        )}
      </div>
      <div className="ps-toolbar-actions">
        <button
          type="button"
          className="ps-button"
          onClick={() => openModal('information', { chartKey: definition.key, title: resolved.title })}
        >
          About this chart
        </button>
        {drawable && props.menu}
      </div>
    </div>
  );
}
