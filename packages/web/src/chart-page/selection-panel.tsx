import type { ChartView } from '@pdb-stats/charts';
import type { SearchRequest } from '@pdb-stats/search-model';
import { useEffect } from 'react';
import { Link } from '../routing/navigation.tsx';
import { advancedSearchUrl, queryEditorUrl } from '../api/addresses.ts';
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
  error?: string;
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
 * The chosen bar's value and links to its search. A tapped bar's panel stays at the bottom of the
 * screen, with "Open search" as its main action, until closed or another bar is tapped.
 */
export function SelectionPanel({
  selected,
  valueTitle,
  advancedUrl,
  searchApiUrl,
  onClose,
  drillHref,
}: SelectionPanelProps) {
  const { selection, request, chartRoute, error, opened } = selected;
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
  const advanced = request && advancedSearchUrl(advancedUrl, request);
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
            <a href={editor} target="_blank" rel="noopener noreferrer">
              Open in the query editor
            </a>
            <a href={advanced} target="_blank" rel="noopener noreferrer">
              Open in advanced search
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
          <a className="ps-button ps-button-primary" href={editor} target="_blank" rel="noopener noreferrer">
            Open search
          </a>
          <a href={advanced} target="_blank" rel="noopener noreferrer">
            Advanced search
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
