import type { ChartFrameState } from './chart-frame.tsx';
import { EventMarkers, type PlacedEvent } from './event-markers.tsx';
import type { PartialYear } from './partial-year.ts';
import type { BandScale } from './scales.ts';
import { CHART_FONT_SIZE, CHART_LINE } from './text-measure.ts';
import { px } from './svg-number.ts';

/** Baseline of the note over the plot (a year not over), and of the first row of event labels. */
const EVENT_BASELINE = -10;

/**
 * What is written over a plot of years: the archive's events (each explained in the chart's
 * tooltip) and the note of a year that is not over, ending over that year's bar.
 */
export function YearNotes(props: {
  placed: PlacedEvent[];
  partial: PartialYear | undefined;
  years: BandScale<string>;
  innerWidth: number;
  innerHeight: number;
  margin: { top: number; left: number };
  frame: ChartFrameState;
}) {
  const { partial, years: x, margin, frame } = props;
  return (
    <>
      <EventMarkers
        placed={props.placed}
        plotHeight={props.innerHeight}
        rowBaseline={(row) => EVENT_BASELINE - row * CHART_LINE}
        onShow={(p) =>
          frame.showTooltip({
            // From the plot's left edge: placed at the marker, a long explanation would run off it.
            left: margin.left,
            top: margin.top,
            content: (
              // Wrapped to the plot's width: an explanation is a sentence, not a label.
              <div className="ps-event-tooltip" style={{ width: Math.min(320, props.innerWidth - 24) }}>
                <strong>{p.event.label}</strong> ({p.event.date})<div>{p.event.detail}</div>
              </div>
            ),
          })
        }
        onHide={frame.hideTooltip}
      />
      {partial && (
        // Above the drawing, ending over the year's bar: inside it, it would cross its neighbours.
        <text
          className="ps-partial-note"
          data-year={partial.year}
          x={px((x(partial.year) ?? 0) + x.bandwidth())}
          y={EVENT_BASELINE}
          textAnchor="end"
          fontSize={CHART_FONT_SIZE}
        >
          {`${partial.year} to ${partial.through}`}
        </text>
      )}
    </>
  );
}
