import { DATA_VIEWS, type ChartDefinition, type DataView, type ResolvedChart } from '@pdb-stats/charts';
import type { ReactNode } from 'react';
import { useModal } from '../modals/modal-context.tsx';
import { ScaleControl } from '../settings/scale-control.tsx';
import type { ChartScale } from '../settings/settings-state.ts';

const VIEW_LABELS: Record<DataView, string> = { cumulative: 'Cumulative', annual: 'Annual' };

export interface ChartToolbarProps {
  definition: ChartDefinition;
  resolved: ResolvedChart;
  /** Whether there is a chart to draw (the archive holds its attributes). */
  drawable: boolean;
  /** Whether the chart's kind has data views. */
  hasViews: boolean;
  view: DataView;
  onView: (view: DataView) => void;
  onVariant: (value: string) => void;
  scale: ChartScale;
  onScale: (scale: ChartScale) => void;
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
    <div className="ps-toolbar" role="toolbar" aria-label="Chart options">
      <div className="ps-toolbar-view">
        {drawable && props.hasViews && (
          <div className="ps-segmented" role="group" aria-label="Data view">
            {DATA_VIEWS.map((view) => (
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
        {drawable && <ScaleControl scale={props.scale} onChange={props.onScale} />}
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
