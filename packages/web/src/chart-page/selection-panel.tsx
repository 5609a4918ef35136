import { advancedSearchUrl, countNoun, queryEditorUrl, type ChartView } from '@pdb-stats/charts';
import type { SearchRequest } from '@pdb-stats/search-model';
import { useEffect } from 'react';
import { Link } from '../routing/navigation.tsx';
import { formatNumber } from '../charts/format.ts';
import type { BarSelection } from '../charts/types.ts';

/** A chosen bar: what it is, and its search (or why there is none). */
export interface Selected {
  selection: BarSelection;
  view: ChartView;
  /**
   * Whether its search was opened already (a click) or waits for the visitor (a tap on a phone,
   * which shows the value first).
   */
  opened: boolean;
  request?: SearchRequest;
  chartRoute?: string;
  /** How many objects the bar's search finds, when its value is that count (not a median or a percent). */
  count?: number;
  error?: string;
}

/** "See the 36,323 entries": the bar's results, named by what its search finds. */
function resultsLinkText(request: SearchRequest, count: number | undefined): string {
  if (count === undefined) return `See the ${countNoun(request.return_type, 2)}`;
  if (count === 1) return `See the ${countNoun(request.return_type, 1)}`;
  return `See the ${formatNumber(count)} ${countNoun(request.return_type, count)}`;
}

export interface SelectionPanelProps {
  selected: Selected;
  /** What the chart counts (the value axis's title). */
  valueTitle: string;
  advancedUrl: string;
  searchApiUrl: string;
  onClose: () => void;
  /** The page's address with the level below the chosen bar opened, when a bar is a class with one. */
  drillHref?: string | undefined;
}

/**
 * The chosen bar's value and links to its search: first its results ("See the N entries", the
 * results page, read without scripts too), then the search in the query editor. A tapped bar's
 * panel stays at the bottom of the screen until closed or another bar is tapped.
 */
export function SelectionPanel({
  selected,
  valueTitle,
  advancedUrl,
  searchApiUrl,
  onClose,
  drillHref,
}: SelectionPanelProps) {
  const { selection, request, chartRoute, count, error, opened } = selected;
  const what = [selection.x, selection.series].filter(Boolean).join(' · ');

  useEffect(() => {
    if (opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened, onClose]);

  const editor = request && queryEditorUrl(searchApiUrl, request, chartRoute);
  const results = request && advancedSearchUrl(advancedUrl, request, chartRoute);
  const seeResults = request && resultsLinkText(request, count);
  // A link, not a button: the level below is an address of its own (shared, and stepped back from).
  const drill = drillHref && (
    <Link to={drillHref} data-testid="drill-down">
      Open level below {selection.x}
    </Link>
  );
  if (opened) {
    return (
      <section className="ps-selection" aria-live="polite" data-testid="selection">
        <h2 className="ps-selection-title">
          Selected: {what} — {formatNumber(selection.value)}
        </h2>
        {error && <p role="alert">{error}</p>}
        {request && (
          <p className="ps-selection-links">
            <a href={results} target="_blank" rel="noopener noreferrer">
              {seeResults}
            </a>
            <a href={editor} target="_blank" rel="noopener noreferrer">
              Edit the search in the query editor
            </a>
          </p>
        )}
        {drill && <p className="ps-selection-drill">{drill}</p>}
      </section>
    );
  }
  return (
    <section
      className="ps-selection ps-selection-tapped"
      aria-live="polite"
      aria-label="Chosen bar"
      data-testid="selection"
    >
      <div className="ps-selection-text">
        <h2 className="ps-selection-title">{selection.x}</h2>
        {selection.series && <p className="ps-selection-series">{selection.series}</p>}
        <p className="ps-selection-value">
          {valueTitle}: <strong>{formatNumber(selection.value)}</strong>
        </p>
        {error && <p role="alert">{error}</p>}
      </div>
      {request && (
        <p className="ps-selection-links">
          <a className="ps-button ps-button-primary" href={results} target="_blank" rel="noopener noreferrer">
            {seeResults}
          </a>
          <a href={editor} target="_blank" rel="noopener noreferrer">
            Query editor
          </a>
        </p>
      )}
      {drill && <p className="ps-selection-links ps-selection-drill">{drill}</p>}
      <button type="button" className="ps-selection-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </section>
  );
}
