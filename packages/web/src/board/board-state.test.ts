import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BOARD,
  boardHref,
  boardScope,
  moveChart,
  readBoard,
  removeChart,
  selectionNode,
  toggleSelection,
  writeBoard,
} from './board-state.ts';

const read = (query: string) => readBoard(new URLSearchParams(query));

describe(`${readBoard.name}`, () => {
  it('gives the default board without charts, and reads charts and selections back from what it writes', () => {
    expect(read('').charts).toEqual(DEFAULT_BOARD);
    const board = read(
      'chart=resolution&chart=overall-structures&select=resolution:1.5–2.0 Å&select=overall-structures:2020',
    );
    expect(board.problems).toEqual([]);
    expect(board.selections).toEqual([
      { chart: 'resolution', x: '1.5–2.0 Å' },
      { chart: 'overall-structures', x: '2020' },
    ]);
    expect(read(writeBoard(board))).toEqual(board);
  });

  it("reads a growth chart's segment, and leaves out what it cannot use, saying why", () => {
    const board = read(
      'chart=experimental-method&chart=nope&chart=resolution-by-year&select=experimental-method:2020:X-RAY DIFFRACTION&select=resolution:1-2&select=experimental-method:2021',
    );
    expect(board.charts).toEqual(['experimental-method']);
    expect(board.selections).toEqual([
      { chart: 'experimental-method', x: '2020', series: 'X-RAY DIFFRACTION' },
    ]);
    expect(board.problems).toHaveLength(4);
  });
});

describe('cross-filtering', () => {
  const board = read(
    'chart=resolution&chart=overall-structures&chart=journal&select=resolution:2.0–2.5 Å&select=overall-structures:2020',
  );
  it('draws each chart over every selection but its own', () => {
    const resolution = selectionNode(board.selections[0]!)!;
    const year = selectionNode(board.selections[1]!)!;
    expect(boardScope(board.selections, 'resolution')).toEqual(year);
    expect(boardScope(board.selections, 'overall-structures')).toEqual(resolution);
    expect(JSON.stringify(boardScope(board.selections, 'journal'))).toContain(JSON.stringify(year));
    expect(JSON.stringify(boardScope(board.selections, 'journal'))).toContain(JSON.stringify(resolution));
  });

  it('toggles, moves and removes in the address', () => {
    const cleared = toggleSelection(board, { chart: 'resolution', x: '2.0–2.5 Å' });
    expect(cleared.selections.map((s) => s.chart)).toEqual(['overall-structures']);
    expect(moveChart(board, 'journal', -1).charts).toEqual(['resolution', 'journal', 'overall-structures']);
    const removed = removeChart(board, 'resolution');
    expect(boardHref(removed)).toBe(
      '/board?chart=overall-structures&chart=journal&select=overall-structures%3A2020',
    );
  });
});
