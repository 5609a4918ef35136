/**
 * A new snapshot served without a restart: the real server over a demo archive while a probe asks
 * for a cached chart and a cheap uncached search; a second archive of the same size is published at
 * the same folder (as a weekly import publishes it), and the server prepares it (its database file,
 * its charts' answers) beside the served one and switches. Figures: how long publishing and
 * preparing took, the probe's latencies and statuses over the whole time, the peak memory. Then the
 * way before it, for comparison: a restart over the new snapshot, its database file not built yet,
 * during which the service is down.
 */
import { realpath, rm } from 'node:fs/promises';
import { generateDemoArchive } from '@pdb-stats/demo';
import { startProbe, type ProbeReport } from '../packages/server/test/attacks/probe.ts';
import { removeArchive } from './archives.ts';
import { startServer } from './server-process.ts';
import { heading, ms, printTable, sleep } from './stats.ts';

export interface SwitchOptions {
  port: number;
  entries: number;
  /** The archive folder (a link to its versions beside it); removed before and after. */
  folder: string;
}

export interface SwitchSummary {
  publishMs: number;
  /** From the link replaced to the switch: database file built and chart answers computed. */
  prepareMs: number;
  /** From the switch until the old engine was released. */
  releaseMs: number;
  probe: ProbeReport;
  /** Probe requests not answered 200. */
  failed: number;
  rssBeforeBytes: number;
  /** A restart over a snapshot whose database file is not built: down until /health answers, then warming. */
  restartMs: number;
  restartWarmMs: number;
}

export async function benchSwitch(options: SwitchOptions): Promise<SwitchSummary> {
  heading(
    `a new snapshot served without a restart (${options.entries.toLocaleString('en-US')} entries, ARCHIVE_WATCH)`,
  );
  const clean = () => removeArchive(options.folder);
  await clean();
  const env = { ARCHIVE_DIR: options.folder, WEB_DIR: '/nonexistent' };
  try {
    await generateDemoArchive({ entries: options.entries, outDir: options.folder, seed: 1 });
    const server = await startServer({ port: options.port, env, timeoutMs: 600_000 });
    let summary: Omit<SwitchSummary, 'restartMs' | 'restartWarmMs'>;
    try {
      await server.warmed;
      const rssBeforeBytes = (await server.memory()).rss;
      const probe = await startProbe(server.url, { pid: server.child.pid!, intervalMs: 100 });
      const switched = server.waitFor(/"msg":"serving .* in place of /);
      const released = server.waitFor(/"msg":"released /);
      const started = performance.now();
      await generateDemoArchive({ entries: options.entries, outDir: options.folder, seed: 2 });
      const published = performance.now();
      const [switchedAt, releasedAt] = await Promise.all([switched, released]);
      await sleep(1000);
      const report = await probe.stop();
      const failed = [report.cachedChart, report.uncachedSearch].reduce(
        (sum, figures) =>
          sum +
          Object.entries(figures.statuses)
            .filter(([status]) => status !== '200')
            .reduce((n, [, count]) => n + count, 0),
        0,
      );
      summary = {
        publishMs: published - started,
        prepareMs: switchedAt - published,
        releaseMs: releasedAt - switchedAt,
        probe: report,
        failed,
        rssBeforeBytes,
      };
    } finally {
      await server.stop();
    }
    // The way before: a restart over the new snapshot, whose database file the start must build.
    const served = await realpath(options.folder);
    await rm(`${served}.duckdb`, { force: true });
    const restarted = await startServer({ port: options.port, env, timeoutMs: 600_000 });
    const restartWarmMs = await restarted.warmed;
    await restarted.stop();
    const result = { ...summary, restartMs: restarted.startMs, restartWarmMs };
    const { cachedChart, uncachedSearch } = result.probe;
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    printTable(
      ['figure', 'value'],
      [
        ['new snapshot written and published (demo generator)', `${(result.publishMs / 1000).toFixed(1)} s`],
        [
          'link replaced → switched (database built, chart answers computed)',
          `${(result.prepareMs / 1000).toFixed(1)} s`,
        ],
        ['switched → old engine released', `${ms(result.releaseMs)} ms`],
        [
          'probe, cached chart: requests, p50 / p99 / max',
          `${cachedChart.count}, ${ms(cachedChart.p50)} / ${ms(cachedChart.p99)} / ${ms(cachedChart.max)} ms`,
        ],
        [
          'probe, uncached search: requests, p50 / p99 / max',
          `${uncachedSearch.count}, ${ms(uncachedSearch.p50)} / ${ms(uncachedSearch.p99)} / ${ms(uncachedSearch.max)} ms`,
        ],
        ['probe requests not answered 200', String(result.failed)],
        [
          'RSS before → peak while switching',
          `${mib(result.rssBeforeBytes)} → ${mib(result.probe.peakRssBytes ?? 0)}`,
        ],
        [
          'before: a restart over the new snapshot, down until /health answers',
          `${(result.restartMs / 1000).toFixed(1)} s (then ${(result.restartWarmMs / 1000).toFixed(1)} s computing chart answers)`,
        ],
      ],
    );
    return result;
  } finally {
    await clean();
  }
}
