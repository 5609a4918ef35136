import type { DataView } from '@pdb-stats/charts';
import type { SearchRequest } from '@pdb-stats/search-model';
import { advancedSearchUrl, queryEditorUrl } from '../api/addresses.ts';
import { formatNumber } from '../charts/format.ts';
import type { BarSelection } from '../charts/types.ts';

/** A clicked bar: what was clicked, and its search (or why there is none). */
export interface Selected {
  selection: BarSelection;
  view: DataView;
  request?: SearchRequest;
  chartRoute?: string;
  error?: string;
}

/** The clicked bar's value and links to its search. */
export function SelectionPanel({
  selected,
  advancedUrl,
  searchApiUrl,
}: {
  selected: Selected;
  advancedUrl: string;
  searchApiUrl: string;
}) {
  const { selection, request, chartRoute, error } = selected;
  const what = [selection.x, selection.series].filter(Boolean).join(' · ');
  return (
    <section className="ps-selection" aria-live="polite" data-testid="selection">
      <h2 className="ps-selection-title">
        Selected: {what} — {formatNumber(selection.value)}
      </h2>
      {error && <p role="alert">{error}</p>}
      {request && (
        <p className="ps-selection-links">
          <a
            href={queryEditorUrl(searchApiUrl, request, chartRoute)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in the query editor
          </a>
          <a href={advancedSearchUrl(advancedUrl, request)} target="_blank" rel="noopener noreferrer">
            Open in advanced search
          </a>
        </p>
      )}
    </section>
  );
}
