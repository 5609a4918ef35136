import { eventYear, type ChartEvent } from '@pdb-stats/charts';
import { CHART_FONT_SIZE, CHART_LINE } from './text-measure.ts';
import { px } from './svg-number.ts';

/** An event's label placed over a chart: its marker's x, its row above the plot, its extent. */
export interface PlacedEvent {
  event: ChartEvent;
  /** x of the marker, in the plot's coordinates. */
  x: number;
  /** 0 is the row nearest the plot. */
  row: number;
  left: number;
  width: number;
}

/** Least space between two labels of a row. */
const LABEL_GAP = 8;

/**
 * Where an event falls on a year band: its day of the year as a share of the band (the middle
 * when only the year is known), so that two events of one year are drawn apart.
 */
export function eventOffset(event: ChartEvent): number {
  if (event.date.length === 4) return 0.5;
  const day = new Date(`${event.date.length === 7 ? `${event.date}-15` : event.date}T00:00:00Z`);
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  return (day.getTime() - start) / (366 * 86_400_000);
}

/**
 * Places event labels in rows above the plot so that none overlaps another, nor what `taken` holds
 * in the first row (the note of a year not over): each label goes to the lowest row where it fits,
 * centred on its marker and kept inside the plot's width.
 */
export function placeEventLabels(
  events: readonly ChartEvent[],
  xOf: (event: ChartEvent) => number,
  plotWidth: number,
  measure: (text: string) => number,
  taken: readonly [number, number][] = [],
): { placed: PlacedEvent[]; rows: number } {
  const rows: [number, number][][] = [[...taken]];
  const placed = events.map((event) => {
    const x = xOf(event);
    const width = measure(event.label);
    const left = Math.min(Math.max(0, x - width / 2), Math.max(0, plotWidth - width));
    const fits = (row: [number, number][]) =>
      row.every(([l, r]) => left + width + LABEL_GAP <= l || left >= r + LABEL_GAP);
    let row = rows.findIndex(fits);
    if (row < 0) row = rows.push([]) - 1;
    rows[row]!.push([left, left + width]);
    return { event, x, row, left, width };
  });
  return { placed, rows: placed.length ? Math.max(...placed.map((p) => p.row)) + 1 : 0 };
}

export interface EventMarkersProps {
  placed: readonly PlacedEvent[];
  plotHeight: number;
  /** Baseline of a row's labels (negative: above the plot). */
  rowBaseline: (row: number) => number;
  onShow: (placed: PlacedEvent) => void;
  onHide: () => void;
}

/**
 * Events as vertical markers across the plot with their labels above it. A label links to the
 * event's source (a new tab); pointing at it or focusing it shows the event's one-line explanation.
 */
export function EventMarkers({ placed, plotHeight, rowBaseline, onShow, onHide }: EventMarkersProps) {
  if (placed.length === 0) return null;
  return (
    <g className="ps-events" role="group" aria-label="Events">
      {placed.map((p) => {
        const { event } = p;
        return (
          <g
            key={event.date + event.label}
            className="ps-event"
            data-year={eventYear(event)}
            data-date={event.date}
          >
            <line className="ps-event-line" x1={px(p.x)} x2={px(p.x)} y1={0} y2={px(plotHeight)} />
            <a
              href={event.source}
              target="_blank"
              rel="noopener noreferrer"
              onMouseEnter={() => onShow(p)}
              onMouseLeave={onHide}
              onFocus={() => onShow(p)}
              onBlur={onHide}
            >
              <title>{`${event.label} (${event.date}): ${event.detail}`}</title>
              <text
                className="ps-event-label"
                x={px(p.left)}
                y={px(rowBaseline(p.row))}
                fontSize={CHART_FONT_SIZE}
                data-row={p.row}
              >
                {event.label}
              </text>
            </a>
          </g>
        );
      })}
    </g>
  );
}

/** Height the event rows take above the plot. */
export const eventRowsHeight = (rows: number) => rows * CHART_LINE;
