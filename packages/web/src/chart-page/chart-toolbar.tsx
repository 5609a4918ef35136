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
import { ApplyButton, ParamForm } from './param-form.tsx';
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
  /** Whether its scope matches nothing: no bars, so no scale to offer. */
  empty?: boolean;
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
  /** The page's parameters: each switch is also a form that sends them, for pages read without scripts. */
  params: URLSearchParams;
  /** Files a page read without scripts downloads from the server (our own service only). */
  downloads?: { csv: string; json: string; png: string } | undefined;
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
          <ParamForm params={props.params} names={['view']}>
            <div className="ps-segmented" role="group" aria-label="Data view">
              {props.views.map((view) => (
                <button
                  key={view}
                  type="submit"
                  name="view"
                  value={view}
                  className="ps-button"
                  aria-pressed={props.view === view}
                  onClick={(event) => {
                    event.preventDefault();
                    props.onView(view);
                  }}
                >
                  {VIEW_LABELS[view]}
                </button>
              ))}
            </div>
          </ParamForm>
        )}
        {drawable && props.measure && (
          <ParamForm params={props.params} names={['measure']}>
            <div className="ps-segmented" role="group" aria-label="Measure">
              {MEASURES.map((measure) => (
                <button
                  key={measure}
                  type="submit"
                  name="measure"
                  value={measure}
                  className="ps-button"
                  aria-pressed={props.measure === measure}
                  onClick={(event) => {
                    event.preventDefault();
                    props.onMeasure?.(measure);
                  }}
                >
                  {MEASURE_LABELS[measure]}
                </button>
              ))}
            </div>
          </ParamForm>
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
        {drawable && !props.empty && definition.kind !== 'trend' && (
          <ParamForm params={props.params} names={['scale']}>
            <ScaleControl scale={props.scale} onChange={props.onScale} />
            <ApplyButton />
          </ParamForm>
        )}
      </div>
      <div className="ps-toolbar-actions">
        <button
          type="button"
          className="ps-button ps-about"
          onClick={() => openModal('information', { chartKey: definition.key, title: resolved.title })}
        >
          About this chart
        </button>
        {drawable && props.menu}
      </div>
      {drawable && props.downloads && (
        // The menu needs scripts: without them, the files the server makes (shown by the stylesheet
        // only where scripts do not run).
        <span className="ps-noscript-downloads">
          Download: <a href={props.downloads.csv}>CSV</a> · <a href={props.downloads.json}>JSON</a> ·{' '}
          <a href={props.downloads.png}>PNG</a>
        </span>
      )}
    </div>
  );
}
