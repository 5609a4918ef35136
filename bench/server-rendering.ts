/**
 * Server rendering against client rendering, on one build and one archive, side by side: two
 * servers (SERVER_RENDERING on and off), navigations alternating between them, a new browser
 * context each. First contentful paint and first bar painted, medians.
 */
import { chromium } from 'playwright-core';
import { measure, type PaintRun } from './first-paint.ts';
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
  /** Per route and mode, the median first contentful paint and first bar painted (ms). */
  medians: Record<string, Record<'rendered' | 'unrendered', { fcp: number; bar: number }>>;
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
      for (const mode of ['rendered', 'unrendered'] as const)
        await measure(browser, `${servers[mode].url}${route}`);
      for (let i = 0; i < options.runs; i++) {
        for (const mode of ['rendered', 'unrendered'] as const)
          runs[mode].push(await measure(browser, `${servers[mode].url}${route}`));
      }
      medians[route] = {
        rendered: {
          fcp: median(runs.rendered.map((r) => r.fcp)),
          bar: median(runs.rendered.map((r) => r.painted)),
        },
        unrendered: {
          fcp: median(runs.unrendered.map((r) => r.fcp)),
          bar: median(runs.unrendered.map((r) => r.painted)),
        },
      };
      for (const mode of ['rendered', 'unrendered'] as const) {
        const { fcp, bar } = medians[route][mode];
        rows.push([route, mode, ms(fcp), ms(bar), ms(bar - fcp)]);
      }
    }
  } finally {
    await browser.close();
    await Promise.all([servers.rendered.stop(), servers.unrendered.stop()]);
  }
  printTable(['route', 'server', 'first contentful paint', 'first bar painted', 'bar after FCP'], rows);
  console.log(
    `median of ${options.runs} runs each, ms since navigation start, runs alternating between the servers\n`,
  );
  return { medians };
}
