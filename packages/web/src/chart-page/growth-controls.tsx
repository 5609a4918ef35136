import type { YearWindow } from '@pdb-stats/charts';
import { useEffect, useId, useState } from 'react';
import { ApplyButton, ParamForm } from './param-form.tsx';

export interface GrowthViewControlsProps {
  /** The page's parameters, sent with these controls by a page read without scripts. */
  params: URLSearchParams;
  line: boolean;
  onLine: (line: boolean) => void;
  events: boolean;
  onEvents: (events: boolean) => void;
  /** The data's first and last years: the window's ends. */
  first: number;
  last: number;
  window: YearWindow;
  onWindow: (window: YearWindow) => void;
}

/**
 * The growth chart's own views, in a row under it: bars or lines, the events, the window of years.
 * Apart from the page's toolbar, which on a phone has room for two rows only.
 */
export function GrowthViewControls(props: GrowthViewControlsProps) {
  return (
    <div className="ps-growth-views" role="group" aria-label="Growth view">
      {/* Two forms: each sends the other's state as it is. */}
      <ParamForm params={props.params} names={['chart']}>
        <div className="ps-segmented" role="group" aria-label="Chart type">
          {[
            { line: false, label: 'Bars' },
            { line: true, label: 'Line' },
          ].map((option) => (
            <button
              key={option.label}
              type="submit"
              name="chart"
              value={option.line ? 'line' : 'bars'}
              className="ps-button"
              aria-pressed={props.line === option.line}
              onClick={(event) => {
                event.preventDefault();
                props.onLine(option.line);
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      </ParamForm>
      <ParamForm params={props.params} names={['events', 'from', 'to']}>
        <label className="ps-switch">
          <input
            type="checkbox"
            role="switch"
            name="events"
            value="on"
            checked={props.events}
            onChange={(event) => props.onEvents(event.target.checked)}
          />
          Events
        </label>
        {props.last > props.first && (
          <YearWindowSlider
            first={props.first}
            last={props.last}
            window={props.window}
            onChange={props.onWindow}
          />
        )}
        <ApplyButton />
      </ParamForm>
    </div>
  );
}

/** How long the window waits after the last move of a handle before it goes into the URL. */
const SETTLE_MS = 300;

interface YearWindowSliderProps {
  /** The data's first and last years: the slider's ends. */
  first: number;
  last: number;
  window: YearWindow;
  onChange: (window: YearWindow) => void;
}

/**
 * The window of years of a growth chart: two handles on one track (two range inputs, each with its
 * own label and keyboard steps). A handle's moves are drawn at once, and go into the URL (a history
 * entry) when it settles, so that a drag is one step back, not one per year crossed.
 */
function YearWindowSlider({ first, last, window, onChange }: YearWindowSliderProps) {
  const id = useId();
  const from = Math.max(first, Math.min(window.from ?? first, last));
  const to = Math.min(last, Math.max(window.to ?? last, first));
  const [moving, setMoving] = useState<{ from: number; to: number } | null>(null);
  const shown = moving ?? { from, to };

  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(() => {
      setMoving(null);
      onChange(moving);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [moving, onChange]);

  const share = (year: number) => (last > first ? ((year - first) / (last - first)) * 100 : 0);
  const windowed = shown.from > first || shown.to < last;
  return (
    <div className="ps-year-window" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="ps-year-window-title">
        Years
      </span>
      <div
        className="ps-year-window-track"
        style={
          { '--ps-from': `${share(shown.from)}%`, '--ps-to': `${share(shown.to)}%` } as React.CSSProperties
        }
      >
        <input
          type="range"
          name="from"
          aria-label="First year"
          min={first}
          max={last}
          step={1}
          value={shown.from}
          onChange={(event) =>
            setMoving({ from: Math.min(Number(event.target.value), shown.to), to: shown.to })
          }
        />
        <input
          type="range"
          name="to"
          aria-label="Last year"
          min={first}
          max={last}
          step={1}
          value={shown.to}
          onChange={(event) =>
            setMoving({ from: shown.from, to: Math.max(Number(event.target.value), shown.from) })
          }
        />
      </div>
      <output className="ps-year-window-value" data-testid="year-window">
        {shown.from}–{shown.to}
      </output>
      {windowed && (
        <button
          type="button"
          className="ps-button"
          onClick={() => {
            setMoving(null);
            onChange({ from: first, to: last });
          }}
        >
          All years
        </button>
      )}
    </div>
  );
}
