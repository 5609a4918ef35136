/**
 * One interaction on a board of linked charts: after a selection, every chart of the default board
 * (6 charts) is asked again in one `POST /api/charts/batch`, each over the other charts' selections,
 * with the answer cache emptied first, so that every chart is answered by the engine. Server time:
 * the app in this process, asked through Fastify's inject (routing, validation, the searches, the
 * answer's JSON), no network. Each run selects other bars, as a visitor clicking through would.
 */
import {
  CHARTS,
  resolveChart,
  toDistributionData,
  toGrowthData,
  type DistributionQuery,
  type GrowthQuery,
} from '@pdb-stats/charts';
import { buildApp } from '../packages/server/src/app.ts';
import { openDuckDbEngine } from '../packages/server/src/engine/index.ts';
import { boardItems } from '../packages/web/src/board/board-query.ts';
import { DEFAULT_BOARD, type BoardSelection } from '../packages/web/src/board/board-state.ts';
import { heading, median, ms, percentile, printTable, time } from './stats.ts';

export interface BoardBenchSummary {
  entries: number;
  /** Median and p95 of one interaction (ms), every chart uncached, in one batch. */
  median: number;
  p95: number;
  /** The same, each chart asked by a request of its own (all at once), as without the batch. */
  separateMedian: number;
  charts: number;
}

/** The batch of the default board under `selections`. */
function batchOf(selections: BoardSelection[]) {
  const board = { charts: [...DEFAULT_BOARD], selections };
  return {
    charts: boardItems(board).map((item) => ({
      chart: item.chart,
      ...(item.scope && { query: item.scope }),
    })),
  };
}

export async function benchBoard(archive: string, runs: number): Promise<BoardBenchSummary> {
  const engine = await openDuckDbEngine(archive, { timeoutMs: 10 * 60_000 });
  const app = await buildApp({ engine });
  const entries = engine.archiveInfo().row_counts.entry;
  heading(
    `board: one selection, ${DEFAULT_BOARD.length} charts redrawn uncached, ${entries.toLocaleString('en-US')} entries`,
  );
  try {
    const post = async (selections: BoardSelection[]) => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/charts/batch',
        payload: batchOf(selections),
      });
      if (reply.statusCode !== 200) throw new Error(`batch answered ${reply.statusCode}: ${reply.body}`);
      return reply.json() as { answers: { chart: string; response: never }[] };
    };
    // The bars to select: the years and resolution bins of the whole archive that hold entries.
    const whole = await post([]);
    const years = toGrowthData(
      whole.answers[0]!.response,
      resolveChart(CHARTS['overall-structures']).query as GrowthQuery,
    ).years.filter((year) => Number(year) >= 1995);
    const bins = toDistributionData(
      whole.answers[2]!.response,
      resolveChart(CHARTS.resolution).query as DistributionQuery,
    )
      .bars.filter((bar) => bar.value > 0)
      .map((bar) => bar.label);
    // Without the batch: each chart's data asked by GET /api/charts/<key>.json, all at once.
    const separately = (selections: BoardSelection[]) =>
      Promise.all(
        batchOf(selections).charts.map(async (item) => {
          const query = item.query ? `?query=${encodeURIComponent(JSON.stringify(item.query))}` : '';
          const reply = await app.inject({ url: `/api/charts/${item.chart}.json${query}` });
          if (reply.statusCode !== 200) throw new Error(`${item.chart} answered ${reply.statusCode}`);
        }),
      );
    const samples: number[] = [];
    const separate: number[] = [];
    for (let i = 0; i < runs; i++) {
      // A year and a bin: every chart's scope holds one of them, so every chart is asked anew.
      const selections: BoardSelection[] = [
        { chart: 'overall-structures', x: years[i % years.length]! },
        { chart: 'resolution', x: bins[i % bins.length]! },
      ];
      app.searchService.cache.drop(() => true);
      samples.push(await time(() => post(selections)));
      // The next bars along, so that the searches are new to the engine's own caches too.
      const next: BoardSelection[] = [
        { chart: 'overall-structures', x: years[(i + runs) % years.length]! },
        { chart: 'resolution', x: bins[(i + runs) % bins.length]! },
      ];
      app.searchService.cache.drop(() => true);
      separate.push(await time(() => separately(next)));
    }
    const summary = {
      entries,
      median: median(samples),
      p95: percentile(samples, 95),
      charts: DEFAULT_BOARD.length,
      separateMedian: median(separate),
    };
    printTable(
      ['interaction', 'median (ms)', 'p95 (ms)', 'runs'],
      [
        [`${summary.charts} charts, one batch, uncached`, ms(summary.median), ms(summary.p95), String(runs)],
        [
          `${summary.charts} charts, a request each (at once), uncached`,
          ms(summary.separateMedian),
          ms(percentile(separate, 95)),
          String(runs),
        ],
      ],
    );
    return summary;
  } finally {
    await app.close();
  }
}
