/**
 * Server rendering against client rendering, on one build and one archive, side by side: two
 * servers (SERVER_RENDERING on and off), navigations alternating between them, a new browser
 * context each. First contentful paint, first bar painted and the bar's delay after the first
 * contentful paint (each run's own, then the median), as `first-paint.ts` measures them.
 */
import { chromium } from 'playwright-core';
import { FRAME_MS, inFirstPaint, measure, untilRendered, type PaintRun } from './first-paint.ts';
import { startServer } from './server-process.ts';
import { heading, median, ms, printTable } from './stats.ts';

export interface RenderingOptions {
  archive: string;
  webDir: string;
  port: number;
  runs: number;
  routes: readonly string[];
}

export interface RenderingSummary {
  /** Per route and mode, the median first contentful paint, first bar painted and bar after FCP (ms). */
  medians: Record<
    string,
    Record<'rendered' | 'unrendered', { fcp: number; fcpPainted: number; bar: number; barAfterFcp: number }>
  >;
}

export async function benchServerRendering(options: RenderingOptions): Promise<RenderingSummary> {
  heading('web: server rendering vs client rendering (same build, alternating runs, cold cache)');
  const env = { ARCHIVE_DIR: options.archive, WEB_DIR: options.webDir, LOG_LEVEL: 'warn' };
  const servers = {
    rendered: await startServer({ port: options.port, env }),
    unrendered: await startServer({ port: options.port + 1, env: { ...env, SERVER_RENDERING: 'off' } }),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const medians: RenderingSummary['medians'] = {};
  const rows: string[][] = [];
  try {
    for (const route of options.routes) {
      const runs = { rendered: [] as PaintRun[], unrendered: [] as PaintRun[] };
      // One navigation each first: answers and rendered pages are computed once, then served.
      await untilRendered(browser, `${servers.rendered.url}${route}`);
      await measure(browser, `${servers.unrendered.url}${route}`);
      for (let i = 0; i < options.runs; i++) {
        for (const mode of ['rendered', 'unrendered'] as const)
          runs[mode].push(await measure(browser, `${servers[mode].url}${route}`));
      }
      const perMode = (mode: 'rendered' | 'unrendered') => ({
        fcp: median(runs[mode].map((r) => r.fcp)),
        fcpPainted: median(runs[mode].map((r) => r.fcpPainted)),
        bar: median(runs[mode].map((r) => r.painted)),
        barAfterFcp: median(runs[mode].map((r) => r.barAfterFcp)),
      });
      medians[route] = { rendered: perMode('rendered'), unrendered: perMode('unrendered') };
      for (const mode of ['rendered', 'unrendered'] as const) {
        const { fcp, fcpPainted, bar, barAfterFcp } = medians[route][mode];
        const drawn = runs[mode].filter((r) => r.rendered).length;
        rows.push([
          route,
          mode,
          ms(fcp),
          ms(fcpPainted),
          ms(bar),
          ms(barAfterFcp),
          ms(Math.max(...runs[mode].map((r) => r.barAfterFcp))),
          inFirstPaint(runs[mode]),
          `${drawn} of ${runs[mode].length}`,
        ]);
      }
    }
  } finally {
    await browser.close();
    await Promise.all([servers.rendered.stop(), servers.unrendered.stop()]);
  }
  printTable(
    [
      'route',
      'server',
      'FCP (presented)',
      'FCP (painted)',
      'first bar painted',
      'bar after FCP',
      'worst run',
      'bar in FCP',
      'page came drawn',
    ],
    rows,
  );
  console.log(
    `median of ${options.runs} runs each, ms since navigation start, runs alternating between the servers;\n` +
      `FCP presented: the paint entry's startTime (the frame shown); painted: its paintTime (the main\n` +
      `thread's paint of that frame); the first bar's paint is on the main thread's clock too;\n` +
      `bar after FCP: each run's first bar paint less its FCP's paint (0: the bar was in the first contentful\n` +
      `paint; within one frame: ≤ ${ms(FRAME_MS)} ms)\n`,
  );
  return { medians };
}
