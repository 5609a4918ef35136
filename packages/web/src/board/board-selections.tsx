import { advancedSearchUrl, countNoun } from '@pdb-stats/charts';
import { formatNumber } from '../charts/format.ts';
import { Link } from '../routing/navigation.tsx';
import { boardHref, boardResultsRequest, clearSelection, selectionText, type Board } from './board-state.ts';

export interface BoardSelectionsProps {
  board: Board;
  /** The board's own address (the embeddable copy's in a frame), that the clear links keep. */
  path: string;
  searchAdvancedUrl: string;
  /** How many entries all the selections hold together, once counted. */
  total: number | undefined;
}

/** The board's selections: a chip per selection that clears it, "Clear all", and a link to their entries. */
export function BoardSelections({ board, path, searchAdvancedUrl, total }: BoardSelectionsProps) {
  const selected = board.selections.length > 0;
  const results = boardResultsRequest(board.selections);
  return (
    <section className="ps-board-selections" aria-label="Selections" data-testid="board-selections">
      {selected ? (
        <>
          <ul className="ps-board-chips">
            {board.selections.map((selection) => (
              <li key={selection.chart} className="ps-board-chip" data-testid="board-chip">
                <span>{selectionText(selection)}</span>
                <Link
                  to={boardHref(clearSelection(board, selection.chart), path)}
                  aria-label={`Clear ${selectionText(selection)}`}
                  className="ps-board-chip-clear"
                >
                  ×
                </Link>
              </li>
            ))}
          </ul>
          <Link to={boardHref(clearSelection(board), path)} className="ps-board-clear-all">
            Clear all
          </Link>
          {results && (
            <a
              className="ps-button ps-button-primary"
              data-testid="board-results"
              href={advancedSearchUrl(searchAdvancedUrl, results)}
            >
              {total === undefined
                ? 'See the entries'
                : `See the ${formatNumber(total)} ${countNoun('entry', total)}`}
            </a>
          )}
        </>
      ) : (
        <p>No selection: every chart shows the whole archive.</p>
      )}
    </section>
  );
}
