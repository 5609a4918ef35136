import type { ChartKey } from '@pdb-stats/charts';
import type { FormEvent } from 'react';
import { useDataQuery } from '../data/data-context.tsx';
import { withBase } from '../routing/navigation.tsx';
import { BOARD_CHARTS, BOARD_PATH, MAX_BOARD_CHARTS, selectionParam, type Board } from './board-state.ts';

/** A chart to add: a form that works as a plain GET of the board's address without scripts. */
export function AddChart({ board, onAdd }: { board: Board; onAdd: (key: ChartKey) => void }) {
  const { config } = useDataQuery();
  const left = BOARD_CHARTS.filter((chart) => !board.charts.includes(chart.key as ChartKey));
  if (board.charts.length >= MAX_BOARD_CHARTS || left.length === 0) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The board's charts come first, as hidden fields of the same name; the chart chosen is the last.
    const key = new FormData(event.currentTarget).getAll('chart').at(-1);
    if (typeof key === 'string' && key) onAdd(key as ChartKey);
  };
  return (
    <form
      className="ps-board-add"
      method="get"
      action={withBase(BOARD_PATH, config.basename)}
      onSubmit={submit}
      data-testid="board-add"
    >
      {board.charts.map((key) => (
        <input key={key} type="hidden" name="chart" value={key} />
      ))}
      {board.selections.map((s) => (
        <input key={s.chart} type="hidden" name="select" value={selectionParam(s)} />
      ))}
      <label>
        Add a chart{' '}
        <select name="chart" defaultValue="">
          <option value="" disabled>
            Choose a chart
          </option>
          {left.map((chart) => (
            <option key={chart.key} value={chart.key}>
              {chart.title}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="submit" className="ps-button">
        Add
      </button>
    </form>
  );
}
