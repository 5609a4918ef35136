/** Shown while a page chunk loads. */
export function LoadingIndicator() {
  return (
    <div className="ps-loading" role="status" aria-live="polite">
      <span className="ps-spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}

/** Shown while a plot loads: a bar chart with a side list of three lines. */
export function PlotSkeleton() {
  const heights = [35, 55, 40, 70, 60, 85, 75, 95];
  return (
    <div className="ps-skeleton" role="status" aria-label="Loading chart" data-testid="plot-skeleton">
      <div className="ps-skeleton-chart">
        {heights.map((h, i) => (
          <span key={i} className="ps-skeleton-bar" style={{ height: `${h}%` }} />
        ))}
      </div>
      <ul className="ps-skeleton-list">
        <li className="ps-skeleton-line" />
        <li className="ps-skeleton-line" />
        <li className="ps-skeleton-line" />
      </ul>
    </div>
  );
}
