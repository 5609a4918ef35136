import { useEffect, useId, useRef, useState } from 'react';
import type { ChartScale } from './settings-state.ts';

export const LOG_SCALE_EXPLANATION =
  'Each step up the axis is ten times the last; bars with zero are not drawn (zero has no logarithm).';

/**
 * The opt-in logarithmic value axis: a switch, and its explanation shown when asked for (a toggle
 * tip). Screen readers hear the explanation with the switch, as its description.
 */
export function ScaleControl({
  scale,
  onChange,
}: {
  scale: ChartScale;
  onChange: (scale: ChartScale) => void;
}) {
  const hint = useId();
  const [explained, setExplained] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!explained) return;
    const onDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setExplained(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExplained(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [explained]);

  return (
    <div ref={box} className="ps-scale-control">
      <label className="ps-switch">
        <input
          type="checkbox"
          role="switch"
          // Sent by the form around it when the page is read without scripts.
          name="scale"
          value="log"
          checked={scale === 'log'}
          aria-describedby={hint}
          onChange={(event) => onChange(event.target.checked ? 'log' : 'linear')}
        />
        Log scale
      </label>
      <button
        type="button"
        className="ps-info-button"
        aria-label="What is the log scale?"
        aria-expanded={explained}
        aria-controls={hint}
        onClick={() => setExplained(!explained)}
      >
        ?
      </button>
      <p id={hint} className="ps-scale-hint" hidden={!explained}>
        {LOG_SCALE_EXPLANATION}
      </p>
    </div>
  );
}
