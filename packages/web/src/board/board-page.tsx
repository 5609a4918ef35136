import type { ChartKey } from '@pdb-stats/charts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { MediumDrawing } from '../charts/chart-frame.tsx';
import type { BarSelection } from '../charts/types.ts';
import { useDataQuery } from '../data/data-context.tsx';
import { useLocation, useNavigate, withBase } from '../routing/navigation.tsx';
import { AddChart } from './board-add-chart.tsx';
import { BoardCard } from './board-card.tsx';
import { boardCountQuery, boardQuery } from './board-query.ts';
import { BoardSelections } from './board-selections.tsx';
import {
  BOARD_EMBED_PATH,
  BOARD_PATH,
  addChart,
  boardHref,
  readBoard,
  toggleSelection,
  type Board,
  type BoardSelection,
} from './board-state.ts';
import './board.css';

/**
 * `/board`: a grid of linked charts. A click (or Enter) on a bar selects it; every other chart is
 * redrawn over all the selections but its own. The board is its address: charts, order and
 * selections, so that it can be shared and is drawn by the server, its bars links without scripts.
 */
export default function BoardPage({ embedded = false }: { embedded?: boolean }) {
  const { config } = useDataQuery();
  const { searchApiUrl, searchAdvancedUrl } = config.sierraConfig;
  const location = useLocation();
  const navigate = useNavigate();
  const board = useMemo(() => readBoard(new URLSearchParams(location.search)), [location.search]);
  const answers = useQuery({ ...boardQuery(searchApiUrl, board), placeholderData: (previous) => previous });
  const selected = board.selections.length > 0;
  const count = useQuery({ ...boardCountQuery(searchApiUrl, board), enabled: selected });
  // An embedded board's links stay in the frame, on the embeddable copy.
  const path = embedded ? BOARD_EMBED_PATH : BOARD_PATH;
  const go = useCallback((next: Board) => navigate(boardHref(next, path)), [navigate, path]);
  const chosen = (chart: ChartKey, bar: BarSelection): BoardSelection => ({
    chart,
    x: bar.x,
    ...(bar.series !== undefined && { series: bar.series }),
  });
  const total = count.data?.total_count ?? (count.data === null ? 0 : undefined);

  return (
    <div className={`ps-page ps-board${embedded ? ' ps-board-embedded' : ''}`} data-testid="board">
      {embedded ? (
        <p className="ps-board-source">
          <a href={withBase(boardHref(board), config.basename)} target="_blank" rel="noopener noreferrer">
            A board of linked charts
          </a>{' '}
          of the Protein Data Bank archive: select a bar and the other charts show only what it holds.
        </p>
      ) : (
        <h1>Board</h1>
      )}
      <p className="ps-board-intro">
        Select a bar (click it, or focus it and press Enter) and every other chart shows only what it holds.
        Select it again to clear it.
      </p>
      {board.problems.length > 0 && (
        <ul className="ps-board-problems" data-testid="board-problems">
          {board.problems.map((problem) => (
            <li key={problem}>Left out: {problem}.</li>
          ))}
        </ul>
      )}
      <BoardSelections board={board} path={path} searchAdvancedUrl={searchAdvancedUrl} total={total} />
      {answers.isError && (
        <p className="ps-board-error" role="alert">
          The charts could not be drawn: {answers.error.message}
        </p>
      )}
      {/* Many charts: their server markup leaves out the drawing for a medium frame (chart-frame.tsx). */}
      <MediumDrawing.Provider value={false}>
        <ol
          className={`ps-board-grid${answers.isPlaceholderData ? ' ps-board-updating' : ''}`}
          aria-busy={answers.isFetching}
        >
          {board.charts.map((key, index) => (
            <li key={key} className="ps-board-card" data-testid="board-chart" data-chart={key}>
              <BoardCard
                board={board}
                chart={key}
                index={index}
                fetched={answers.data?.charts.find((c) => c.chart === key)}
                onSelect={(bar) => go(toggleSelection(board, chosen(key, bar)))}
                hrefOf={(bar) =>
                  withBase(boardHref(toggleSelection(board, chosen(key, bar)), path), config.basename)
                }
                embedded={embedded}
              />
            </li>
          ))}
        </ol>
      </MediumDrawing.Provider>
      {!embedded && (
        <>
          <AddChart board={board} onAdd={(key) => go(addChart(board, key))} />
          <p className="ps-board-embed-link">
            To show this board on another site, frame its{' '}
            <a href={withBase(boardHref(board, BOARD_EMBED_PATH), config.basename)} data-testid="board-embed">
              embeddable copy
            </a>
            .
          </p>
        </>
      )}
    </div>
  );
}
