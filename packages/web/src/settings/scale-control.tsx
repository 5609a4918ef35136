import { useId } from 'react';
import type { ChartScale } from './settings-state.ts';

export const LOG_SCALE_EXPLANATION =
  'Each step up the axis is ten times the last; bars with zero are not drawn (zero has no logarithm).';

/** The opt-in logarithmic value axis, with a one-line explanation beside it. */
export function ScaleControl({
  scale,
  onChange,
}: {
  scale: ChartScale;
  onChange: (scale: ChartScale) => void;
}) {
  const hint = useId();
  return (
    <div className="ps-scale-control">
      <label>
        <input
          type="checkbox"
          checked={scale === 'log'}
          aria-describedby={hint}
          onChange={(event) => onChange(event.target.checked ? 'log' : 'linear')}
        />{' '}
        Logarithmic scale
      </label>
      <span id={hint} className="ps-scale-hint">
        {LOG_SCALE_EXPLANATION}
      </span>
    </div>
  );
}
