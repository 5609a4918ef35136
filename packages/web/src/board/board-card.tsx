import {
  CHARTS,
  chartPath,
  otherBarOf,
  toDistributionData,
  toGrowthData,
  type ChartKey,
  type DistributionQuery,
  type FetchedChart,
  type GrowthQuery,
} from '@pdb-stats/charts';
import { BarChosenContext, BarHrefContext } from '../charts/bar-link.tsx';
import { DistributionChart } from '../charts/distribution-chart.tsx';
import { GrowthChart } from '../charts/growth-chart.tsx';
import type { BarSelection } from '../charts/types.ts';
import { Link } from '../routing/navigation.tsx';
import { COLOR_SCHEMES } from '../settings/colors.ts';
import { boardChart, boardHref, moveChart, removeChart, type Board } from './board-state.ts';

const COLORS = COLOR_SCHEMES.default;
const CHART_HEIGHT = 260;

export interface BoardCardProps {
  board: Board;
  chart: ChartKey;
  index: number;
  fetched: FetchedChart | undefined;
  onSelect: (bar: BarSelection) => void;
  hrefOf: (bar: BarSelection) => string;
  /** In a frame: no links that edit the board or leave it. */
  embedded: boolean;
}

/** One chart of the board: its title, its selection, the chart, and links that edit the board. */
export function BoardCard({ board, chart, index, fetched, onSelect, hrefOf, embedded }: BoardCardProps) {
  const definition = CHARTS[chart];
  const selection = board.selections.find((s) => s.chart === chart);
  const others = board.selections.filter((s) => s.chart !== chart);
  return (
    <>
      <header className="ps-board-card-head">
        <h2>{embedded ? definition.title : <Link to={chartPath(definition)}>{definition.title}</Link>}</h2>
        {!embedded && (
          <nav className="ps-board-card-tools" aria-label={`Arrange ${definition.title}`}>
            {index > 0 && (
              <Link
                to={boardHref(moveChart(board, chart, -1))}
                aria-label={`Move ${definition.title} earlier`}
              >
                ←
              </Link>
            )}
            {index < board.charts.length - 1 && (
              <Link to={boardHref(moveChart(board, chart, 1))} aria-label={`Move ${definition.title} later`}>
                →
              </Link>
            )}
            {board.charts.length > 1 && (
              <Link to={boardHref(removeChart(board, chart))} aria-label={`Remove ${definition.title}`}>
                Remove
              </Link>
            )}
          </nav>
        )}
      </header>
      <p className="ps-board-card-scope">
        {selection ? (
          <>
            Selected: <strong data-testid="board-selected">{selection.x}</strong>
            {selection.series !== undefined && <>, {selection.series}</>}
          </>
        ) : others.length > 0 ? (
          `Under ${others.length === 1 ? 'the selection' : `the ${others.length} selections`}`
        ) : (
          'The whole archive'
        )}
      </p>
      <BarHrefContext.Provider value={hrefOf}>
        <BarChosenContext.Provider
          value={(bar) =>
            // A year selected whole (from an address) marks each of its segments.
            selection !== undefined &&
            bar.x === selection.x &&
            (selection.series === undefined || bar.series === selection.series)
          }
        >
          <div className={selection ? 'ps-board-plot ps-board-plot-selected' : 'ps-board-plot'}>
            {fetched ? <BoardChart chart={chart} fetched={fetched} onSelect={onSelect} /> : <p>Loading…</p>}
          </div>
        </BarChosenContext.Provider>
      </BarHrefContext.Provider>
    </>
  );
}

/** The chart drawn from its answer: a growth chart's years, or a distribution's bars. */
function BoardChart({
  chart,
  fetched,
  onSelect,
}: {
  chart: ChartKey;
  fetched: FetchedChart;
  onSelect: (bar: BarSelection) => void;
}) {
  const resolved = boardChart(chart);
  const { options } = resolved.definition;
  const animationKey = `board-${chart}`;
  if (resolved.kind === 'growth') {
    const data = toGrowthData(fetched.response, resolved.query as GrowthQuery);
    const label = options.seriesLabels?.annual;
    return (
      <GrowthChart
        data={data}
        view="annual"
        colors={COLORS}
        hidden={new Set()}
        xAxisTitle={options.xAxisTitle}
        yAxisTitle={options.yAxisTitle}
        onSelect={onSelect}
        animationKey={animationKey}
        height={CHART_HEIGHT}
        {...(label && { singleSeriesLabel: label })}
      />
    );
  }
  const query = resolved.query as DistributionQuery;
  const data = toDistributionData(fetched.response, query, {
    truncate: resolved.definition.truncateViewData,
  });
  const categories = data.bars.map((bar) => bar.label);
  const other = otherBarOf(categories, query);
  const series = data.segments?.length
    ? data.segments.map((s, index) => ({ label: s.label, values: s.values, index }))
    : [{ label: options.yAxisTitle, values: data.bars.map((bar) => bar.value), index: 0 }];
  return (
    <DistributionChart
      categories={categories}
      series={series}
      {...(data.segments?.length && { segments: 'stacked' as const })}
      orientation={options.orientation}
      colors={COLORS}
      xAxisTitle={options.xAxisTitle}
      yAxisTitle={options.yAxisTitle}
      onSelect={onSelect}
      animationKey={animationKey}
      height={CHART_HEIGHT}
      {...(other && { other })}
      {...(options.yStep && { yStep: options.yStep })}
    />
  );
}
